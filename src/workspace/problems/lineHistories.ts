import * as vscode from 'vscode';
import type { LineHistory } from '../../core';
import { Disposable } from '../dispose';
import { gitExtensionLineHistory } from './gitExtensionHistory';

/**
 * What version history says about each line of the files the relative-date rule asks about. Core's
 * rules are synchronous and git answers later, so the first question of a file starts `git blame`
 * and answers "not known yet"; when the answer comes, {@link onDidLearn} tells the problems service
 * to check that file again. A file that changes is forgotten and asked about afresh.
 */
export class LineHistories extends Disposable {
  private readonly known = new Map<string, LineHistory | undefined>();
  /** Files being asked about, each with a token, so an answer for a file forgotten meanwhile is dropped. */
  private readonly asking = new Map<string, object>();
  private readonly learnEmitter = this._register(new vscode.EventEmitter<vscode.Uri>());
  /** Fires with a file whose history just became known. */
  readonly onDidLearn = this.learnEmitter.event;

  constructor(private readonly ask: (uri: vscode.Uri) => Promise<LineHistory | undefined> = gitExtensionLineHistory) {
    super();
  }

  /** The history of `uri` when known; otherwise undefined, and the question is asked once. */
  historyOf(uri: vscode.Uri): LineHistory | undefined {
    const key = uri.toString();
    if (this.known.has(key)) return this.known.get(key);
    if (this.asking.has(key) || this.isDisposed) return undefined;
    const token = {};
    this.asking.set(key, token);
    void this.ask(uri).catch(() => undefined).then((history) => {
      if (this.asking.get(key) !== token || this.isDisposed) return;
      this.asking.delete(key);
      this.known.set(key, history);
      // No history changes nothing the rule found without it.
      if (history && history.length > 0) this.learnEmitter.fire(uri);
    });
    return undefined;
  }

  /** Drops what is known of `uri`: it changed, so its lines may have moved or been committed since. */
  forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.known.delete(key);
    this.asking.delete(key);
  }
}
