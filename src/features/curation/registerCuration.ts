import * as vscode from 'vscode';
import type { Services } from '../../workspace/services';
import { registerDeleteMemories } from './deleteMemories';
import { registerDeleteParticipant } from './deleteParticipant';
import { registerImportIndex } from './importIndex';
import { registerMergeMemories } from './mergeMemories';
import { registerPromoteToProject } from './promoteToProject';
import { registerPromoteToRule } from './promoteToRule';
import { registerUndoLastChange } from './undoLastChange';

/** Deleting, merging and promoting memories: the people's side of keeping memory right. */
export function registerCuration(services: Services): vscode.Disposable {
  return vscode.Disposable.from(registerDeleteMemories(services), registerMergeMemories(services), registerDeleteParticipant(services),
    registerPromoteToProject(services), registerPromoteToRule(services), registerUndoLastChange(services), registerImportIndex(services));
}
