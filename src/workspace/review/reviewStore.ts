import type * as vscode from 'vscode';

/** What a person approved in one root: memory path -> content hash. `mode` says how the root was first seen. */
export interface RootReviewRecord {
  readonly mode: 'from-now' | 'everything';
  readonly approved: Readonly<Record<string, string>>;
}

/**
 * Where approvals live: the extension's storage, never the files. Workspace roots go to the
 * workspace's memento; Claude Code's auto memory folder (outside the workspace, shared by every
 * window on the machine) goes to the global one, keyed by the root's URI either way.
 */
export interface ReviewMementos {
  readonly workspace: vscode.Memento;
  readonly global: vscode.Memento;
}

const KEY_PREFIX = 'memoryShelf.review:';

export class ReviewStore {
  constructor(private readonly mementos: ReviewMementos) {}

  read(rootUri: string, global: boolean): RootReviewRecord | undefined {
    return this.memento(global).get<RootReviewRecord>(KEY_PREFIX + rootUri);
  }

  async write(rootUri: string, global: boolean, record: RootReviewRecord): Promise<void> {
    await this.memento(global).update(KEY_PREFIX + rootUri, record);
  }

  private memento(global: boolean): vscode.Memento {
    return global ? this.mementos.global : this.mementos.workspace;
  }
}
