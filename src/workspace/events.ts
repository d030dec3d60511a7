import * as vscode from 'vscode';

/** One event firing whenever any of `events` fires: for a view that redraws on either. */
export function anyOf<T>(...events: readonly vscode.Event<T>[]): vscode.Event<T> {
  return (listener, thisArg, disposables) => {
    const subscription = vscode.Disposable.from(...events.map((event) => event(listener, thisArg)));
    disposables?.push(subscription);
    return subscription;
  };
}
