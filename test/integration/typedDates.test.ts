import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EditorSession } from '../../src/features/editor/editorSession';
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
        assert.match(typed.message, new RegExp(`counted from ${day}, when you typed it`));
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

describe('a relative date typed in a memory whose frontmatter dates it months ago (issue #40, item 1)', () => {
  before(async () => {
    await activateExtension();
  });

  it('counts the typed words from today, on a new line and at the end of an old one, and every offered date says so', async () => {
    // metadata.modified says 2026-07-30: before this fix that date won over the typing.
    const uri = workspaceUri('memory', 'feedback_math_notation.md');
    const editor = await vscode.window.showTextDocument(uri);
    const old = editor.document.lineCount - 1;
    const oldText = editor.document.lineAt(old).text;
    try {
      const type = async (line: number, from: number, pieces: string[]): Promise<void> => {
        let at = from;
        for (const piece of pieces) {
          await editor.edit((edit) => edit.insert(new vscode.Position(line, at), piece));
          at += piece.length;
        }
      };
      await type(old, oldText.length, [' Ask', ' again', ' tomorrow.']);
      await type(old, oldText.length + ' Ask again tomorrow.'.length, ['\n']);
      await type(old + 1, 0, ['We meet ', 'next ', 'Friday.']);
      const now = new Date();
      const iso = (date: Date): string => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
      const relativeDates = (): vscode.Diagnostic[] => vscode.languages.getDiagnostics(uri).filter((diagnostic) => (diagnostic.code as { value?: string })?.value === 'relative-date' || diagnostic.code === 'relative-date');
      await eventually(() => {
        const dates = relativeDates();
        assert.deepEqual(dates.map((diagnostic) => diagnostic.range.start.line), [old, old + 1], dates.map((diagnostic) => diagnostic.message).join('\n'));
        for (const diagnostic of dates) assert.match(diagnostic.message, new RegExp(`counted from ${iso(now)}, when you typed it`), diagnostic.message);
      });
      const [onOld, onNew] = relativeDates();
      const titles = async (diagnostic: vscode.Diagnostic): Promise<string[]> => {
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range);
        return actions.filter((action) => action.kind?.value === 'quickfix' && /^(Replace|Add the)/.test(action.title) && action.title.includes(`"${editor.document.getText(diagnostic.range)}"`)).map((action) => action.title);
      };
      const oldTitles = await titles(onOld);
      assert.ok(oldTitles.some((title) => title.includes(`"on ${iso(tomorrow)}"`) && title.includes(`counted from ${iso(now)}, when you typed it`)), `offered: ${oldTitles.join('\n')}`);
      const newTitles = await titles(onNew);
      assert.ok(newTitles.length > 0, 'next Friday is offered a date');
      for (const title of newTitles) assert.match(title, new RegExp(`counted from ${iso(now)}, when you typed it`), title);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });
});

describe('a relative date typed into the form (issue #40, item 1)', () => {
  it('counts a description typed in the form and left from today, not from the frontmatter', async () => {
    const api = await activateExtension();
    // Its metadata.modified says 2026-07-30.
    const uri = workspaceUri('memory', 'user_profile.md');
    await vscode.commands.executeCommand('memoryShelf.openEditor', uri);
    let session: EditorSession | undefined;
    await eventually(() => {
      session = api.editors.sessionsFor(uri)[0];
      assert.ok(session, 'the form opened');
    });
    try {
      await session!.receive({ kind: 'ready' });
      await eventually(() => assert.ok(session!.state));
      const state = session!.state!;
      // Longer than any keystroke: the form sends the whole value when the field is left.
      const value = `${state.description} Revisit this next Friday with the viewer team.`;
      await session!.receive({ kind: 'setField', path: 'description', value, base: state.description, version: session!.document.version });
      const now = new Date();
      const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      await eventually(() => {
        const dates = vscode.languages.getDiagnostics(uri).filter((diagnostic) => (diagnostic.code as { value?: string })?.value === 'relative-date' || diagnostic.code === 'relative-date');
        assert.equal(dates.length, 1, `${session!.document.getText()}\n${vscode.languages.getDiagnostics(uri).map((diagnostic) => diagnostic.message).join('\n')}`);
        assert.match(dates[0].message, new RegExp(`counted from ${today}, when you typed it`), dates[0].message);
      });
    } finally {
      const document = session?.document;
      if (document?.isDirty) {
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
