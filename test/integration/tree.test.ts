import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { MemoryRoot } from '../../src/workspace/roots/memoryRoot';
import { activateExtension, eventually, findItem, visibleTree, workspaceUri } from './helpers';

const encoder = new TextEncoder();

describe('Memory sidebar', () => {
  let api: MemoryShelfApi;

  before(async () => {
    api = await activateExtension();
  });

  it('shows the workspace memory folder and the one named in settings, saying whether Claude Code loads them', async () => {
    const roots = await visibleTree(api);
    assert.deepEqual(roots.map((root) => root.label), ['memory', 'notes/agent-memory', 'checks/memory']);
    assert.equal(roots[0].description, 'project memory · not loaded by Claude Code');
    assert.equal(roots[1].description, 'from settings · not loaded by Claude Code');
  });

  it('groups memories by type in the configured order, with counts, and gathers the untyped', async () => {
    const memory = findItem(await visibleTree(api), 'memory');
    assert.deepEqual(
      // "To review" lists what earlier suites wrote on disk; the review suite covers it.
      // and the first-run question, whose suite is severalRoots.
      memory.children.filter((group) => group.label !== 'To review' && !/already here as reviewed\?$/.test(group.label)).map((group) => [group.label, group.description]),
      [['user', '1'], ['feedback', '2'], ['project', '1'], ['reference', '1'], ['Untyped / unknown', '1'], ['Team', '1'], ['Reservations', '1']],
    );
    const notes = findItem(await visibleTree(api), 'notes/agent-memory');
    assert.deepEqual(notes.children.map((group) => [group.label, group.description]).at(-1), ['Untyped / unknown', '1']);
  });

  it('labels memories with their index title or name and shows the description beside it', async () => {
    const memory = findItem(await visibleTree(api), 'memory');
    const feedback = findItem(memory.children, 'feedback');
    assert.deepEqual(feedback.children.map((item) => [item.label, item.description]), [
      ['Math notation', 'LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤).'],
      ['데이터 조작 금지', '실측 데이터가 없을 때 표의 셀은 빈칸으로 남겨둔다. 이론값 생성은 조작으로 간주한다.'],
    ]);
    // `name: notes-untyped` in notes_untyped.md is only the file name: its description names it.
    assert.deepEqual(findItem(memory.children, 'Untyped / unknown').children.map((item) => item.label), ['A fact someone wrote without a type.']);
  });

  it('opens the memory file when an item is clicked', async () => {
    const [root] = await api.tree.getChildren();
    // By its label: To review, when anything waits there, comes before the type groups.
    const userGroup = (await api.tree.getChildren(root)).find((node) => api.tree.getTreeItem(node).label === 'user');
    assert.ok(userGroup, 'a "user" group');
    const [profile] = await api.tree.getChildren(userGroup);
    const item = api.tree.getTreeItem(profile);
    assert.ok(item.command);
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), workspaceUri('memory', 'user_profile.md').toString());
    assert.equal(item.contextValue, 'memory');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('gives no row a command that a refresh can lose: only vscode.open, vscode.diff or a command without arguments', async () => {
    // VS Code keeps other commands' arguments in the extension host under an id a refresh of the row
    // disposes: a row clicked while the tree refreshed said "Actual command not found".
    const lost: string[] = [];
    let rows = 0;
    const walk = async (node?: Parameters<typeof api.tree.getTreeItem>[0]): Promise<void> => {
      for (const child of await api.tree.getChildren(node)) {
        const item = api.tree.getTreeItem(child);
        rows++;
        const command = item.command;
        if (command && (command.arguments ?? []).length > 0 && !['vscode.open', 'vscode.diff'].includes(command.command)) lost.push(`${String(item.label)}: ${command.command}`);
        if (item.collapsibleState !== vscode.TreeItemCollapsibleState.None) await walk(child);
      }
    };
    await walk();
    assert.ok(rows > 10, `${rows} rows walked`);
    assert.deepEqual(lost, []);
  });

  it('gives no Backlinks row a command that a refresh can lose either', async () => {
    // user_profile.md links to feedback-math-notation: opening that memory lists the link.
    await vscode.window.showTextDocument(workspaceUri('memory', 'feedback_math_notation.md'));
    try {
      await eventually(() => assert.ok(api.backlinks.getChildren().length > 0, 'feedback-math-notation has backlinks'));
      const commands = api.backlinks.getChildren().map((node) => api.backlinks.getTreeItem(node).command);
      const lost = commands.filter((command) => !command || ((command.arguments ?? []).length > 0 && !['vscode.open', 'vscode.diff'].includes(command.command)));
      assert.deepEqual(lost.map((command) => command?.command ?? 'no command'), []);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('shows a memory file created on disk', async () => {
    const uri = workspaceUri('memory', 'reference_datasheets.md');
    await vscode.workspace.fs.writeFile(uri, encoder.encode('---\nname: reference-datasheets\ndescription: 부품 데이터시트 모음은 /lab/docs에 있다.\nmetadata:\n  type: reference\n---\n'));
    try {
      await eventually(async () => {
        const reference = findItem(findItem(await visibleTree(api), 'memory').children, 'reference');
        assert.equal(reference.description, '2');
        assert.deepEqual(reference.children.map((item) => item.label).sort(), ['Lab drive', '부품 데이터시트 모음은 /lab/docs에 있다.']);
      });
    } finally {
      await vscode.workspace.fs.delete(uri);
    }
    await eventually(async () => {
      assert.equal(findItem(findItem(await visibleTree(api), 'memory').children, 'reference').description, '1');
    });
  });

  it('moves a memory changed on disk to its new type group, and hides the group it left empty', async () => {
    const uri = workspaceUri('memory', 'project_docx_delivery.md');
    const original = await vscode.workspace.fs.readFile(uri);
    const retyped = new TextDecoder().decode(original).replace('type: project', 'type: feedback');
    await vscode.workspace.fs.writeFile(uri, encoder.encode(retyped));
    try {
      await eventually(async () => {
        const groups = findItem(await visibleTree(api), 'memory').children;
        // The other project memory is in team/, shown in the Team group: project is left with none, and
        // a group with no memory in a folder that has some is not shown ("project 0" read as one still there).
        assert.equal(groups.some((group) => group.label === 'project'), false, groups.map((group) => group.label).join(', '));
        assert.ok(findItem(groups, 'feedback').children.some((item) => item.label === 'Docx delivery'));
        assert.equal(findItem(groups, 'feedback').description, '3');
      });
    } finally {
      await vscode.workspace.fs.writeFile(uri, original);
    }
    await eventually(async () => {
      assert.equal(findItem(findItem(await visibleTree(api), 'memory').children, 'project').description, '1');
    });
  });

  it('follows unsaved edits in an open editor, and the disk again when the editor is reverted', async () => {
    const uri = workspaceUri('memory', 'notes_untyped.md');
    const editor = await vscode.window.showTextDocument(uri);
    await editor.edit((edit) => edit.insert(new vscode.Position(3, 0), 'type: user\n'));
    await eventually(async () => {
      const groups = findItem(await visibleTree(api), 'memory').children;
      assert.equal(findItem(groups, 'user').description, '2');
      assert.equal(groups.some((group) => group.label === 'Untyped / unknown'), false);
    });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await eventually(async () => {
      assert.equal(findItem(findItem(await visibleTree(api), 'memory').children, 'user').description, '1');
    });
  });

  it('does not list a [[link being typed under Reservations until the cursor leaves it', async () => {
    const uri = workspaceUri('memory', 'notes_untyped.md');
    const editor = await vscode.window.showTextDocument(uri);
    const line = editor.document.lineCount - 1;
    // As VS Code types it: the brackets closed at once, the cursor before them.
    await editor.edit((edit) => edit.insert(new vscode.Position(line, 0), '수식 [[수식]]\n'));
    editor.selection = new vscode.Selection(line, 7, line, 7);
    const reserved = async (): Promise<string[]> => {
      const reservations = findItem(await visibleTree(api), 'memory').children.find((group) => group.label === 'Reservations');
      return (reservations?.children ?? []).map((item) => String(item.label));
    };
    try {
      // The store holds the link (it follows the editor); only the tree leaves it out.
      const root = api.roots.roots.find((candidate) => candidate.uri.path.endsWith('/workspace/memory'))!;
      await eventually(() => assert.equal(root.store.reservations().some((reservation) => reservation.name === '수식'), true));
      assert.equal((await reserved()).includes('수식'), false, 'the link under the cursor is still being typed');
      editor.selection = new vscode.Selection(line + 1, 0, line + 1, 0);
      await eventually(async () => assert.equal((await reserved()).includes('수식'), true, 'once the cursor leaves, it is a reservation'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
    await eventually(async () => assert.equal((await reserved()).includes('수식'), false));
  });
});

describe('Memory sidebar, a root that cannot be read', () => {
  it('shows an error item saying why, not an empty root, and shows the memories again once it can be read', async () => {
    const api = await activateExtension();
    const uri = workspaceUri('unreadable-root');
    const root = new MemoryRoot({ uri, kind: 'settings', label: 'unreadable-root', load: { loadedByClaude: false, index: 'not-loaded', detail: '' } });
    // Nothing there: listing the folder fails as a folder without read permission would (root may read anything here).
    await root.load(() => undefined, () => undefined);
    assert.ok(root.listError, 'the failed listing is kept');
    const [child, ...rest] = api.tree.getChildren({ kind: 'root', root });
    assert.equal(rest.length, 0);
    const item = api.tree.getTreeItem(child);
    assert.equal(item.label, 'This folder could not be read');
    assert.equal(item.description, root.listError);
    assert.match((item.tooltip as vscode.MarkdownString).value.replace(/\\(.)/g, '$1'), /could not list .*unreadable-root \(FileNotFound\)/);
    assert.equal(item.command?.command, 'memoryShelf.refresh');

    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(uri, 'user_role.md'), new TextEncoder().encode('---\nname: user-role\ndescription: 연구실 대학원생\ntype: user\n---\n'));
    try {
      await root.load(() => undefined, () => undefined);
      assert.equal(root.listError, undefined);
      const groups = api.tree.getChildren({ kind: 'root', root }).map((node) => api.tree.getTreeItem(node).label);
      assert.ok(groups.includes('user'), groups.join(', '));
    } finally {
      await vscode.workspace.fs.delete(uri, { recursive: true });
    }
  });
});
