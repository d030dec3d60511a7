import * as vscode from 'vscode';
import { contentHash } from '../../core';

/**
 * The last approved text of memories, one file per content hash under the extension's storage folder,
 * so "Show changes" can diff against it. Named by hash: the same text approved twice is one file.
 */
export class ApprovedCopies {
  constructor(private readonly folder: vscode.Uri | undefined) {}

  uriOf(hash: string): vscode.Uri | undefined {
    return this.folder && vscode.Uri.joinPath(this.folder, 'approved', `${hash}.md`);
  }

  async keep(text: string): Promise<void> {
    const uri = this.uriOf(contentHash(text));
    if (!uri) return;
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    }
  }

  async has(hash: string): Promise<boolean> {
    const uri = this.uriOf(hash);
    if (!uri) return false;
    try {
      await vscode.workspace.fs.stat(uri);
      return true;
    } catch {
      return false;
    }
  }
}
