import * as assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { MemoryTreeNode } from '../../src/features/tree/treeNodes';
import { activateExtension, eventually, workspaceUri } from './helpers';

const decoder = new TextDecoder();
// Written at run time under a folder of this suite's own, so the other suites' lists of roots stay as they are.
const folder = (): vscode.Uri => workspaceUri('curation-suite', 'memory');
const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);
const read = async (uri: vscode.Uri): Promise<string> => decoder.decode(await vscode.workspace.fs.readFile(uri));
const exists = (uri: vscode.Uri): Thenable<boolean> => vscode.workspace.fs.stat(uri).then(() => true, () => false);
const DAY_MS = 86_400_000;

const FREEZE_LINE = '- [Release freeze](project_release-freeze.md) — 목요일 18:00 이후 머지 금지\n';
const INDEX = `# Memory\n\n- **Testing** — [feedback_testing.md](feedback_testing.md): 통합 테스트는 실제 VS Code에서 돌린다\n${FREEZE_LINE}- [ダッシュボード](reference_grafana.md) — 本番の遅延は Grafana の「API latency」パネルで見る\n- [Role](user_role.md) — backend, on call in week 2\n`;
const FILES: Record<string, string> = {
  'MEMORY.md': INDEX,
  'feedback_testing.md': '---\nname: testing\ndescription: 통합 테스트는 실제 VS Code에서 돌린다\ntype: feedback\n---\n\n모의 객체 대신 실제 VS Code에서 확인한다.\n\n**Why:** 2026-03-02 장애는 모의 객체 테스트가 놓쳤다.\n',
  // A candidate an agent queued in October and nobody looked at: stale by the time of the run.
  'project_release-freeze.md': '---\nname: release-freeze\ndescription: 목요일 18:00 이후 머지 금지\ntype: project\nstatus: pending\n---\n\n"Freeze" 공지가 #release 에 올라오면 월요일 09:00까지 머지하지 않는다.\n',
  'reference_grafana.md': '---\nname: grafana\ndescription: 本番の遅延は Grafana の「API latency」パネルで見る\ntype: reference\nstatus: pending\n---\n\nダッシュボード: https://grafana.example.internal/d/api\n',
  'user_role.md': '---\nname: role\ndescription: backend, on call in week 2\ntype: user\n---\n\nBackend engineer; watches [[release-freeze]] before Thursday deploys.\n',
};

describe('Curation: archiving stale candidates, undoing a delete', () => {
  let api: MemoryShelfApi;
  let archiveFolder: vscode.Uri | undefined;
  const root = () => {
    const found = api.roots.roots.find((candidate) => candidate.uri.toString() === folder().toString());
    assert.ok(found, 'curation-suite/memory is a root');
    return found;
  };
  const reviewNodes = async (): Promise<MemoryTreeNode[]> => {
    const rootNode = (await api.tree.getChildren()).find((node) => node.kind === 'root' && node.root.uri.toString() === folder().toString());
    assert.ok(rootNode, 'curation-suite/memory is in the tree');
    const group = (await api.tree.getChildren(rootNode)).find((node) => node.kind === 'review');
    assert.ok(group, 'the To review group is shown');
    return api.tree.getChildren(group);
  };

  before(async () => {
    // node:fs, so the stale candidate's modified time can be set before the extension first reads it.
    mkdirSync(folder().fsPath, { recursive: true });
    for (const [name, text] of Object.entries(FILES)) writeFileSync(file(name).fsPath, text);
    const fortyDaysAgo = new Date(Date.now() - 40 * DAY_MS);
    utimesSync(file('project_release-freeze.md').fsPath, fortyDaysAgo, fortyDaysAgo);
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen first.
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await api.roots.ready;
    await eventually(() => assert.ok(root().store.get('reference_grafana.md')));
    // Nothing of a root waits until its approvals are read: on a busy machine that took longer than the first test.
    await api.review.whenReady();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(workspaceUri('curation-suite'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('shows a pending candidate untouched for 30 days as stale, apart from a fresh one, with Archive on it only', async () => {
    const items = (await reviewNodes()).map((node) => api.tree.getTreeItem(node));
    const stale = items.find((item) => item.resourceUri?.toString() === file('project_release-freeze.md').toString());
    const fresh = items.find((item) => item.resourceUri?.toString() === file('reference_grafana.md').toString());
    assert.ok(stale && fresh, 'both candidates wait in To review');
    assert.equal(stale.contextValue, 'memory.review.stale-candidate');
    assert.equal(fresh.contextValue, 'memory.review.candidate');
    assert.match(String(stale.description), /^stale candidate/);
    assert.match(String(fresh.description), /^candidate/);
    assert.notDeepEqual(stale.iconPath, fresh.iconPath);
  });

  it('archives a stale candidate out of the root: same bytes in storage, its index line gone, backlinks kept; Undo brings both back', async () => {
    const [node] = (await reviewNodes()).filter((candidate) => candidate.kind === 'reviewItem' && candidate.entry.reason === 'stale-candidate');
    const archived = await vscode.commands.executeCommand<vscode.Uri[] | false>('memoryShelf.review.archive', node, undefined, { confirmed: true });
    assert.ok(archived && archived.length === 1, 'one file archived');
    const [target] = archived;
    archiveFolder = vscode.Uri.joinPath(target, '..');
    assert.ok(!target.path.startsWith(`${workspaceUri().path}/`), `archived outside the workspace: ${target.toString()}`);
    assert.match(target.path, /\/archive\/curation-suite-memory\/project_release-freeze\.md$/);
    assert.equal(await read(target), FILES['project_release-freeze.md']);
    assert.equal(await exists(file('project_release-freeze.md')), false);
    assert.equal(await read(file('MEMORY.md')), INDEX.replace(FREEZE_LINE, ''));
    assert.equal(await read(file('user_role.md')), FILES['user_role.md']);
    await eventually(() => assert.equal(root().store.get('project_release-freeze.md'), undefined));
    await eventually(() => assert.ok(root().store.resolveLink('release-freeze').status === 'dangling', 'the backlink is now a reservation'));

    await vscode.window.showTextDocument(file('MEMORY.md'));
    await vscode.commands.executeCommand('undo');
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(async () => assert.equal(await read(file('project_release-freeze.md')), FILES['project_release-freeze.md']));
    assert.equal(await read(file('MEMORY.md')), INDEX);
    assert.equal(await exists(target), false);
  });

  it('deletes a memory through an undoable edit (not an unlink): Undo gives back its bytes and its index line exactly', async () => {
    // The store catches up with the undone archive from the watcher: plan the delete from that.
    await eventually(() => assert.ok(root().store.get('project_release-freeze.md') && root().store.index?.text === INDEX));
    const applied: vscode.WorkspaceEdit[] = [];
    const applyPrepared = api.edits.applyPrepared.bind(api.edits);
    api.edits.applyPrepared = (edit, options) => {
      applied.push(edit);
      return applyPrepared(edit, options);
    };
    try {
      assert.equal(await vscode.commands.executeCommand('memoryShelf.deleteMemory', file('feedback_testing.md'), undefined, 'keep'), true);
    } finally {
      api.edits.applyPrepared = applyPrepared;
    }
    assert.equal(applied.length, 1, 'the delete is one WorkspaceEdit');
    assert.equal(await exists(file('feedback_testing.md')), false);
    // The entry is bold prose, as real indexes write them: its whole line goes.
    assert.equal(await read(file('MEMORY.md')), INDEX.replace('- **Testing** — [feedback_testing.md](feedback_testing.md): 통합 테스트는 실제 VS Code에서 돌린다\n', ''));

    await vscode.window.showTextDocument(file('MEMORY.md'));
    await vscode.commands.executeCommand('undo');
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(async () => assert.equal(await read(file('feedback_testing.md')), FILES['feedback_testing.md']));
    assert.equal(await read(file('MEMORY.md')), INDEX);
  });

  it('archives every candidate picked at once, and never over a file an earlier archive left', async () => {
    // The delete before is undone: plan from the store that has caught up with it.
    await eventually(() => assert.ok(root().store.get('feedback_testing.md') && root().store.index?.text === INDEX));
    const picked = (await reviewNodes()).filter((node) => node.kind === 'reviewItem' && node.entry.reason !== 'new' && node.entry.reason !== 'changed');
    assert.equal(picked.length, 2, 'both candidates are picked');
    // What an archive of an earlier week left under the same name.
    const earlier = '---\nname: grafana\ndescription: older copy\ntype: reference\nstatus: pending\n---\n';
    assert.ok(archiveFolder, 'the archive folder is known from the archive above');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(archiveFolder, 'reference_grafana.md'), new TextEncoder().encode(earlier));

    const archived = await vscode.commands.executeCommand<vscode.Uri[] | false>('memoryShelf.review.archive', picked[1], picked, { confirmed: true });
    assert.ok(archived, 'archived');
    const folderPath = archiveFolder.path;
    assert.deepEqual(archived.map((uri) => uri.path.slice(folderPath.length + 1)).sort(), ['project_release-freeze.md', 'reference_grafana~2.md']);
    assert.equal(await read(vscode.Uri.joinPath(archiveFolder, 'reference_grafana.md')), earlier, 'the earlier archive is kept');
    assert.equal(await read(vscode.Uri.joinPath(archiveFolder, 'reference_grafana~2.md')), FILES['reference_grafana.md']);
    assert.equal(await read(file('MEMORY.md')), INDEX.replace(FREEZE_LINE, '').replace('- [ダッシュボード](reference_grafana.md) — 本番の遅延は Grafana の「API latency」パネルで見る\n', ''));
  });
});
