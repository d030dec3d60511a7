import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { Services } from '../../workspace/services';
import { historyFile, versionRows, type VersionRef } from './versionList';

/** The Timeline source id: the view's filter lists it by the label below. */
export const TIMELINE_SOURCE = 'memoryShelf.history';

/** A Timeline row as VS Code reads it, carrying the version it stands for (commands get the row back). */
export interface TimelineItemLike {
  readonly id: string;
  readonly label: string;
  readonly timestamp: number;
  readonly description?: string;
  readonly tooltip?: string;
  readonly iconPath?: vscode.ThemeIcon;
  readonly command?: vscode.Command;
  readonly contextValue?: string;
  readonly memoryShelfVersion: VersionRef;
}

/** The provider's own shape: both the finalized API's (1.145+) and the earlier proposal's fields. */
export interface MemoryTimelineProvider {
  readonly id: string;
  readonly label: string;
  readonly onDidChange: vscode.Event<{ readonly uri: vscode.Uri | undefined; readonly reset: boolean } | undefined>;
  readonly onDidChangeTimeline: vscode.Event<vscode.Uri | undefined>;
  provideTimeline(uri: vscode.Uri, options: unknown, token: vscode.CancellationToken): Promise<{ readonly items: TimelineItemLike[] }>;
}

/** Memory files as the Timeline view names them: on this machine, or through a remote window (code-server, SSH), as Git's provider lists. */
const SCHEMES = ['file', 'vscode-remote'];

/** The first VS Code whose Timeline API is final (no `enabledApiProposals`): `registerTimelineProvider(id, label, scheme, provider)`. */
const FINAL_TIMELINE_VERSION = [1, 145];

/** A memory's versions for VS Code's Timeline view. */
export function timelineProvider(services: Services): MemoryTimelineProvider & vscode.Disposable {
  const changed = new vscode.EventEmitter<{ readonly uri: vscode.Uri | undefined; readonly reset: boolean } | undefined>();
  const changedFinal = new vscode.EventEmitter<vscode.Uri | undefined>();
  const listener = services.history.onDidChange(() => {
    changed.fire({ uri: undefined, reset: true });
    changedFinal.fire(undefined);
  });
  return {
    id: TIMELINE_SOURCE,
    label: vscode.l10n.t('Memory Shelf History'),
    onDidChange: changed.event,
    onDidChangeTimeline: changedFinal.event,
    async provideTimeline(uri) {
      const found = historyFile(services, uri);
      if (!found || !services.history.enabled) return { items: [] };
      const rows = await versionRows(services, found.root, found.path);
      return {
        items: rows.map((row, i) => ({
          id: `${row.version.time}:${row.version.hash || 'deleted'}:${i}`,
          label: row.label,
          timestamp: row.version.time,
          description: row.description,
          tooltip: row.tooltip,
          iconPath: row.icon,
          contextValue: row.version.hash ? 'memoryShelf.version' : 'memoryShelf.deletion',
          ...(row.version.hash ? { command: { command: Commands.historyOpenVersion, title: vscode.l10n.t('Compare with Now'), arguments: [row.ref] } } : {}),
          memoryShelfVersion: row.ref,
        })),
      };
    },
    dispose() {
      listener.dispose();
      changed.dispose();
      changedFinal.dispose();
    },
  };
}

/**
 * Adds the provider to the Timeline view where this VS Code allows it: the finalized API from 1.145, the
 * `timeline` proposal before that (only for an extension allowed proposals: a development host, or
 * `--enable-proposed-api`). Elsewhere the history is still there through Show History; the log says why.
 */
export function registerTimeline(services: Services): vscode.Disposable {
  const provider = timelineProvider(services);
  const workspace = vscode.workspace as unknown as { registerTimelineProvider?: (...args: unknown[]) => vscode.Disposable };
  let registration: vscode.Disposable | undefined;
  try {
    if (typeof workspace.registerTimelineProvider === 'function') {
      registration = isFinal(vscode.version)
        ? workspace.registerTimelineProvider(provider.id, provider.label, SCHEMES, provider)
        : workspace.registerTimelineProvider(SCHEMES, provider);
    }
  } catch (error) {
    services.log.info(`The Timeline view is not open to extensions in VS Code ${vscode.version}; memory history is shown by "Show History" (${error instanceof Error ? error.message : String(error)})`);
  }
  return vscode.Disposable.from(provider, ...(registration ? [registration] : []));
}

export function isFinal(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return major > FINAL_TIMELINE_VERSION[0] || (major === FINAL_TIMELINE_VERSION[0] && minor >= FINAL_TIMELINE_VERSION[1]);
}
