import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { MemoryTreeNode } from '../../src/features/tree/treeNodes';
import { activateExtension, eventually, workspaceUri, codeOf } from './helpers';

const decoder = new TextDecoder();
// Copied into the workspace for this suite only, so the other suites' lists of roots stay as they are.
const FIXTURE = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'roots', 'everyday');
const folder = (): vscode.Uri => workspaceUri('everyday', 'memory');
const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);
const read = async (uri: vscode.Uri): Promise<string> => decoder.decode(await vscode.workspace.fs.readFile(uri));

async function snapshot(): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const [name, type] of await vscode.workspace.fs.readDirectory(folder())) {
    if (type & vscode.FileType.File) files.set(name, await vscode.workspace.fs.readFile(file(name)));
  }
  return files;
}

async function restore(saved: Map<string, Uint8Array>): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (document.uri.path.startsWith(`${folder().path}/`) && document.isDirty) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  for (const [name] of await vscode.workspace.fs.readDirectory(folder())) if (!saved.has(name)) await vscode.workspace.fs.delete(file(name));
  for (const [name, bytes] of saved) await vscode.workspace.fs.writeFile(file(name), bytes);
}

describe('Everyday use: labels, New Memory, context menus, completion, quick fixes, following the editor', () => {
  let api: MemoryShelfApi;
  let saved: Map<string, Uint8Array>;

  const rootNode = async (): Promise<MemoryTreeNode> => {
    const found = (await api.tree.getChildren()).find((node) => node.kind === 'root' && node.root.uri.toString() === folder().toString());
    assert.ok(found, 'everyday/memory is a root in the tree');
    return found;
  };
  const groupNode = async (type: string): Promise<MemoryTreeNode> => {
    const found = (await api.tree.getChildren(await rootNode())).find((node) => node.kind === 'group' && node.group.type === type);
    assert.ok(found, `the ${type} group is shown`);
    return found;
  };
  const memoryNode = async (type: string, path: string): Promise<MemoryTreeNode> => {
    const found = (await api.tree.getChildren(await groupNode(type))).find((node) => node.kind === 'memory' && node.memory.path === path);
    assert.ok(found, `${path} is shown in ${type}`);
    return found;
  };
  const labelsOf = async (type: string): Promise<string[]> =>
    (await api.tree.getChildren(await groupNode(type))).map((node) => String(api.tree.getTreeItem(node).label)).sort();

  before(async () => {
    for (const name of readdirSync(FIXTURE)) await vscode.workspace.fs.writeFile(file(name), readFileSync(join(FIXTURE, name)));
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen
    // first, so no reload replaces the root while the tests write into it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await api.roots.ready;
    saved = await snapshot();
  });

  afterEach(async () => restore(saved));

  after(async () => {
    await vscode.workspace.fs.delete(workspaceUri('everyday'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('labels memories by index title, else a name that is more than the file name, else a description short enough to read whole, else the file\'s topic in words; never a cut description', async () => {
    assert.deepEqual(await labelsOf('feedback'), ['Minimal CLAUDE.md', '수식 표기']);
    // `name: role` in user_role.md only repeats the file's topic, and its description is too long to read as a title: the topic, with the description whole beside it.
    assert.deepEqual(await labelsOf('user'), ['Role']);
    assert.equal(api.tree.getTreeItem(await memoryNode('user', 'user_role.md')).description, 'The user maintains the billing service and reviews its releases');
    // A description short enough to read whole is the title (and not said again beside it).
    assert.deepEqual(await labelsOf('reference'), ['Where the billing API\'s reference docs live']);
    assert.equal(api.tree.getTreeItem(await memoryNode('reference', 'reference_api-docs.md')).description, '');
    const tooltip = api.tree.getTreeItem(await memoryNode('reference', 'reference_api-docs.md')).tooltip as vscode.MarkdownString;
    assert.match(tooltip.value, /problems? \(the number beside it; see the Problems panel\)/);
  });

  it('hovering a memory counts the problems VS Code numbers beside its row; a hint is a suggestion, with no number or Problems panel to point at', async () => {
    const encoder = new TextEncoder();
    await vscode.workspace.fs.writeFile(file('project_standup.md'), encoder.encode('---\nname: standup\ndescription: The lab standup is at 10:00 in room B204\ntype: project\n---\nThe agenda is in [[standup-agenda]].\n'));
    await vscode.workspace.fs.writeFile(file('MEMORY.md'), encoder.encode(`${decoder.decode(saved.get('MEMORY.md'))}- [Standup](project_standup.md) — The lab standup is at 10:00 in room B204\n`));
    const hover = async (type: string, path: string): Promise<string> => (api.tree.getTreeItem(await memoryNode(type, path)).tooltip as vscode.MarkdownString).value;
    await eventually(async () => {
      // The link to a memory not written yet is a reservation: a hint, neither numbered nor listed.
      assert.deepEqual(vscode.languages.getDiagnostics(file('project_standup.md')).map((diagnostic) => [codeOf(diagnostic), diagnostic.severity]), [['link-dangling', vscode.DiagnosticSeverity.Hint]]);
      const text = await hover('project', 'project_standup.md');
      assert.match(text, /1 suggestion/);
      assert.doesNotMatch(text, /problem|Problems panel/i);
    });
    // A memory with warnings: its hover's number is the one VS Code paints beside the row.
    const shown = vscode.languages.getDiagnostics(file('reference_api-docs.md'));
    const numbered = shown.filter((diagnostic) => diagnostic.severity <= vscode.DiagnosticSeverity.Warning).length;
    assert.ok(numbered > 0, 'reference_api-docs.md has a warning');
    assert.match(await hover('reference', 'reference_api-docs.md'), new RegExp(`^${numbered === 1 ? '1 problem' : `${numbered} problems`} \\(the number beside it; see the Problems panel\\)$`, 'm'));
  });

  it('New Memory from a type group writes the file from its template and one index line with the description as hook, and opens it', async () => {
    const created = await vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.newMemory', {
      ...(await groupNode('feedback')), name: 'tabs-over-spaces', description: 'Indent with tabs, never spaces',
    });
    assert.equal(created?.toString(), file('feedback_tabs-over-spaces.md').toString());
    await eventually(async () => assert.match(await read(file('feedback_tabs-over-spaces.md')), /^---\nname: tabs-over-spaces\ndescription: Indent with tabs, never spaces\ntype: feedback\n---\n/));
    const index = await read(file('MEMORY.md'));
    assert.equal(index, `${decoder.decode(saved.get('MEMORY.md'))}- [tabs-over-spaces](feedback_tabs-over-spaces.md) — Indent with tabs, never spaces\n`);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), created?.toString());
    await eventually(async () => assert.deepEqual(await labelsOf('feedback'), ['Indent with tabs, never spaces', 'Minimal CLAUDE.md', '수식 표기']));
  });

  it('context menu on a memory: open to the side, copy name and link, rename, show backlinks', async () => {
    const node = await memoryNode('project', 'project_release-train.md');
    await vscode.commands.executeCommand('memoryShelf.openToSide', node);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), file('project_release-train.md').toString());
    assert.equal(vscode.window.activeTextEditor?.viewColumn, vscode.ViewColumn.Two);

    await vscode.commands.executeCommand('memoryShelf.copyName', node);
    assert.equal(await vscode.env.clipboard.readText(), 'release-train');
    await vscode.commands.executeCommand('memoryShelf.copyLink', node);
    assert.equal(await vscode.env.clipboard.readText(), '[[release-train]]');

    // The file is named <type>_<topic>, not after the name, so the rename changes the name and leaves the file.
    await vscode.commands.executeCommand('memoryShelf.renameMemory', node, 'ship-train');
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(async () => assert.match(await read(file('project_release-train.md')), /^---\nname: ship-train\n/));
    assert.match(await read(file('MEMORY.md')), /- \[Release train\]\(project_release-train\.md\)/);

    await vscode.commands.executeCommand('memoryShelf.showBacklinks', await memoryNode('feedback', 'feedback_math-notation.md'));
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), file('feedback_math-notation.md').toString());
  });

  it('context menu on a root and a group: refresh, reveal and New Memory preselected to the group are there', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['memoryShelf.newMemory', 'memoryShelf.refresh', 'memoryShelf.revealInExplorer', 'memoryShelf.revealInOS', 'memoryShelf.index.open']) assert.ok(commands.includes(id), id);
    await vscode.commands.executeCommand('memoryShelf.revealInExplorer', await rootNode());
    const created = await vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.newMemory', { ...(await rootNode()), type: 'user', name: 'timezone', description: '' });
    assert.equal(created?.toString(), file('user_timezone.md').toString());
    await eventually(async () => assert.deepEqual(await labelsOf('user'), ['Role', 'Timezone']));
  });

  it('completion after [[ finds a memory by its Korean title, and the link being typed is not offered as a reservation', async () => {
    const uri = file('project_release-train.md');
    const editor = await vscode.window.showTextDocument(uri);
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    await editor.edit((edit) => edit.insert(end, 'See [[수식'));
    const position = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position, '[');
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.equal(labels[0], 'math-notation');
    assert.ok(!labels.includes('수식'), `offered: ${labels.join(', ')}`);
  });

  it('offers each quick fix once when two diagnostics on a line share it', async () => {
    const uri = file('project_release-train.md');
    const editor = await vscode.window.showTextDocument(uri);
    await editor.edit((edit) => edit.insert(new vscode.Position(7, 0), 'We decided yesterday to ship tomorrow.\n'));
    await eventually(() => assert.ok(vscode.languages.getDiagnostics(uri).filter((d) => codeOf(d) === 'relative-date').length >= 2));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(7, 0, 7, 38));
    const titles = actions.map((action) => action.title);
    assert.ok(titles.length > 0);
    assert.deepEqual(titles, [...new Set(titles)]);
  });

  it('deletes a memory with its index line and unlinks its backlinks when asked, in one edit', async () => {
    const indexBefore = await read(file('MEMORY.md'));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.deleteMemory', await memoryNode('project', 'project_release-train.md'), undefined, 'unlink'), true);
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(async () => assert.equal((await vscode.workspace.fs.readDirectory(folder())).some(([name]) => name === 'project_release-train.md'), false));
    assert.equal(await read(file('MEMORY.md')), indexBefore.replace('- [Release train](project_release-train.md) — releases ship every second Tuesday\n', ''));
    assert.match(await read(file('user_role.md')), /Ships with the release-train\.\n$/);
  });

  it('a memory deleted by another edit (the Explorer, an extension) takes its index line with it', async () => {
    const indexBefore = await read(file('MEMORY.md'));
    const edit = new vscode.WorkspaceEdit();
    edit.deleteFile(file('feedback_claude-md-minimal.md'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    await eventually(async () => assert.equal(await read(file('MEMORY.md')), indexBefore.replace('- [Minimal CLAUDE.md](feedback_claude-md-minimal.md) — keep CLAUDE.md short\n', '')));
  });

  it('merges two memories: the survivor gains what it lacked, links follow, the other\'s line and file go', async () => {
    await vscode.workspace.fs.writeFile(file('project_trains.md'), new TextEncoder().encode('---\nname: trains\ndescription: Release trains leave every second Tuesday\ntype: project\n---\n# Trains\n\nReleases ship every second Tuesday from `main`.\n\nHotfixes skip the train.\n\n## Why\n'));
    await eventually(async () => assert.ok((await api.tree.getChildren(await groupNode('project'))).length === 2));
    const merged = await vscode.commands.executeCommand('memoryShelf.mergeMemories', undefined, [file('project_release-train.md'), file('project_trains.md')], { survivor: file('project_release-train.md'), preview: false });
    assert.equal(merged, true);
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(async () => assert.match(await read(file('project_release-train.md')), /Releases ship every second Tuesday from `main`\.\n\nHotfixes skip the train\.\n$/));
    // Named as the tree names them, and without the other's title or its empty heading.
    // `name: trains` and `# Trains` only repeat the file's topic: it goes by its description.
    assert.equal(api.edits.journal.last?.label, 'Merge "Release trains leave every second Tuesday" into "Release train"');
    assert.doesNotMatch(await read(file('project_release-train.md')), /# Trains|## Why/);
    assert.equal((await vscode.workspace.fs.readDirectory(folder())).some(([name]) => name === 'project_trains.md'), false);
  });

  it('merges a stub into a memory without losing its fact: its description moves, its empty labels do not (issue #40)', async () => {
    const before = await read(file('project_release-train.md'));
    await vscode.workspace.fs.writeFile(file('project_freeze.md'), new TextEncoder().encode('---\nname: freeze\ndescription: 릴리스 전날에는 main에 머지하지 않는다\nmetadata:\n  type: project\n---\n# 동결\n\n**이유:**\n\n**적용:**\n'));
    await eventually(async () => assert.ok((await api.tree.getChildren(await groupNode('project'))).length === 2));
    const merged = await vscode.commands.executeCommand('memoryShelf.mergeMemories', undefined, [file('project_release-train.md'), file('project_freeze.md')], { survivor: file('project_release-train.md'), preview: false });
    assert.equal(merged, true);
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(async () => assert.equal(await read(file('project_release-train.md')), `${before}${before.endsWith('\n') ? '\n' : '\n\n'}릴리스 전날에는 main에 머지하지 않는다\n`));
    assert.equal((await vscode.workspace.fs.readDirectory(folder())).some(([name]) => name === 'project_freeze.md'), false);
  });

  it('changes only the type value\'s bytes when a memory is retyped', async () => {
    const before = await read(file('reference_api-docs.md'));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.changeType', await memoryNode('reference', 'reference_api-docs.md'), undefined, 'project'), true);
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(async () => assert.equal(await read(file('reference_api-docs.md')), before.replace('type: reference', 'type: project')));
    await eventually(async () => assert.deepEqual((await api.tree.getChildren(await groupNode('project'))).map((node) => node.kind === 'memory' ? node.memory.path : '').sort(), ['project_release-train.md', 'reference_api-docs.md']));
    // The file name still says "reference": renaming it is the notification's offer, taken here as its button takes it.
    assert.equal(await vscode.commands.executeCommand('_memoryShelf.renameAfterRetype', folder(), [{ path: 'reference_api-docs.md', oldType: 'reference' }], 'project'), true);
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(async () => assert.deepEqual((await api.tree.getChildren(await groupNode('project'))).map((node) => node.kind === 'memory' ? node.memory.path : '').sort(), ['project_api-docs.md', 'project_release-train.md']));
    assert.equal(await read(file('project_api-docs.md')), before.replace('type: reference', 'type: project'));
    assert.doesNotMatch(await read(file('MEMORY.md')), /reference_api-docs\.md/);
  });

  it('keeps the Backlinks list on its memory while a backlink is followed, until another memory is opened', async () => {
    await vscode.window.showTextDocument(file('project_release-train.md'));
    const listed = async (): Promise<string[]> => (await api.backlinks.getChildren()).map((node) => node.occurrence.path);
    await eventually(async () => assert.deepEqual(await listed(), ['user_role.md']));
    const [backlink] = await api.backlinks.getChildren();
    // A click, as VS Code makes it: the row is selected and its command (vscode.open) runs.
    await api.backlinks.view!.reveal(backlink, { select: true, focus: true });
    const command = api.backlinks.getTreeItem(backlink).command!;
    assert.equal(command.command, 'vscode.open');
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), file('user_role.md').toString());
    // The editor opens on the link's line.
    assert.match(vscode.window.activeTextEditor!.document.lineAt(vscode.window.activeTextEditor!.selection.active.line).text, /\[\[/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(await listed(), ['user_role.md'], 'still the backlinks of release-train');
    await vscode.window.showTextDocument(file('feedback_math-notation.md'));
    await eventually(async () => assert.deepEqual(await listed(), []));
  });

  it('the tree follows the active editor to its memory', async () => {
    await vscode.commands.executeCommand('memoryShelf.memories.focus');
    await vscode.window.showTextDocument(file('user_role.md'));
    await eventually(() => {
      const selected = api.treeView.selection[0];
      assert.ok(selected?.kind === 'memory' && selected.memory.path === 'user_role.md', 'user_role.md is selected in the tree');
    });
  });

  it('the tree follows the active editor while the tree is being redrawn', async () => {
    await vscode.commands.executeCommand('memoryShelf.memories.focus');
    await vscode.window.showTextDocument(file('user_role.md'));
    await eventually(() => assert.equal(api.treeView.selection[0]?.kind === 'memory' && api.treeView.selection[0].memory.path, 'user_role.md'));
    // Redraws keep coming while the view opens and the editor changes (a check finishing, a review
    // settling): the one reveal of that moment meets a tree whose nodes are being replaced.
    let redraws = 0;
    const timer = setInterval(() => {
      if (++redraws <= 15) api.tree.refresh();
    }, 40);
    try {
      await vscode.commands.executeCommand('workbench.view.explorer');
      await vscode.window.showTextDocument(file('feedback_math-notation.md'));
      await vscode.commands.executeCommand('memoryShelf.memories.focus');
      await vscode.window.showTextDocument(file('feedback_math-notation.md'));
      await eventually(() => {
        const selected = api.treeView.selection[0];
        assert.ok(selected?.kind === 'memory' && selected.memory.path === 'feedback_math-notation.md', `feedback_math-notation.md is selected in the tree; selected: ${selected?.kind === 'memory' ? selected.memory.path : selected?.kind}`);
      });
    } finally {
      clearInterval(timer);
    }
  });
});
