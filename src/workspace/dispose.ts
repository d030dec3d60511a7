import type * as vscode from 'vscode';

/** Disposes every item, even when one of them throws; the first error is rethrown after the rest. */
export function disposeAll(disposables: Iterable<vscode.Disposable>): void {
  let first: unknown;
  for (const disposable of disposables) {
    try {
      disposable.dispose();
    } catch (error) {
      first ??= error;
    }
  }
  if (first !== undefined) throw first;
}

/**
 * What owns listeners, emitters and child objects: each is handed to `_register` once and disposed
 * with its owner, in reverse order, so nothing outlives the service or panel that made it. (The shape
 * of VS Code's markdown extension `util/dispose.ts`.)
 */
export abstract class Disposable implements vscode.Disposable {
  private disposed = false;
  private readonly owned: vscode.Disposable[] = [];

  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    disposeAll(this.owned.splice(0).reverse());
  }

  /** Owns `value`; registering after disposal disposes it at once, so a late listener cannot leak. */
  protected _register<T extends vscode.Disposable>(value: T): T {
    if (this.disposed) value.dispose();
    else this.owned.push(value);
    return value;
  }
}
