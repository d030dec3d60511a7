import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { buildSessionLoad } from '../../src/core/sessionLoad';
import { nodeReaderHost } from '../../src/reader';
import { nodeRootsHost } from '../../src/rootLocations/nodeRootsHost';
import { gatherSessionFiles } from '../../src/rootLocations/sessionFiles';
import { activateExtension, eventually, workspaceUri } from './helpers';

const encoder = new TextEncoder();

/** The totals row the preview shows for what loads at start, as `files|chars|lines|tokens`. */
function loadedRow(text: string): string | undefined {
  const row = /^\| Loaded at start \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$/m.exec(text);
  return row ? row.slice(1).join('|') : undefined;
}

async function expectedRow(folder: vscode.WorkspaceFolder): Promise<string> {
  const gathered = await gatherSessionFiles({ folder: folder.uri.fsPath, homeDir: os.homedir(), env: process.env, platform: process.platform, trusted: vscode.workspace.isTrusted }, nodeReaderHost, nodeRootsHost);
  const { totals } = buildSessionLoad(gathered.input);
  return [totals.files, totals.chars, totals.lines, totals.tokens].join('|');
}

describe('session preview document', () => {
  const claudeMd = workspaceUri('CLAUDE.md');
  const rule = workspaceUri('.claude', 'rules', 'tests.md');

  after(async () => {
    for (const uri of [claudeMd, rule]) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  it('opens with the totals Claude Code would load, and follows an edit of CLAUDE.md', async () => {
    await activateExtension();
    await vscode.workspace.fs.writeFile(claudeMd, encoder.encode('# Lab project\n\nRun the unit tests before you say done. @docs/missing.md\n'));
    await vscode.workspace.fs.writeFile(rule, encoder.encode('---\npaths:\n  - "test/**"\n---\nKeep fixtures small.\n'));
    const folder = vscode.workspace.workspaceFolders![0];
    const uri = (await vscode.commands.executeCommand<vscode.Uri>('memoryShelf.sessionPreview'))!;
    const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString())!;
    assert.equal(document.languageId, 'markdown');
    const text = document.getText();
    assert.equal(loadedRow(text), await expectedRow(folder));
    assert.match(text, /Project CLAUDE\.md: \[.*CLAUDE\.md\]\(file:\/\/.*CLAUDE\.md\)\n\s+\*loaded · 71 characters · 3 lines · ~18 tokens\*/);
    assert.match(text, /- Import: \[.*missing\.md\]\(file:.*\)\n\s+\*not loaded: no such file\*/);
    // One line is "1 line", not "1 lines" (issue #40).
    assert.match(text, /Project rule: .*tests\.md.*\n\s+\*loaded only when Claude reads a file matching test\/\*\* · 20 characters · 1 line · ~5 tokens\*/);
    assert.match(text, /^\| Rules loaded only when a matching file is read \| 1 \| 20 \| 1 \| 5 \|$/m);

    await vscode.workspace.fs.writeFile(claudeMd, encoder.encode('# Lab project\n\nRun the unit tests.\n'));
    await eventually(async () => {
      const now = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString())!.getText();
      assert.match(now, /\*loaded · 34 characters · 3 lines · ~9 tokens\*/);
      assert.equal(loadedRow(now), await expectedRow(folder));
    });
  });
});
