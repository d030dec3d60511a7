import * as vscode from 'vscode';
import type { RootPath } from '../../core';
import { linesChanged } from '../../core/history/linesChanged';
import type { RecordedVersion } from '../../workspace/history/historyPort';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';

/** Where a listed version lives: enough for a command to diff or restore it. */
export interface VersionRef {
  readonly root: string;
  readonly path: RootPath;
  readonly hash: string;
}

/** One row of a memory's history, as the Timeline and the Show History list show it. */
export interface VersionRow {
  readonly ref: VersionRef;
  readonly version: RecordedVersion;
  /** Who changed it and how much: "Claude (agent) · 3 lines changed". */
  readonly label: string;
  /** What else is known of the change: its session and tool. */
  readonly description: string;
  readonly tooltip: string;
  readonly icon: vscode.ThemeIcon;
}

/** The memory file (or MEMORY.md) of a root that `uri` is, when the history can have one. */
export function historyFile(services: Services, uri: vscode.Uri | undefined): { root: MemoryRoot; path: RootPath } | undefined {
  const found = uri && services.roots.rootOf(uri);
  return found && found.root.isTracked(found.path) && services.history.keyOf(found.root) !== undefined ? found : undefined;
}

const decoder = new TextDecoder('utf-8');

/** A file's recorded versions, newest first, each said as a person reads it: who changed it, and how many lines. */
export async function versionRows(services: Services, root: MemoryRoot, path: RootPath): Promise<VersionRow[]> {
  const versions = await services.history.versions(root, path);
  const texts = new Map<string, Promise<string | undefined>>();
  const text = (hash: string): Promise<string | undefined> => {
    let found = texts.get(hash);
    if (!found) texts.set(hash, (found = services.history.blob(root, hash).then((bytes) => bytes && decoder.decode(bytes))));
    return found;
  };
  return Promise.all(versions.map(async (version, i) => {
    const what = await changeOf(version, versions[i + 1], text);
    const label = [whoOf(version), what].filter(Boolean).join(' · ');
    const description = descriptionOf(version);
    return {
      ref: { root: root.uri.toString(), path, hash: version.hash },
      version,
      label,
      description,
      // The hash last, for matching a version with `memory-shelf review`'s; the row itself says what changed.
      tooltip: [label, new Date(version.time).toLocaleString(vscode.env.language), description, version.hash ? `sha256 ${version.hash.slice(0, 12)}…` : '']
        .filter((line) => line !== '').join('\n'),
      icon: new vscode.ThemeIcon(version.hash === '' ? 'trash' : version.author === 'agent' ? 'hubot' : version.author === 'person' ? 'person' : 'history'),
    };
  }));
}

/** Who made the version, as far as the history knows: an agent only with the hook's word for it. */
function whoOf(version: RecordedVersion): string {
  if (version.hash === '') return version.author === 'person' ? vscode.l10n.t('Deleted in VS Code') : version.author === 'agent' ? vscode.l10n.t('Deleted by an agent') : vscode.l10n.t('Found deleted');
  if (version.author === 'agent') return version.tool || version.sessionId ? vscode.l10n.t('Claude (agent)') : vscode.l10n.t('Changed outside VS Code');
  if (version.author === 'person') {
    if (version.source === 'reject') return vscode.l10n.t('Restored by Reject (the version last approved)');
    return version.source === 'restore' ? vscode.l10n.t('Restored') : vscode.l10n.t('You, in VS Code');
  }
  if (version.source === 'before-edit') return vscode.l10n.t('Kept before a Memory Shelf edit');
  if (version.source === 'hook-pre') return vscode.l10n.t('Seen before an agent\'s edit');
  return vscode.l10n.t('Version seen at load');
}

/**
 * How much the version changed from the one before it. Nothing is said where that is not known (the
 * older version pruned) or not a change (the first version seen at load).
 */
async function changeOf(version: RecordedVersion, before: RecordedVersion | undefined, text: (hash: string) => Promise<string | undefined>): Promise<string> {
  if (version.hash === '') return '';
  const now = await text(version.hash);
  if (now === undefined) return '';
  if (!before || before.hash === '') {
    if (!before && version.author === 'unknown') return '';
    const lines = linesChanged('', now);
    return lines === 1 ? vscode.l10n.t('new file, 1 line') : vscode.l10n.t('new file, {0} lines', lines);
  }
  const then = await text(before.hash);
  if (then === undefined) return '';
  const lines = linesChanged(then, now);
  if (lines === 0) return vscode.l10n.t('no line changed (only line ends or a BOM)');
  return lines === 1 ? vscode.l10n.t('1 line changed') : vscode.l10n.t('{0} lines changed', lines);
}

function descriptionOf(version: RecordedVersion): string {
  const session = version.sessionId && vscode.l10n.t('session {0}', version.sessionId.length > 8 ? `${version.sessionId.slice(0, 8)}…` : version.sessionId);
  return [session, version.tool].filter(Boolean).join(' · ');
}
