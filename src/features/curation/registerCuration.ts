import * as vscode from 'vscode';
import type { Services } from '../../workspace/services';
import { registerDeleteMemories } from './deleteMemories';
import { registerDeleteParticipant } from './deleteParticipant';
import { registerMergeMemories } from './mergeMemories';

/** Deleting and merging memories: the people's side of keeping memory right. */
export function registerCuration(services: Services): vscode.Disposable {
  return vscode.Disposable.from(registerDeleteMemories(services), registerMergeMemories(services), registerDeleteParticipant(services));
}
