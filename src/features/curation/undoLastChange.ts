import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { Services } from '../../workspace/services';

/**
 * `memoryShelf.undoLastChange`: undoes the newest change a Memory Shelf command made, from its own
 * record, whatever editor or view has the focus (Ctrl+Z undoes whatever that editor last did).
 * Resolves to how it went.
 */
export function registerUndoLastChange(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.undoLastChange, () => services.edits.journal.undoLast());
}
