import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, eventually, workspaceUri } from './helpers';

describe('a relative date typed in the editor', () => {
  before(async () => {
    await activateExtension();
  });

  it('counts from the day it was typed, not as a guess from the file time; an old line touched today keeps the guess', async () => {
    const uri = workspaceUri('memory', 'reference_lab_drive.md');
    const editor = await vscode.window.showTextDocument(uri);
    const end = editor.document.lineCount - 1;
    try {
      // An old line (no date) that the person only touches, then a new line typed a few characters at a time.
      await editor.edit((edit) => edit.insert(new vscode.Position(end, 0), 'We backed up the share yesterday.\n'), { undoStopBefore: true, undoStopAfter: true });
      await editor.edit((edit) => edit.insert(new vscode.Position(end, 'We backed up the share yesterday'.length), ' again'));
      await editor.edit((edit) => edit.insert(new vscode.Position(end + 1, 0), '\n'));
      let at = 0;
      for (const piece of ['We move ', 'the share ', 'tomorrow.']) {
        await editor.edit((edit) => edit.insert(new vscode.Position(end + 1, at), piece));
        at += piece.length;
      }
      const today = new Date();
      const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      await eventually(() => {
        const dates = vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.code === 'relative-date' || (diagnostic.code as { value?: string })?.value === 'relative-date');
        const typed = dates.find((diagnostic) => diagnostic.range.start.line === end + 1);
        assert.ok(typed, dates.map((diagnostic) => diagnostic.message).join('\n'));
        assert.match(typed.message, new RegExp(`counted from ${day}, the day this line was typed`));
        assert.doesNotMatch(typed.message, /guess/);
        const touched = dates.find((diagnostic) => diagnostic.range.start.line === end);
        assert.match(touched?.message ?? '', /guess/, `a line that held text before is not taken for typed: ${dates.map((diagnostic) => `${diagnostic.range.start.line} ${diagnostic.message}`).join('\n')}`);
      });
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });
});
