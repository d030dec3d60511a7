import * as assert from 'node:assert/strict';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { timelineProvider, type TimelineItemLike } from '../../src/features/history/timeline';
import { History } from '../../src/history';
import { activateExtension, eventually, findItem, visibleTree, workspaceUri } from './helpers';

// Under a folder of this suite's own; an "agent" here is this test writing with node's fs, as Claude Code
// does, never through VS Code. The history lives in the run's MEMORY_SHELF_HISTORY_DIR (runSuite sets it).
const folder = (): vscode.Uri => workspaceUri('history-suite', 'memory');
const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);
const bytes = (name: string): Buffer => readFileSync(file(name).fsPath);
const agentWrites = (name: string, text: string | Buffer): void => writeFileSync(file(name).fsPath, text);

// A BOM and CRLF line ends: a restore must give back the very bytes.
const DEPLOY = Buffer.from('\uFEFF---\r\nname: deploy-freeze\r\ndescription: 배포는 금요일에 하지 않는다\r\ntype: project\r\n---\r\n\r\nWhy: the 2026-11-20 outage came from a Friday deploy.\r\n', 'utf8');
const TONE = '---\nname: reply-tone\ndescription: 返信は丁寧語で書く\ntype: feedback\n---\n\nUsers asked for polite Japanese in replies.\n';
const DEPLOY_LINE = '- [Deploy freeze](project_deploy.md) — 배포는 금요일에 하지 않는다';
const TONE_LINE = '- [Reply tone](feedback_tone.md) — 返信は丁寧語で書く';
const INDEX = `# Memory\r\n\r\n${DEPLOY_LINE}\r\n${TONE_LINE}\r\n`;

describe('History: every version kept, agent changes and deletions shown and restored', function () {
  this.timeout(60_000);
  let api: MemoryShelfApi;
  const root = () => {
    const found = api.roots.roots.find((candidate) => candidate.uri.toString() === folder().toString());
    assert.ok(found, 'history-suite/memory is a root');
    return found;
  };
  const pendingPaths = () => api.review.pending(root()).map((entry) => `${entry.memory.path}:${entry.reason}`);
  const storeRoot = async () => (await History.open().root(folder().fsPath));

  before(async () => {
    await vscode.workspace.fs.createDirectory(folder());
    agentWrites('MEMORY.md', INDEX);
    agentWrites('project_deploy.md', DEPLOY);
    agentWrites('feedback_tone.md', TONE);
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen first.
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await eventually(() => assert.ok(root().store.get('feedback_tone.md')));
    await api.review.whenReady();
    await api.history.whenScanned();
    // The load records what it found: the history is where a deleted file comes back from.
    await eventually(() => assert.ok(api.history.latest(root(), 'project_deploy.md') && api.history.latest(root(), 'MEMORY.md')), 15_000);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(workspaceUri('history-suite'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('starts from now: the files there at first load count as approved, nothing waits', () => {
    assert.deepEqual(pendingPaths(), []);
  });

  it("lists an agent's change, keeps it as the agent's version, and Reject puts the approved bytes back", async () => {
    agentWrites('feedback_tone.md', TONE.replace('polite Japanese', 'casual Japanese'));
    await eventually(() => assert.deepEqual(pendingPaths(), ['feedback_tone.md:changed']));
    await eventually(async () => assert.equal(api.history.latest(root(), 'feedback_tone.md')?.author, 'agent', JSON.stringify(await api.history.versions(root(), 'feedback_tone.md'))));
    // Its hover, when shown, says what changed: the line taken out and the line put in.
    const node = { kind: 'reviewItem' as const, root: root(), entry: api.review.pending(root())[0] };
    const row = api.tree.getTreeItem(node);
    assert.equal(row.tooltip, undefined, 'made when shown');
    const hover = (await api.tree.resolveTreeItem(row, node)).tooltip;
    assert.ok(hover instanceof vscode.MarkdownString);
    assert.match(hover.value, /What changed since you approved it/);
    assert.match(hover.value, /^- .*polite Japanese/m);
    assert.match(hover.value, /^\+ .*casual Japanese/m);

    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.reject', file('feedback_tone.md')), true);
    await eventually(() => assert.equal(bytes('feedback_tone.md').toString('utf8'), TONE));
    await eventually(() => assert.deepEqual(pendingPaths(), []));
    assert.ok(bytes('project_deploy.md').equals(DEPLOY), 'no other file changed');
    // Show History says Reject put it back, not that the person saved something.
    await eventually(async () => assert.deepEqual(
      { author: api.history.latest(root(), 'feedback_tone.md')?.author, source: api.history.latest(root(), 'feedback_tone.md')?.source },
      { author: 'person', source: 'reject' },
      JSON.stringify(await api.history.versions(root(), 'feedback_tone.md')),
    ));
    const provider = timelineProvider(api);
    try {
      const { items } = await provider.provideTimeline(file('feedback_tone.md'), {}, new vscode.CancellationTokenSource().token);
      assert.equal(items[0]?.label, 'Restored by Reject (the version last approved) · 1 line changed', items.map((item) => item.label).join(', '));
    } finally {
      provider.dispose();
    }
  });

  it("lists an agent's new memory, and Reject removes the file", async () => {
    agentWrites('user_editor.md', '---\nname: editor\ndescription: Uses Neovim with LazyVim\ntype: user\n---\n');
    await eventually(() => assert.deepEqual(pendingPaths(), ['user_editor.md:new']));
    const entry = api.review.pending(root())[0];
    // The single Reject asks first (trash or for good); the group command, confirmed, does not.
    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.rejectGroup', { root: root(), entries: [entry] }, { confirmed: true }), true);
    await eventually(async () => assert.equal(await exists(file('user_editor.md')), false));
    await eventually(() => assert.deepEqual(pendingPaths(), []));
    // Deleted in VS Code: the person's deletion, which waits for nobody.
    await eventually(async () => assert.equal(api.history.latest(root(), 'user_editor.md')?.author, 'person', JSON.stringify(await api.history.versions(root(), 'user_editor.md'))));
  });

  it('shows a memory an agent deleted (index line too) as deleted, and Restore brings back its bytes and its line in one edit', async () => {
    unlinkSync(file('project_deploy.md').fsPath);
    agentWrites('MEMORY.md', `# Memory\r\n\r\n${TONE_LINE}\r\n`);
    await eventually(() => assert.deepEqual(pendingPaths(), ['project_deploy.md:deleted']));
    const entry = api.review.pending(root())[0];
    assert.equal(entry.deletion?.author, 'agent');
    assert.equal(entry.memory.description, '배포는 금요일에 하지 않는다', 'what it said comes from the history');
    const review = findItem(findItem(await visibleTree(api), 'history-suite/memory').children, 'To review');
    assert.ok(review.children.some((item) => item.description.startsWith('deleted · 배포는')), JSON.stringify(review.children));

    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.restore', file('project_deploy.md')), true);
    await eventually(() => assert.ok(bytes('project_deploy.md').equals(DEPLOY), 'byte for byte'));
    // Its line goes back where it stood, above the line that followed it, not at the end (issue #40).
    await eventually(() => assert.equal(bytes('MEMORY.md').toString('utf8'), INDEX));
    await eventually(() => assert.deepEqual(pendingPaths(), []));
    // One edit: Memory Shelf's Undo takes the file and the line away together.
    assert.equal(api.edits.journal.last?.label, 'Restore deleted memory');
    assert.equal(api.edits.journal.last?.before.length, 2);
  });

  it('notices a memory deleted while no window was open (history has it, the folder does not) at the next load', async () => {
    const gone = Buffer.from('---\nname: api-limits\ndescription: The billing API allows 40 requests per minute\ntype: reference\n---\n', 'utf8');
    const forgotten = Buffer.from('---\nname: old-host\ndescription: Staging ran on host-b until 2026-10\ntype: reference\n---\n', 'utf8');
    const store = await storeRoot();
    // What the window saw before it closed: two memories and the index listing one of them.
    await store.record('reference_api-limits.md', gone, { author: 'unknown', source: 'load' });
    await store.record('reference_old-host.md', forgotten, { author: 'unknown', source: 'load' });
    // Both were there when that window first loaded the folder: approved as it started from now.
    await store.approve('reference_api-limits.md', gone);
    await store.approve('reference_old-host.md', forgotten);
    const indexThen = `${bytes('MEMORY.md').toString('utf8')}- [API limits](reference_api-limits.md) — The billing API allows 40 requests per minute\r\n`;
    await store.record('MEMORY.md', Buffer.from(indexThen, 'utf8'), { author: 'unknown', source: 'load' });

    await vscode.commands.executeCommand('memoryShelf.refresh');
    await api.history.whenScanned();
    await eventually(() => assert.deepEqual(pendingPaths(), ['reference_api-limits.md:deleted', 'reference_old-host.md:deleted']), 15_000);
    assert.ok(api.review.pending(root()).every((entry) => entry.deletion?.author === 'unknown'));

    // Approve a deletion = let it go; it stays gone after another load.
    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.approve', file('reference_old-host.md')), true);
    // The approval lands in the shared history and comes back to the review as a change of its log: wait for it.
    await eventually(() => assert.deepEqual(pendingPaths(), ['reference_api-limits.md:deleted']));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.restore', file('reference_api-limits.md')), true);
    await eventually(() => assert.ok(bytes('reference_api-limits.md').equals(gone)));
    await eventually(() => assert.ok(bytes('MEMORY.md').toString('utf8').endsWith('- [API limits](reference_api-limits.md) — The billing API allows 40 requests per minute\r\n')));
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await api.review.whenReady();
    await api.history.whenScanned();
    await eventually(() => assert.deepEqual(pendingPaths(), []));
  });

  it('agrees with the command line: an approval `memory-shelf review --approve` writes settles what waits here, without a refresh', async () => {
    const role = '---\nname: oncall\ndescription: On call in week 2 of each month\ntype: user\n---\n';
    agentWrites('user_oncall.md', role);
    await eventually(() => assert.deepEqual(pendingPaths(), ['user_oncall.md:new']));
    // What the CLI does on --approve: the bytes on disk approved in the shared history.
    await (await storeRoot()).approve('user_oncall.md', Buffer.from(role, 'utf8'));
    await eventually(() => assert.deepEqual(pendingPaths(), []));
  });

  it('never names the session in the frontmatter as the one that changed a memory: without the hook it is not known (issue #40)', async () => {
    const creator = '0b3c6f1e-2d4a-4f7e-9a51-7c2e8d9f0a11';
    const stamped = (name: string, fact: string): string => `---\nname: ${name}\ndescription: ${fact}\nmetadata:\n  type: project\n  originSessionId: ${creator}\n---\n\n${fact}\n`;
    agentWrites('project_ports.md', stamped('ports', 'The API listens on 8080'));
    agentWrites('project_hosts.md', stamped('hosts', 'Staging runs on stg-1'));
    await eventually(() => assert.deepEqual(pendingPaths(), ['project_hosts.md:new', 'project_ports.md:new']));
    // A new file's stamp is its own account of who wrote it.
    assert.deepEqual(api.review.pending(root()).map((entry) => entry.session), [creator, creator]);
    await api.review.approveAll(api.review.pending(root()));
    await eventually(() => assert.deepEqual(pendingPaths(), []));
    // Changed later by someone else (a script, another session without the hook), the stamp left as it was.
    agentWrites('project_ports.md', stamped('ports', 'The API listens on 9090'));
    agentWrites('project_hosts.md', stamped('hosts', 'Staging runs on stg-2'));
    await eventually(() => assert.deepEqual(pendingPaths(), ['project_hosts.md:changed', 'project_ports.md:changed']));
    assert.deepEqual(api.review.pending(root()).map((entry) => entry.session), [undefined, undefined]);
    const review = findItem(findItem(await visibleTree(api), 'history-suite/memory').children, 'To review');
    assert.ok(!review.children.some((item) => item.label.includes('session')), `not grouped under a session: ${review.children.map((item) => item.label).join(', ')}`);
    const node = { kind: 'reviewItem' as const, root: root(), entry: api.review.pending(root())[0] };
    const hover = (await api.tree.resolveTreeItem(api.tree.getTreeItem(node), node)).tooltip;
    assert.ok(hover instanceof vscode.MarkdownString);
    assert.match(hover.value, /Changed on disk, not by Memory Shelf; install the hook/);
    assert.doesNotMatch(hover.value, new RegExp(creator.slice(0, 8)));
    for (const name of ['project_ports.md', 'project_hosts.md']) unlinkSync(file(name).fsPath);
    await eventually(() => assert.deepEqual(pendingPaths().filter((path) => !path.endsWith(':deleted')), []));
    await api.review.approveAll(api.review.pending(root()));
    await eventually(() => assert.deepEqual(pendingPaths(), []));
  });

  it('rejects several changes as one change with one Undo, which brings every one of them back (issue #40)', async () => {
    // Files of its own, so the other tests' histories stay as they expect.
    const budget = '---\nname: budget\ndescription: The cloud budget is 2,000 EUR a month\ntype: project\n---\n';
    agentWrites('project_budget.md', budget);
    await eventually(() => assert.deepEqual(pendingPaths(), ['project_budget.md:new']));
    await api.review.approve(root(), 'project_budget.md', budget);
    await eventually(() => assert.deepEqual(pendingPaths(), []));
    const raised = budget.replace('2,000', '3,000');
    const editor = '---\nname: editor\ndescription: Uses Helix\ntype: user\n---\n';
    agentWrites('project_budget.md', raised);
    agentWrites('user_editor.md', editor);
    await eventually(() => assert.deepEqual(pendingPaths(), ['project_budget.md:changed', 'user_editor.md:new']));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.rejectGroup', { root: root(), entries: api.review.pending(root()) }, { confirmed: true }), true);
    await eventually(async () => assert.equal(await exists(file('user_editor.md')), false));
    await eventually(() => assert.equal(bytes('project_budget.md').toString('utf8'), budget));
    const last = api.edits.journal.last;
    assert.equal(last?.label, 'Reject 2 changes', 'the notification\'s Undo and Undo Last Memory Shelf Change take back the whole rejection');
    assert.equal(await api.edits.journal.undo(last!), 'undone');
    await eventually(() => assert.equal(bytes('project_budget.md').toString('utf8'), raised));
    await eventually(async () => assert.equal(await exists(file('user_editor.md')), true));
    assert.equal(bytes('user_editor.md').toString('utf8'), editor);
    // Cleared for the next tests. The deletions wait for review once the history has recorded them; on a
    // slow machine a deletion this soon after the Undo wrote the files may count as Memory Shelf's own,
    // and then nothing waits for it: not asserted, only waited for.
    for (const name of ['project_budget.md', 'user_editor.md']) unlinkSync(file(name).fsPath);
    await eventually(() => assert.deepEqual(pendingPaths(), ['project_budget.md:deleted', 'user_editor.md:deleted'])).catch(() => undefined);
    await eventually(async () => {
      await api.review.approveAll(api.review.pending(root()));
      assert.deepEqual(pendingPaths(), []);
    });
  });

  it('keeps an approved memory approved when the person moves it in VS Code (Rename File after a retype), and a pending one pending', async () => {
    agentWrites('reference_wiki.md', '---\nname: wiki\ndescription: The team wiki lives on Confluence\ntype: reference\n---\n');
    agentWrites('reference_board.md', '---\nname: board\ndescription: The board is in Jira\ntype: reference\n---\n');
    await eventually(() => assert.deepEqual(pendingPaths(), ['reference_board.md:new', 'reference_wiki.md:new']));
    await api.review.approve(root(), 'reference_wiki.md', root().store.get('reference_wiki.md')!.text);
    await eventually(() => assert.deepEqual(pendingPaths(), ['reference_board.md:new']));
    const edit = new vscode.WorkspaceEdit();
    edit.renameFile(file('reference_wiki.md'), file('reference_team-wiki.md'));
    edit.renameFile(file('reference_board.md'), file('reference_team-board.md'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    await eventually(() => assert.ok(root().store.get('reference_team-wiki.md') && root().store.get('reference_team-board.md')));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await eventually(() => assert.deepEqual(pendingPaths(), ['reference_team-board.md:new']));
    for (const name of ['reference_team-wiki.md', 'reference_team-board.md']) unlinkSync(file(name).fsPath);
    await eventually(() => assert.deepEqual(pendingPaths(), ['reference_team-wiki.md:deleted']));
    await api.review.approveAll(api.review.pending(root()));
    await eventually(() => assert.deepEqual(pendingPaths(), []));
  });

  it("groups one Claude Code session's changes and approves them at once", async () => {
    const session = '5e1f0c2a-7b9d-4c3e-8a61-0f2d9e4b7c10';
    const store = await storeRoot();
    const tone = TONE.replace('polite', 'very polite');
    const deploy = Buffer.concat([DEPLOY, Buffer.from('Except hotfixes approved by the on-call lead.\r\n', 'utf8')]);
    // What Claude Code's hook records after the tool call, before the window's watcher sees the write.
    await store.record('feedback_tone.md', Buffer.from(tone, 'utf8'), { author: 'agent', source: 'hook-post', sessionId: session, tool: 'Edit' });
    await store.record('project_deploy.md', deploy, { author: 'agent', source: 'hook-post', sessionId: session, tool: 'Write' });
    agentWrites('feedback_tone.md', tone);
    agentWrites('project_deploy.md', deploy);
    await eventually(() => assert.deepEqual(pendingPaths(), ['feedback_tone.md:changed', 'project_deploy.md:changed']));
    await eventually(async () => {
      const review = findItem(findItem(await visibleTree(api), 'history-suite/memory').children, 'To review');
      const latest = ['feedback_tone.md', 'project_deploy.md'].map((path) => api.history.latest(root(), path));
      const group = review.children.find((item) => item.label === 'Claude changed 2 memories in session 5e1f0c2a…');
      assert.ok(group, `shown: ${review.children.map((item) => item.label).join(', ')}; latest: ${JSON.stringify(latest)}`);
      assert.equal(group.children.length, 2);
    });
    const [node] = (await api.tree.getChildren((await api.tree.getChildren((await api.tree.getChildren()).find((n) => n.kind === 'root' && n.root === root()))).find((n) => n.kind === 'review')));
    assert.equal(node.kind, 'reviewSession');
    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.approveGroup', node), true);
    await eventually(() => assert.deepEqual(pendingPaths(), []));
  });

  it("takes Claude Code's session tag that arrives after this window recorded the write, and groups the change by session without a reload", async () => {
    const session = '9a7d3c1e-2b4f-4e6a-8c0d-5f1e2a3b4c5d';
    const store = await storeRoot();
    const tone = TONE.replace('polite', 'formal');
    const deploy = Buffer.concat([DEPLOY, Buffer.from('Freeze lifts on Monday 09:00.\r\n', 'utf8')]);
    agentWrites('feedback_tone.md', tone);
    agentWrites('project_deploy.md', deploy);
    // The watcher was first: both recorded as the agent's, with no session yet.
    await eventually(() => {
      for (const path of ['feedback_tone.md', 'project_deploy.md']) {
        const latest = api.history.latest(root(), path);
        assert.ok(latest?.author === 'agent' && latest.source === 'disk-change' && !latest.sessionId, `${path}: ${JSON.stringify(latest)}`);
      }
    }, 15_000);
    assert.ok(api.review.pending(root()).every((entry) => entry.session === undefined));
    // Claude Code's PostToolUse hook, late: it tags what is already recorded with its session.
    await store.record('feedback_tone.md', Buffer.from(tone, 'utf8'), { author: 'agent', source: 'hook-post', sessionId: session, tool: 'Edit' });
    await store.record('project_deploy.md', deploy, { author: 'agent', source: 'hook-post', sessionId: session, tool: 'Write' });
    await eventually(async () => {
      const review = findItem(findItem(await visibleTree(api), 'history-suite/memory').children, 'To review');
      assert.ok(review.children.some((item) => item.label === 'Claude changed 2 memories in session 9a7d3c1e…'), `shown: ${review.children.map((item) => item.label).join(', ')}`);
    }, 15_000);
    assert.equal(await vscode.commands.executeCommand('memoryShelf.review.approveGroup', { root: root(), entries: api.review.pending(root()) }), true);
    await eventually(() => assert.deepEqual(pendingPaths(), []));
  });

  it('lists a memory\'s versions for the Timeline (through the provider: code-server 4.100 keeps the view closed to extensions) and restores one', async () => {
    const provider = timelineProvider(api);
    try {
      const { items } = await provider.provideTimeline(file('feedback_tone.md'), {}, new vscode.CancellationTokenSource().token);
      const labels = items.map((item) => item.label);
      assert.ok(items.length >= 4, labels.join(', '));
      assert.equal(labels[0], 'Claude (agent) · 1 line changed', `newest first, the hook's word that an agent wrote it: ${labels.join(', ')}`);
      assert.equal(items[0].description, 'session 9a7d3c1e… · Edit');
      assert.ok(labels.includes('Changed outside VS Code · 1 line changed'), labels.join(', '));
      assert.ok(labels.includes('Version seen at load'));
      assert.ok(items.every((item, i) => i === 0 || items[i - 1].timestamp >= item.timestamp));
      const original: TimelineItemLike | undefined = items.at(-1);
      assert.ok(original?.command, 'a version opens as a diff');
      assert.equal(await vscode.commands.executeCommand('memoryShelf.history.restoreVersion', original), true);
      await eventually(() => assert.equal(bytes('feedback_tone.md').toString('utf8'), TONE));
      // The restore is the person's and counts as approved.
      await eventually(() => assert.deepEqual(pendingPaths(), []));
      await eventually(async () => assert.equal((await provider.provideTimeline(file('feedback_tone.md'), {}, new vscode.CancellationTokenSource().token)).items[0]?.label, 'Restored · 1 line changed'));
    } finally {
      provider.dispose();
    }
  });

  it('says who changed what in each version, newest first, and Restore on the title bar of a version\'s diff writes that version back (issue #40)', async () => {
    const provider = timelineProvider(api);
    const timeline = async () => (await provider.provideTimeline(file('feedback_tone.md'), {}, new vscode.CancellationTokenSource().token)).items;
    try {
      // The person edits one line in VS Code and saves.
      const document = await vscode.workspace.openTextDocument(file('feedback_tone.md'));
      const edit = new vscode.WorkspaceEdit();
      const line = document.lineAt(document.lineCount - 2);
      assert.match(line.text, /polite Japanese/);
      edit.replace(document.uri, line.range, 'Users asked for polite Japanese, with keigo in replies.');
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await document.save());
      const saved = bytes('feedback_tone.md');
      await eventually(async () => assert.equal((await timeline())[0]?.label, 'You, in VS Code · 1 line changed', (await timeline()).map((item) => item.label).join(', ')));

      // Claude, through its hook, adds three lines.
      const session = '5e1f0c2a-1d2e-4f3a-9b8c-7d6e5f4a3b2c';
      const agents = Buffer.concat([saved, Buffer.from('\nWhy: a customer complained about a casual reply.\nHow to apply: every reply in Japanese.\n', 'utf8')]);
      await (await storeRoot()).record('feedback_tone.md', agents, { author: 'agent', source: 'hook-post', sessionId: session, tool: 'Write' });
      agentWrites('feedback_tone.md', agents);
      await eventually(() => assert.deepEqual(pendingPaths(), ['feedback_tone.md:changed']));
      // The hook's record says it changed before the window has read the file again; Restore compares with what the window holds.
      await eventually(() => assert.equal(root().store.get('feedback_tone.md')?.text, agents.toString('utf8')));
      const items = await timeline();
      assert.deepEqual(items.slice(0, 2).map((item) => [item.label, item.description]), [
        ['Claude (agent) · 3 lines changed', 'session 5e1f0c2a… · Write'],
        ['You, in VS Code · 1 line changed', ''],
      ]);

      // The person's version opened as a diff (the row's command); Restore from the diff's title bar, which
      // VS Code runs with the diff's right side, the file now.
      await vscode.commands.executeCommand(items[1].command!.command, ...(items[1].command!.arguments ?? []));
      await eventually(() => {
        const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        assert.ok(input instanceof vscode.TabInputTextDiff && input.original.scheme === 'memory-shelf-history', 'the version beside the file now');
      });
      assert.equal(await vscode.commands.executeCommand('memoryShelf.history.restoreShown', file('feedback_tone.md')), true);
      await eventually(() => assert.ok(bytes('feedback_tone.md').equals(saved), 'byte for byte'));
      await eventually(() => assert.deepEqual(pendingPaths(), []));
      await eventually(async () => assert.equal((await timeline())[0]?.label, 'Restored · 3 lines changed'));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } finally {
      provider.dispose();
    }
  });

  it("keeps what a file held before a rename through the command replaces it: an agent's write not recorded yet is not lost", async () => {
    const agents = Buffer.concat([DEPLOY, Buffer.from('Hotfixes go through the on-call lead.\r\n', 'utf8')]);
    agentWrites('project_deploy.md', agents);
    // The store has read the write; the history's own record of it waits a moment for Claude Code's hook.
    await eventually(() => assert.match(root().store.get('project_deploy.md')?.text ?? '', /on-call lead/));
    await vscode.commands.executeCommand('memoryShelf.renameMemory', file('project_deploy.md'), 'release-freeze');
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
    await eventually(() => assert.match(bytes('project_deploy.md').toString('utf8'), /^\uFEFF---\r\nname: release-freeze\r\n/));
    const store = await storeRoot();
    await eventually(async () => {
      const versions = await store.versions('project_deploy.md');
      const kept = await Promise.all(versions.map(async (version) => store.blob(version.hash)));
      assert.ok(kept.some((blob) => blob && Buffer.from(blob).equals(agents)), `the agent's bytes are kept: ${JSON.stringify(versions)}`);
    });
  });
});

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
