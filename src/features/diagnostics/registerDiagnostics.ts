import type * as vscode from 'vscode';
import type { Services } from '../../workspace/services';
import { registerCodeActions } from './codeActions';

/** Quick fixes for the diagnostics the problems service publishes for every memory of every root. */
export function registerDiagnostics(services: Services): vscode.Disposable {
  return registerCodeActions(services);
}
