import * as vscode from 'vscode';
import type { TypeSet } from '../../core';
import type { OwnFileMoves } from '../fileEdits';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';
import { registerBacklinksView, type BacklinksProvider } from './backlinksView';
import { registerCompletion } from './completion';
import { registerCreateStub } from './createStub';
import { registerHover } from './hover';
import { registerNavigation } from './navigation';
import { registerReferences } from './references';
import { registerRename } from './rename';

/** Every `[[link]]` feature; the Backlinks provider is returned too, for tests to read the view. */
export function registerLinks(workspace: MemoryWorkspace, typeSet: () => TypeSet, ownMoves: OwnFileMoves): { backlinks: BacklinksProvider; disposable: vscode.Disposable } {
  const backlinks = registerBacklinksView(workspace, typeSet);
  return {
    backlinks: backlinks.provider,
    disposable: vscode.Disposable.from(
      registerCreateStub(workspace, typeSet),
      registerNavigation(workspace),
      registerCompletion(workspace),
      registerHover(workspace),
      registerRename(workspace, ownMoves),
      registerReferences(workspace),
      backlinks.disposable,
    ),
  };
}
