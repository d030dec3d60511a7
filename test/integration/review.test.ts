import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { ReviewService } from '../../src/workspace/review/reviewService';
import { activateExtension, eventually, findItem, visibleTree, workspaceUri } from './helpers';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// Written at run time under a folder of this suite's own, so the other suites' lists of roots stay as they are.
const folder = (): vscode.Uri => workspaceUri('review-suite', 'memory');
const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);
const read = async (uri: vscode.Uri): Promise<string> => decoder.decode(await vscode.workspace.fs.readFile(uri));
const write = (uri: vscode.Uri, text: string): Thenable<void> => vscode.workspace.fs.writeFile(uri, encoder.encode(text));

const INDEX = '# Memory\n\n- [Testing](feedback_testing.md) — 통합 테스트는 실제 VS Code에서 돌린다.\n- **Release** — [project_release.md](project_release.md): freeze on Thursdays\n';
const TESTING = '---\nname: feedback_testing\ndescription: 통합 테스트는 실제 VS Code에서 돌린다.\ntype: feedback\n---\n\nモックではなく実機で確認する。理由: 2026-03 の障害はモックで見逃した。\n';
const RELEASE = '---\nname: release\ndescription: freeze on Thursdays\ntype: project\n---\n\nNo merges after "Freeze" is posted in #release, until Monday 09:00.\n';
const CANDIDATE = '---\nname: ui-labels\ndescription: 버튼 이름은 "저장"이 아니라 "Save changes"로 쓴다.\ntype: feedback\nstatus: pending\n---\n\nWhy: the settings page mixed both for 3 weeks.\n';

describe('To review: what an agent wrote waits for a person', () => {
  let api: MemoryShelfApi;
  const root = () => {
    const found = api.roots.roots.find((candidate) => candidate.uri.toString() === folder().toString());
    assert.ok(found, 'review-suite/memory is a root');
    return found;
  };
  const pendingPaths = () => api.review.pending(root()).map((entry) => `${entry.memory.path}:${entry.reason}`);

  before(async () => {
    await write(file('MEMORY.md'), INDEX);
    await write(file('feedback_testing.md'), TESTING);
    await write(file('project_release.md'), RELEASE);
    await write(file('feedback_ui-labels.md'), CANDIDATE);
    api = await activateExtension();
    await api.roots.ready;
    await eventually(() => assert.ok(root().store.get('feedback_ui-labels.md')));
    await api.review.whenReady();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(workspaceUri('review-suite'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('starts from now: files already there count as reviewed, a pending candidate waits', () => {
    assert.deepEqual(pendingPaths(), ['feedback_ui-labels.md:candidate']);
  });

  it('lists a file changed on disk under To review with a count, and drops it after Approve', async () => {
    const changed = RELEASE.replace('until Monday 09:00', 'until Tuesday 09:00');
    await write(file('project_release.md'), changed);
    await eventually(() => assert.deepEqual(pendingPaths(), ['feedback_ui-labels.md:candidate', 'project_release.md:changed']));
    const shown = findItem(findItem(await visibleTree(api), 'review-suite/memory').children, 'To review');
    assert.equal(shown.description, '2');
    assert.equal(shown.children.length, 2);

    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.approve', file('project_release.md')), true);
    assert.deepEqual(pendingPaths(), ['feedback_ui-labels.md:candidate']);
    assert.equal(await read(file('project_release.md')), changed, 'approving changes no file');
  });

  it('keeps the approved copy for the diff: the text approved before the agent changed it again', async () => {
    const approved = await read(file('project_release.md'));
    await write(file('project_release.md'), approved.replace('Tuesday', 'Wednesday'));
    await eventually(() => assert.ok(pendingPaths().includes('project_release.md:changed')));
    const hash = api.review.approvedHash(root(), 'project_release.md');
    assert.ok(hash);
    const copy = await vscode.workspace.openTextDocument(api.historyTexts.uriOf(root(), 'project_release.md', hash));
    assert.equal(copy.getText(), approved);
  });

  it('survives a reload: a service made again from the same storage sees the same approvals', async () => {
    await write(file('reference_dashboards.md'), '---\nname: dashboards\ndescription: Grafana board "API p95" tracks latency.\ntype: reference\n---\n');
    await eventually(() => assert.ok(pendingPaths().includes('reference_dashboards.md:new')));
    const again = new ReviewService(api.roots, api.documents, api.log, api.review.storage, api.history);
    try {
      await again.whenReady();
      assert.deepEqual(again.pending(root()).map((entry) => `${entry.memory.path}:${entry.reason}`), pendingPaths());
      assert.ok(!again.pending(root()).some((entry) => entry.memory.path === 'feedback_testing.md'));
    } finally {
      again.dispose();
    }
  });

  it('counts a memory saved by the person in VS Code as reviewed', async () => {
    const document = await vscode.workspace.openTextDocument(file('reference_dashboards.md'));
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((builder) => builder.insert(document.positionAt(document.getText().length), '\nOwner: SRE 팀.\n'));
    await document.save();
    await eventually(() => assert.ok(!pendingPaths().some((entry) => entry.startsWith('reference_dashboards.md'))));
  });

  it('approving a candidate takes out its status line and adds its index entry, nothing else', async () => {
    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.approve', file('feedback_ui-labels.md')), true);
    await eventually(async () => assert.equal(await read(file('feedback_ui-labels.md')), CANDIDATE.replace('status: pending\n', '')));
    const index = await read(file('MEMORY.md'));
    const added = index.split('\n').filter((line) => !INDEX.split('\n').includes(line));
    assert.equal(added.length, 1, index);
    assert.equal(index.replace(`${added[0]}\n`, ''), INDEX, 'the other lines keep their bytes');
    assert.match(added[0], /\]\(feedback_ui-labels\.md\)/);
    assert.ok(added[0].includes('버튼 이름은 "저장"이 아니라 "Save changes"로 쓴다.'));
    await eventually(() => assert.ok(!pendingPaths().some((entry) => entry.startsWith('feedback_ui-labels.md'))));
  });

  it('never lists a memory the person creates in VS Code, not even for a moment, and opens it in a tab of its own', async () => {
    // Every time the review or the roots change while the file is made, what waits is read as the tree reads it.
    const seen: string[] = [];
    const look = (): void => {
      for (const entry of pendingPaths()) if (entry.startsWith('feedback_small-prs.md')) seen.push(entry);
    };
    const listeners = [api.review.onDidChange(look), api.roots.onDidChangeFiles(look), api.roots.onDidChange(look)];
    try {
      const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.createReservedMemory', {
        root: folder().toString(), name: 'small-prs', type: 'feedback', description: 'PR은 300줄 이하로 나눈다', title: '작은 PR',
      });
      assert.equal(uri?.toString(), file('feedback_small-prs.md').toString());
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'the new memory is open');
      // Pinned, not a preview: the next row a person clicks must not replace the memory they just made.
      assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.isPreview, false);
      await eventually(async () => assert.ok(api.history.approvals(root())?.get('feedback_small-prs.md')));
      look();
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      listeners.forEach((listener) => listener.dispose());
    }
    assert.deepEqual(seen, []);
  });
});
