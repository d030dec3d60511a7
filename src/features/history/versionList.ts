import * as vscode from 'vscode';
import type { RootPath } from '../../core';
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
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
  readonly icon: vscode.ThemeIcon;
}

/** The memory file (or MEMORY.md) of a root that `uri` is, when the history can have one. */
export function historyFile(services: Services, uri: vscode.Uri | undefined): { root: MemoryRoot; path: RootPath } | undefined {
  const found = uri && services.roots.rootOf(uri);
  return found && found.root.isTracked(found.path) && services.history.keyOf(found.root) !== undefined ? found : undefined;
}

/** A file's recorded versions, newest first, each said as a person reads it. */
export async function versionRows(services: Services, root: MemoryRoot, path: RootPath): Promise<VersionRow[]> {
  const versions = await services.history.versions(root, path);
  return versions.map((version) => ({
    ref: { root: root.uri.toString(), path, hash: version.hash },
    version,
    label: labelOf(version),
    description: descriptionOf(version),
    tooltip: [labelOf(version), new Date(version.time).toLocaleString(vscode.env.language), descriptionOf(version), version.hash ? `sha256 ${version.hash.slice(0, 12)}…` : '']
      .filter((line) => line !== '').join('\n'),
    icon: new vscode.ThemeIcon(version.hash === '' ? 'trash' : version.author === 'agent' ? 'hubot' : version.author === 'person' ? 'person' : 'history'),
  }));
}

function labelOf(version: RecordedVersion): string {
  if (version.hash === '') return version.author === 'person' ? vscode.l10n.t('Deleted in VS Code') : version.author === 'agent' ? vscode.l10n.t('Deleted by an agent') : vscode.l10n.t('Found deleted');
  if (version.author === 'agent') return version.tool ? vscode.l10n.t('Written by Claude ({0})', version.tool) : vscode.l10n.t('Changed outside VS Code');
  if (version.author === 'person') {
    if (version.source === 'reject') return vscode.l10n.t('Restored by Reject (the version last approved)');
    return version.source === 'restore' ? vscode.l10n.t('Restored') : vscode.l10n.t('Saved in VS Code');
  }
  if (version.source === 'before-edit') return vscode.l10n.t('Kept before a Memory Shelf edit');
  return vscode.l10n.t('Version seen at load');
}

function descriptionOf(version: RecordedVersion): string {
  return version.sessionId ? vscode.l10n.t('session {0}', version.sessionId.length > 8 ? `${version.sessionId.slice(0, 8)}…` : version.sessionId) : '';
}
