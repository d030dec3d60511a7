import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { buildSessionLoad } from '../../src/core/sessionLoad';
import { nodeReaderHost } from '../../src/reader';
import { nodeRootsHost } from '../../src/rootLocations/nodeRootsHost';
import { gatherSessionFiles } from '../../src/rootLocations/sessionFiles';
import type { SessionPreviewPanel } from '../../src/features/sessionPreview/previewPanel';
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
    const uri = (await vscode.commands.executeCommand<vscode.Uri>('memoryShelf.sessionPreviewMarkdown'))!;
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

/** Where Claude Code keeps this workspace's auto memory (DESIGN.md section 1). */
function autoMemoryFolder(): vscode.Uri {
  const configDir = process.env.CLAUDE_CONFIG_DIR ?? path.join(os.homedir(), '.claude');
  return vscode.Uri.file(path.join(configDir, 'projects', workspaceUri().fsPath.replace(/[^a-zA-Z0-9]/g, '-'), 'memory'));
}

describe('session preview panel (issue #40, item 8)', () => {
  const claudeMd = workspaceUri('CLAUDE.md');
  const auto = autoMemoryFolder();
  const index = vscode.Uri.joinPath(auto, 'MEMORY.md');

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(claudeMd).then(undefined, () => undefined);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(auto, '..'), { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('lists each file in load order with its sizes, marks the cut, offers to load memory/, and opens a file at its cut', async () => {
    await activateExtension();
    await vscode.workspace.fs.writeFile(claudeMd, encoder.encode('# Lab project\n\nRun the unit tests.\n'));
    const lines = Array.from({ length: 205 }, (_, i) => `- [Note ${i + 1}](note_${i + 1}.md) — lab note ${i + 1}`);
    await vscode.workspace.fs.writeFile(index, encoder.encode(lines.join('\n') + '\n'));
    // An earlier suite (Promote) leaves VS Code holding this index's old text, which it does not always read
    // again from disk by itself (seen for 8 s): an editor on it, reverted, reads the disk now.
    await vscode.window.showTextDocument(index, { preview: true });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await eventually(async () => assert.equal((await vscode.workspace.openTextDocument(index)).lineCount, 206));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('memoryShelf.refresh');
    const panel = (await vscode.commands.executeCommand<SessionPreviewPanel>('memoryShelf.sessionPreview'))!;
    const view = (await panel.settled())!;
    assert.ok(view, 'the panel shows a view');
    const loaded = view.parts.filter((part) => part.number !== undefined);
    const project = loaded.find((part) => part.path === claudeMd.fsPath)!;
    const autoIndex = loaded.find((part) => part.path === index.fsPath)!;
    assert.ok(project && autoIndex, view.parts.map((part) => part.path).join(', '));
    // Load order: CLAUDE.md before the auto memory index, numbered as they reach the context.
    assert.ok(project.number! < autoIndex.number!);
    assert.equal(project.file, 'CLAUDE.md');
    assert.equal(project.kind, 'Project CLAUDE.md');
    assert.equal(project.status, 'loaded · 34 characters · 3 lines · ~9 tokens');
    assert.equal(autoIndex.file, 'MEMORY.md');
    assert.match(autoIndex.status, /^loaded · [\d]+ characters · 20\d lines/);
    // The cut: its own block, the lines past 200 as cut, never mixed into the text that loads.
    assert.ok(autoIndex.cut, 'the index shows its cut');
    assert.match(autoIndex.cut!.heading, /^Cut at the 200-line limit, not seen by Claude \(\d+ characters, 5 lines\):$/);
    assert.equal(autoIndex.cut!.text.split('\n')[0], lines[200]);
    assert.doesNotMatch(autoIndex.text ?? '', /lab note 205/);
    assert.deepEqual(view.totals.find((row) => row.tone === 'cut') && { files: view.totals.find((row) => row.tone === 'cut')!.files, lines: view.totals.find((row) => row.tone === 'cut')!.lines }, { files: 1, lines: 5 });
    // The fixture's memory/ is imported by no CLAUDE.md: the panel says so and offers the import.
    const memoryFolder = view.notLoaded.find((folder) => folder.root === workspaceUri('memory').toString());
    assert.match(memoryFolder?.text ?? '', /^The memory folder memory\/ is not in this list: no CLAUDE\.md imports its MEMORY\.md/, view.notLoaded.map((folder) => folder.text).join('\n'));
    assert.equal(memoryFolder?.action, 'Load in Claude Code (add the import to CLAUDE.md)');

    // A click on "Open at the cut" opens the index at its first line not loaded.
    await panel.receive({ kind: 'open', path: autoIndex.path, atCut: true });
    await eventually(() => {
      const editor = vscode.window.activeTextEditor;
      assert.equal(editor?.document.uri.fsPath, index.fsPath);
      assert.equal(editor?.selection.active.line, 200);
    });
    // A path the view does not list is not opened.
    await panel.receive({ kind: 'open', path: workspaceUri('memory', 'MEMORY.md').fsPath });
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, index.fsPath);
  });

  it('says when nothing loads that memory/ exists, and loads it through Load in Claude Code', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(claudeMd).then(undefined, () => undefined);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(auto, '..'), { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand('memoryShelf.refresh');
    const panel = (await vscode.commands.executeCommand<SessionPreviewPanel>('memoryShelf.sessionPreview'))!;
    const view = (await panel.settled())!;
    assert.equal(view.totals[0].files, 0, view.parts.map((part) => `${part.path} ${part.status}`).join('\n'));
    assert.match(view.nothing ?? '', /^Nothing loads at session start here/);
    const memoryRoot = workspaceUri('memory').toString();
    assert.match(view.notLoaded.find((folder) => folder.root === memoryRoot)?.text ?? '', /^The memory folder memory\/ exists, but nothing loads it/);
    await panel.receive({ kind: 'load', root: memoryRoot });
    await eventually(async () => {
      const now = (await panel.settled())!;
      assert.equal(now.notLoaded.filter((folder) => folder.root === memoryRoot).length, 0);
      assert.ok(now.parts.some((part) => part.tone === 'loaded' && part.depth === 1 && part.path === workspaceUri('memory', 'MEMORY.md').fsPath), now.parts.map((part) => part.path).join(', '));
    });
  });
});
