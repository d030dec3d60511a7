import * as vscode from 'vscode';
import { relativeDate, secret, type TypeSet } from '../../core';
import type { OwnFileMoves } from '../fileEdits';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';
import { registerCodeActions } from './codeActions';
import { ProblemsService } from './problemsService';

/** Diagnostics for every memory of every root, and their quick fixes. */
export function registerDiagnostics(workspace: MemoryWorkspace, typeSet: () => TypeSet, ownMoves: OwnFileMoves): { service: ProblemsService; disposable: vscode.Disposable } {
  const service = new ProblemsService(workspace, { typeSet, textRules: [relativeDate, secret] });
  return { service, disposable: vscode.Disposable.from(service, registerCodeActions(service, ownMoves)) };
}
