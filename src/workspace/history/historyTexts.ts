import * as vscode from 'vscode';
import type { RootPath } from '../../core';
import { MAX_MEMORY_BYTES } from '../boundedRead';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryRoots } from '../roots/memoryRoots';
import type { MemoryHistory } from './memoryHistory';

export const HISTORY_SCHEME = 'memory-shelf-history';

const decoder = new TextDecoder('utf-8');

/**
 * Read-only documents of recorded versions, for diffs against the file now. A URI names the root,
 * the file (its path ends in the file's name, so a diff's title names it) and the version's hash;
 * nothing but the history is read, and nothing past the memory size cap.
 */
export class HistoryTexts implements vscode.Disposable {
  private readonly registration: vscode.Disposable;

  constructor(private readonly roots: MemoryRoots, private readonly history: MemoryHistory) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(HISTORY_SCHEME, {
      provideTextDocumentContent: (uri) => this.text(uri),
    });
  }

  /** The URI of the version `hash` of `path` in `root`. */
  uriOf(root: MemoryRoot, path: RootPath, hash: string): vscode.Uri {
    return vscode.Uri.from({ scheme: HISTORY_SCHEME, path: root.uriOf(path).path, query: new URLSearchParams({ root: root.uri.toString(), path, hash }).toString() });
  }

  /** The version a URI of {@link uriOf} names, for a command run on its editor (Restore on the diff). */
  versionOf(uri: vscode.Uri): { readonly root: string; readonly path: RootPath; readonly hash: string } | undefined {
    if (uri.scheme !== HISTORY_SCHEME) return undefined;
    const query = new URLSearchParams(uri.query);
    const root = query.get('root');
    const path = query.get('path');
    const hash = query.get('hash');
    return root && path && hash ? { root, path, hash } : undefined;
  }

  private async text(uri: vscode.Uri): Promise<string> {
    const query = new URLSearchParams(uri.query);
    const root = this.roots.rootAt(vscode.Uri.parse(query.get('root') ?? ''));
    const bytes = root && (await this.history.blob(root, query.get('hash') ?? ''));
    if (!bytes) return vscode.l10n.t('(This version is no longer kept in the history.)');
    if (bytes.byteLength > MAX_MEMORY_BYTES) return vscode.l10n.t('(This version is too large to show.)');
    return decoder.decode(bytes);
  }

  dispose(): void {
    this.registration.dispose();
  }
}
