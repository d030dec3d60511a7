import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { MemoryTreeNode } from '../../src/features/tree/treeNodes';
import { activateExtension, eventually, workspaceUri } from './helpers';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// Folders of this suite's own, appearing while VS Code is open: roots it has never seen.
const base = (): vscode.Uri => workspaceUri('several-roots');
const asked = (): vscode.Uri => workspaceUri('several-roots', 'asked', 'memory');
const answered = (): vscode.Uri => workspaceUri('several-roots', 'answered', 'memory');
const empty = (): vscode.Uri => workspaceUri('several-roots', 'empty', 'memory');
const teamed = (): vscode.Uri => workspaceUri('several-roots', 'teamed', 'memory');
const team = (): vscode.Uri => workspaceUri('several-roots', 'teamed', 'memory', 'team');
const claudeMd = (): vscode.Uri => workspaceUri('CLAUDE.md');

const FILES: Record<string, string> = {
  'MEMORY.md': '# Memory\n\n- [배포 전 확인](feedback_check-before-deploy.md) — 배포 전에 스테이징을 확인한다\n- [ask-before-migration](feedback_ask-before-migration.md) — マイグレーション前に確認\n',
  'feedback_check-before-deploy.md': '---\nname: check-before-deploy\ndescription: 배포 전에 스테이징을 확인한다\ntype: feedback\n---\n\n배포 전에 스테이징에서 한 번 더 확인한다.\n',
  'feedback_ask-before-migration.md': '---\nname: feedback_ask-before-migration\ndescription: マイグレーションは実行前に必ずユーザーに確認する\ntype: feedback\n---\n\n`migrate` は実行前に確認を取る。\n',
};

async function writeFolder(folder: vscode.Uri, files: Record<string, string>): Promise<void> {
  // Appearing whole, in one move, as resetMemoryFolder does: a root loaded half-written would count only part as reviewed.
  const staging = vscode.Uri.joinPath(folder, '..', '.seed');
  await vscode.workspace.fs.createDirectory(staging);
  for (const name of Object.keys(files)) await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(staging, name, '..'));
  for (const [name, text] of Object.entries(files)) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(staging, name), encoder.encode(text));
  await vscode.workspace.fs.rename(staging, folder);
}

describe('Several roots at a glance: collapsed roots, the first-run question in the view, the next step for a folder Claude Code does not load', () => {
  let api: MemoryShelfApi;
  const rootNode = async (folder: vscode.Uri): Promise<MemoryTreeNode> => {
    const found = (await api.tree.getChildren()).find((node) => node.kind === 'root' && node.root.uri.toString() === folder.toString());
    assert.ok(found, `${folder.path} is a root in the tree`);
    return found;
  };

  before(async function () {
    this.timeout(60_000);
    api = await activateExtension();
    await writeFolder(asked(), FILES);
    await writeFolder(answered(), FILES);
    // A project memory with a team/ of its own index (Claude Code 2.1.173): two roots, one folder to the person.
    await writeFolder(teamed(), { ...FILES, 'team/MEMORY.md': '# Team memory\n\n- [Release train](project_release-train.md) — 릴리스는 격주 화요일\n', 'team/project_release-train.md': '---\nname: release-train\ndescription: 릴리스는 격주 화요일\ntype: project\n---\n' });
    await vscode.workspace.fs.createDirectory(empty());
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(empty(), 'MEMORY.md'), encoder.encode('# Memory\n'));
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await eventually(() => assert.equal(api.roots.rootAt(answered())?.store.size, 2), 20_000);
    await eventually(() => assert.equal(api.roots.rootAt(team())?.store.size, 1), 20_000);
    await api.review.whenReady();
  });

  after(async () => {
    await vscode.workspace.fs.delete(base(), { recursive: true });
    await vscode.workspace.fs.delete(claudeMd()).then(undefined, () => undefined);
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('expands the first root and collapses the others until the person opens one, and remembers it', async () => {
    const roots = await api.tree.getChildren();
    assert.ok(roots.length > 2);
    assert.equal(api.tree.getTreeItem(roots[0]).collapsibleState, vscode.TreeItemCollapsibleState.Expanded, 'the first root is open');
    const node = await rootNode(answered());
    assert.equal(api.tree.getTreeItem(node).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed, 'a later root with nothing waiting is closed');
    await api.treeView.reveal(node, { expand: true, select: false, focus: false });
    await eventually(async () => assert.equal(api.tree.getTreeItem(await rootNode(answered())).collapsibleState, vscode.TreeItemCollapsibleState.Expanded, 'opened by the person: drawn open from now on'));
  });

  it('asks at the top of each new root whether what is there counts as reviewed, never for an empty one', async () => {
    const first = (await api.tree.getChildren(await rootNode(asked())))[0];
    assert.equal(first?.kind, 'firstRun');
    const item = api.tree.getTreeItem(first);
    assert.equal(item.label, 'Count the 2 memories already here as reviewed?');
    assert.equal(item.contextValue, 'firstRun');
    assert.ok(!(await api.tree.getChildren(await rootNode(empty()))).some((node) => node.kind === 'firstRun'), 'an empty folder is not asked');
  });

  it('asks once for a memory folder and its team/ root: the team root asks nothing, and the answer covers it (issue #40)', async () => {
    const question = async (folder: vscode.Uri): Promise<MemoryTreeNode | undefined> => (await api.tree.getChildren(await rootNode(folder))).find((node) => node.kind === 'firstRun');
    await eventually(async () => assert.ok(await question(teamed())));
    assert.equal(await question(team()), undefined, 'the team root does not ask a question of its own');
    assert.equal(api.tree.getTreeItem((await question(teamed()))!).label, 'Count the 3 memories already here as reviewed?', 'the team memory is counted in the one question');
    await vscode.commands.executeCommand('memoryShelf.review.firstRunNo', await question(teamed()));
    await eventually(async () => assert.equal(await question(teamed()), undefined));
    const pending = (folder: vscode.Uri): string[] => api.review.pending(api.roots.rootAt(folder)!).map((entry) => `${entry.memory.path}:${entry.reason}`);
    await eventually(() => assert.deepEqual(pending(team()), ['project_release-train.md:new'], '"No" lists the team memory too'));
    assert.deepEqual(pending(teamed()), ['feedback_ask-before-migration.md:new', 'feedback_check-before-deploy.md:new']);
    assert.equal(await question(team()), undefined);
  });

  it('does not count a memory the person makes with New Memory while the question waits among those already here', async () => {
    const feedback = (await api.tree.getChildren(await rootNode(asked()))).find((node) => node.kind === 'group' && node.group.type === 'feedback');
    assert.ok(feedback, 'the feedback group of the asked root');
    const created = await vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.newMemory', { ...feedback, name: 'standup-at-ten', description: 'The lab standup is at 10:00 in room B204' });
    assert.ok(created?.path.startsWith(`${asked().path}/`), String(created));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await eventually(async () => {
      assert.equal(api.roots.rootAt(asked())?.store.size, 3);
      const first = (await api.tree.getChildren(await rootNode(asked())))[0];
      assert.equal(first?.kind, 'firstRun');
      assert.equal(api.tree.getTreeItem(first).label, 'Count the 2 memories already here as reviewed?');
    });
  });

  it('"No" lists what is there under To review; "Yes" keeps it reviewed; either way the question goes', async () => {
    const question = async (folder: vscode.Uri): Promise<MemoryTreeNode | undefined> => (await api.tree.getChildren(await rootNode(folder))).find((node) => node.kind === 'firstRun');
    await vscode.commands.executeCommand('memoryShelf.review.firstRunNo', await question(asked()));
    await eventually(async () => {
      assert.equal(await question(asked()), undefined);
      // The memory the person made with New Memory is theirs, not one of those already here: it does not wait.
      assert.deepEqual(api.review.pending(api.roots.rootAt(asked())!).map((entry) => `${entry.memory.path}:${entry.reason}`), ['feedback_ask-before-migration.md:new', 'feedback_check-before-deploy.md:new']);
    });
    await vscode.commands.executeCommand('memoryShelf.review.firstRunYes', await question(answered()));
    await eventually(async () => assert.equal(await question(answered()), undefined));
    assert.deepEqual(api.review.pending(api.roots.rootAt(answered())!), []);
  });

  it('names a memory whose name is its file name by its heading or description, not by the file name', async () => {
    const feedback = (await api.tree.getChildren(await rootNode(answered()))).find((node) => node.kind === 'group' && node.group.type === 'feedback');
    assert.ok(feedback);
    const rows = (await api.tree.getChildren(feedback)).map((node) => api.tree.getTreeItem(node));
    // In the index's order; the description made the label, so it is not said again beside it.
    assert.deepEqual(rows.map((row) => [row.label, row.description]), [
      ['배포 전 확인', '배포 전에 스테이징을 확인한다'],
      ['マイグレーションは実行前に必ずユーザーに確認する', ''],
    ]);
  });

  it('paints a root Claude Code does not load in no problem colour, and offers the import that makes it load', async () => {
    const item = api.tree.getTreeItem(await rootNode(answered()));
    assert.equal(item.resourceUri, undefined, 'no resource: the problems inside do not paint the root red');
    assert.match(String(item.contextValue), /^root\.workspace\b.*\.notLoaded\b/);
    assert.equal(item.description, 'project memory · not loaded by Claude Code');
    assert.equal(await vscode.commands.executeCommand('memoryShelf.importIndex', await rootNode(answered())), true);
    assert.match(decoder.decode(await vscode.workspace.fs.readFile(claudeMd())), /^@several-roots\/answered\/memory\/MEMORY\.md$/m);
    await eventually(async () => {
      const now = api.tree.getTreeItem(await rootNode(answered()));
      assert.equal(now.description, 'project memory · imported by CLAUDE.md');
      assert.doesNotMatch(String(now.contextValue), /notLoaded/);
    });
  });

});
