import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { targetRoot, type CommandTarget } from '../../workspace/commandTargets';
import { addImport, missingImport } from '../../workspace/roots/claudeImport';
import type { Services } from '../../workspace/services';

/**
 * `memoryShelf.importIndex`: the next step for a project memory folder Claude Code does not load, offered
 * on its row: adds `@<folder>/MEMORY.md` to CLAUDE.md (created when missing) as one undoable edit, the
 * same import Promote to Project Memory offers. Resolves to whether CLAUDE.md now imports the index.
 */
export function registerImportIndex(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.importIndex, async (target?: CommandTarget) => {
    const root = targetRoot(services, target);
    if (!root) return false;
    const missing = await missingImport(root);
    if (!missing) {
      void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" is already loaded by Claude Code, or lies outside the workspace folder where no CLAUDE.md could import it.', root.info.label));
      return false;
    }
    // Said with Undo, as the row's tooltip promises.
    const announce = vscode.l10n.t('Added @{0} to CLAUDE.md: Claude Code reads the index of "{1}" at session start.', missing.ref, root.info.label);
    if (!(await addImport(services, missing, { announce }))) return false;
    // The root's label says whether Claude Code loads it: read the CLAUDE.md files again so it agrees.
    await services.roots.reload();
    return true;
  });
}
