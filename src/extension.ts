import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(new vscode.Disposable(() => undefined));
}

export function deactivate(): void {}
