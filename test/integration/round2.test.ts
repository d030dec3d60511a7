import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { MemoryTreeNode } from '../../src/features/tree/treeNodes';
import { eventually, workspaceUri } from './helpers';
import { resetMemoryFolder } from './memoryFolder';

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const folder = (): vscode.Uri => workspaceUri('round2-project', 'memory');
const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);
const read = async (uri: vscode.Uri): Promise<string> => decoder.decode(await vscode.workspace.fs.readFile(uri));

// Shaped like a real Korean folder: index titles that are only file names, `name:` holding the
// readable title, a link to a memory by its topic while the file carries a `feedback_` prefix.
const FILES: Record<string, string> = {
  'MEMORY.md': [
    '# Memory',
    '',
    '- [project_payments-owner.md](project_payments-owner.md) — Dana owns the payments API',
    '- [feedback_changelog-on-deploy](feedback_changelog-on-deploy.md) — 배포할 때마다 변경 기록을 남긴다',
    '- [feedback_textbook-headings-verbatim.md](feedback_textbook-headings-verbatim.md) — 교과서 소제목은 그대로 쓴다',
    '- [定例](project_weekly-sync.md) — 定例は火曜の午後',
    '',
  ].join('\n'),
  'project_payments-owner.md': '---\nname: 결제 API 담당\ndescription: Priya owns the payments API\ntype: project\n---\n\nPriya took the payments API over on 2026-11-02.\n',
  'feedback_changelog-on-deploy.md': '---\nname: 배포 때마다 변경 기록 남기기\ndescription: 배포할 때마다 변경 기록을 남긴다\ntype: feedback\n---\n\n배포할 때마다 CHANGELOG에 한 줄을 남긴다. 제목은 [[textbook-headings-verbatim]] 처럼 쓴다.\n',
  'feedback_textbook-headings-verbatim.md': '---\nname: 교과서 소제목 그대로\ndescription: 교과서 소제목은 그대로 쓴다\ntype: feedback\n---\n\n교과서의 소제목을 바꾸지 않고 그대로 쓴다.\n',
  'project_weekly-sync.md': '---\nname: weekly-sync\ndescription: 定例は木曜の午後\ntype: project\n---\n\n定例は木曜の午後に移った。\n',
};

describe('Everyday use, round 2: hook facts, file-name titles, links to memories that exist', () => {
  let api: MemoryShelfApi;

  const root = () => api.roots.rootAt(folder())!;
  const rootNode = async (): Promise<MemoryTreeNode> => {
    const found = (await api.tree.getChildren()).find((node) => node.kind === 'root' && node.root.uri.toString() === folder().toString());
    assert.ok(found, 'round2-project/memory is a root in the tree');
    return found;
  };
  const childOf = async (parent: MemoryTreeNode, label: string): Promise<MemoryTreeNode> => {
    const children = await api.tree.getChildren(parent);
    const found = children.find((node) => String(api.tree.getTreeItem(node).label) === label);
    assert.ok(found, `"${label}" is among ${children.map((node) => String(api.tree.getTreeItem(node).label)).join(', ')}`);
    return found;
  };

  before(async function () {
    this.timeout(60_000);
    api = await resetMemoryFolder(folder(), FILES);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(workspaceUri('round2-project'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('flags a hook whose name or weekday differs from the description, though most words are shared', async () => {
    await vscode.workspace.openTextDocument(file('MEMORY.md'));
    await api.problems.whenChecked();
    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file('MEMORY.md'), 100))
      .filter((lens) => lens.command).map((lens) => ({ line: lens.range.start.line, title: lens.command!.title }));
    const drifted = lenses.filter((lens) => lens.title.includes('hook differs')).map((lens) => lens.line).sort();
    assert.deepEqual(drifted, [2, 5], JSON.stringify(lenses));
  });

  it('labels a memory by its name when its index title is only the file name, with or without .md', async () => {
    const project = await childOf(await rootNode(), 'project');
    const feedback = await childOf(await rootNode(), 'feedback');
    const labels = [...await api.tree.getChildren(project), ...await api.tree.getChildren(feedback)].map((node) => String(api.tree.getTreeItem(node).label)).sort();
    assert.deepEqual(labels, ['定例', '결제 API 담당', '교과서 소제목 그대로', '배포 때마다 변경 기록 남기기'].sort());
  });

  it('offers to link a reservation to the memory that exists under another file name, before creating one', async () => {
    const reservations = await childOf(await rootNode(), 'Reservations');
    const reservation = await childOf(reservations, 'textbook-headings-verbatim');
    const item = api.tree.getTreeItem(reservation);
    assert.equal(item.contextValue, 'reservation.linkable');
    assert.match(String(item.description), /feedback_textbook-headings-verbatim\.md exists/);
    assert.match(String((item.tooltip as string)), /probably the one meant/);

    // The hover offers the link first, then creating.
    const document = await vscode.workspace.openTextDocument(file('feedback_changelog-on-deploy.md'));
    const at = document.getText().indexOf('[[textbook') + 4;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, document.positionAt(at));
    const text = hovers.flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : 'value' in content ? content.value : ''))).join('\n');
    const linkAt = text.indexOf('command:memoryShelf.linkReservation');
    const createAt = text.indexOf('command:memoryShelf.createReservedMemory');
    assert.ok(linkAt >= 0 && createAt > linkAt, text);
    // Ctrl+click says the same: it asks link or create (link first) rather than making a duplicate.
    const documentLinks = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
    const ctrlClick = documentLinks.find((candidate) => candidate.range.contains(document.positionAt(at)));
    assert.equal(ctrlClick?.tooltip, 'Link to "교과서 소제목 그대로", which exists, or create a new memory');

    // Linking rewrites the link to the existing memory; nothing new is created; Undo takes it back.
    const before = await read(file('feedback_changelog-on-deploy.md'));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.linkReservation', { root: root(), reservation: { name: 'textbook-headings-verbatim' } }), true);
    assert.match(await read(file('feedback_changelog-on-deploy.md')), /\[\[feedback_textbook-headings-verbatim\]\] 처럼/);
    assert.deepEqual((await vscode.workspace.fs.readDirectory(folder())).map(([name]) => name).sort(), Object.keys(FILES).sort());
    await eventually(() => assert.equal(root().store.reservations().length, 0));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'undone');
    assert.equal(await read(file('feedback_changelog-on-deploy.md')), before);
  });

  it('counts a memory made in VS Code as approved, while one an agent writes waits first in the tree, counted on the badge', async () => {
    const created = await vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.createReservedMemory', { root: folder().toString(), name: 'release-checklist', type: 'project', description: 'Release checklist lives in docs/release.md' });
    assert.ok(created, 'the memory was created');
    const path = created.path.slice(folder().path.length + 1);
    await eventually(() => assert.ok(root().store.get(path)));
    await eventually(() => assert.deepEqual(api.review.pending(root()).map((entry) => entry.memory.path), []));

    // An agent's write, straight to the disk.
    await vscode.workspace.fs.writeFile(file('feedback_agent-note.md'), encoder.encode('---\nname: agent-note\ndescription: 金曜日にはデプロイしない\ntype: feedback\nmetadata:\n  originSessionId: 0b3c9e2a-session\n---\n\n金曜日にはデプロイしない。\n'));
    await eventually(() => assert.deepEqual(api.review.pending(root()).map((entry) => entry.memory.path), ['feedback_agent-note.md']));
    // Only the first-run question (a row of a root never seen before) comes before it.
    const groups = (await api.tree.getChildren(await rootNode())).filter((node) => node.kind !== 'firstRun');
    assert.equal(String(api.tree.getTreeItem(groups[0]).label), 'To review', 'To review comes before the type groups');
    const [waiting] = await api.tree.getChildren(groups[0]);
    const tooltip = (api.tree.getTreeItem(waiting).tooltip as vscode.MarkdownString).value;
    assert.match(tooltip, /written outside VS Code/);
    assert.match(tooltip, /Last written /);
    assert.match(tooltip, /0b3c9e2a-session/);
    await eventually(() => assert.equal(api.treeView.badge?.value, api.review.pending().length));
    assert.ok((api.treeView.badge?.value ?? 0) >= 1);
    await vscode.workspace.fs.delete(file('feedback_agent-note.md'));
    await vscode.workspace.fs.delete(created);
  });
});
