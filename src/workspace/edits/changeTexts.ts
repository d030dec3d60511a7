import * as vscode from 'vscode';

const SCHEME = 'memory-shelf-text';
const KEPT_TEXTS = 200;

/**
 * Read-only documents holding texts that are not on disk (a file as it was before a change, or as a
 * planned change would leave it), for diffs. Each text gets a URI of its own ending in the file's name,
 * so a diff's title names the file.
 */
export class ChangeTexts implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private next = 1;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
    provideTextDocumentContent: (uri) => this.texts.get(uri.query) ?? '',
  });

  /** A URI whose document holds `text`, named like `file`. */
  put(file: vscode.Uri, text: string): vscode.Uri {
    const key = String(this.next++);
    this.texts.set(key, text);
    if (this.texts.size > KEPT_TEXTS) this.texts.delete(this.texts.keys().next().value as string);
    return vscode.Uri.from({ scheme: SCHEME, path: file.path, query: key });
  }

  dispose(): void {
    this.registration.dispose();
  }
}
