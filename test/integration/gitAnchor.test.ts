import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { utimesSync } from 'node:fs';
import * as vscode from 'vscode';
import { activateExtension, eventually, workspaceUri, codeOf } from './helpers';

const encoder = new TextEncoder();
// A repository of this suite's own inside the workspace, created at run time.
const repository = (): vscode.Uri => workspaceUri('git-suite');
const folder = (): vscode.Uri => vscode.Uri.joinPath(repository(), 'memory');
const memory = (): vscode.Uri => vscode.Uri.joinPath(folder(), 'project_release-freeze.md');
const TEXT = '---\nname: release-freeze\ndescription: Merges stop before the release\ntype: project\n---\n\nThe freeze starts tomorrow at 09:00.\n';
const INDEX = '# Memory\n\n- [Release freeze](project_release-freeze.md) — merges stop before the release\n';
// Committed in March, in the author's own zone; the file on disk is as new as the checkout.
const WRITTEN = '2026-03-25T18:00:00+09:00';

function git(...args: string[]): void {
  execFileSync('git', args, {
    cwd: repository().fsPath,
    env: { ...process.env, GIT_AUTHOR_DATE: WRITTEN, GIT_COMMITTER_DATE: WRITTEN, GIT_AUTHOR_NAME: 'Ada', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada', GIT_COMMITTER_EMAIL: 'ada@example.com' },
    stdio: 'ignore',
  });
}

describe('Relative dates counted from the version history, through VS Code\'s git extension', () => {
  before(async () => {
    await vscode.workspace.fs.writeFile(memory(), encoder.encode(TEXT));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder(), 'MEMORY.md'), encoder.encode(INDEX));
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'Remember the release freeze');
    const now = new Date();
    utimesSync(memory().fsPath, now, now);
    await vscode.commands.executeCommand('git.openRepository', repository().fsPath);
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen first.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const api = await activateExtension();
    await api.roots.ready;
  });

  after(async () => {
    await vscode.commands.executeCommand('git.close', repository()).then(undefined, () => undefined);
    await vscode.workspace.fs.delete(repository(), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('dates "tomorrow" from the day git records the line was written, not from the file time, and offers it as a sure fix', async () => {
    await eventually(() => {
      const [diagnostic] = vscode.languages.getDiagnostics(memory()).filter((candidate) => codeOf(candidate) === 'relative-date');
      assert.ok(diagnostic, 'the relative date is reported');
      assert.match(diagnostic.message, /on 2026-03-26.*counted from 2026-03-25, when git records this line was written/);
    }, 15_000);
    const document = await vscode.workspace.openTextDocument(memory());
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', memory(), new vscode.Range(6, 22, 6, 22));
    const fix = actions.find((action) => action.title.includes('2026-03-26'));
    assert.ok(fix, `a fix writes the day: ${actions.map((action) => action.title).join(' | ')}`);
    assert.ok(!/guess/i.test(fix.title), 'not shown as a guess');
    assert.ok(fix.command);
    assert.equal(await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments ?? [])), true);
    assert.equal(document.getText(), TEXT.replace('tomorrow', 'on 2026-03-26'));
    // Left unsaved, the fixed text would be written back by a later suite's Save All, after this folder is gone.
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.equal(document.isDirty, false);
  });
});
