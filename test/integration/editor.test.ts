import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { EditorSession } from '../../src/features/editor/editorSession';
import type { FormState, HostMessage, WebviewMessage } from '../../src/webview/editor/protocol';
import { activateExtension, eventually, workspaceUri } from './helpers';

const encoder = new TextEncoder();
const VIEW_TYPE = 'memoryShelf.editor';

// Written the way Claude Code writes today (type under metadata, a session id), on Windows (CRLF),
// with a comment a person added, in Korean; it links to a memory that exists and to one that does not.
const REVIEW = [
  '---',
  'name: feedback-review-order',
  'description: 리뷰는 설계 의도부터 읽는다  # 팀 합의 2026-06-12',
  'metadata:',
  '  type: feedback',
  '  originSessionId: 7d41c2aa-93e1-4b7f-8c55-0e2f6a9b1d03',
  '---',
  '설계 문서가 없으면 [[feedback-math-notation]]처럼 먼저 적는다. 체크리스트는 [[release-checklist]]에 만든다.',
  '',
].join('\r\n');

const LINKER = '---\nname: project-review-guide\ndescription: How the lab reviews pull requests before the Friday merge\ntype: project\n---\nOrder of reading: [[feedback-review-order]].\n';

// The most common break in real folders: a plain description holding ": ".
const BROKEN = '---\nname: deploy-freeze\ndescription: Note: staging first: always\ntype: project\n---\nNo deploys on Friday afternoons.\n';

describe('Memory Shelf Editor', () => {
  let api: MemoryShelfApi;
  const created: vscode.Uri[] = [];

  const memoryFolder = (): vscode.Uri => workspaceUri('memory');
  const root = () => {
    const found = api.roots.roots.find((candidate) => candidate.uri.toString() === memoryFolder().toString());
    assert.ok(found, 'the workspace memory/ folder is a root');
    return found;
  };

  async function write(name: string, text: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(memoryFolder(), name);
    await vscode.workspace.fs.writeFile(uri, encoder.encode(text));
    if (!created.some((known) => known.toString() === uri.toString())) created.push(uri);
    await eventually(() => assert.equal(root().store.get(name)?.text, text.replace(/^\uFEFF/, '')));
    return uri;
  }

  async function openEditor(uri: vscode.Uri): Promise<{ session: EditorSession; document: vscode.TextDocument }> {
    await vscode.commands.executeCommand('memoryShelf.openEditor', uri);
    let session: EditorSession | undefined;
    await eventually(() => {
      session = api.editors.sessionsFor(uri)[0];
      assert.ok(session, 'the custom editor resolved');
    });
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputCustom && tab.input.viewType === VIEW_TYPE, 'the active tab is the Memory Shelf Editor');
    await session!.receive({ kind: 'ready' });
    return { session: session!, document: session!.document };
  }

  /** Sends what the webview sends when a field is left after typing, on the version it shows. */
  async function setField(session: EditorSession, path: string, value: string, version = session.document.version): Promise<void> {
    const state = session.state;
    assert.ok(state);
    const base = path === 'name' ? state.name : path === 'description' ? state.description : path === 'type' ? state.type : state.others.find((field) => field.path === path)?.value ?? '';
    const message: WebviewMessage = { kind: 'setField', path, value, base, version };
    await session.receive(message);
  }

  function nextRefusal(session: EditorSession): Promise<Extract<HostMessage, { kind: 'refused' }>> {
    return new Promise((resolve) => {
      const subscription = session.onRefused((message) => {
        subscription.dispose();
        resolve(message);
      });
    });
  }

  async function stateWhere(session: EditorSession, check: (state: FormState) => boolean): Promise<FormState> {
    let found: FormState | undefined;
    await eventually(() => {
      found = session.state;
      assert.ok(found && check(found), `the form shows the change; it shows ${JSON.stringify(found && { version: found.version, description: found.description, name: found.name })}`);
    });
    return found!;
  }

  /**
   * Reverts and closes every editor. Clean documents of the memory folder are reverted too: a model
   * VS Code kept after another suite replaced the folder behind its back would hold stale text.
   */
  async function closeAll(): Promise<void> {
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme !== memoryFolder().scheme || (!document.isDirty && !document.uri.path.startsWith(`${memoryFolder().path}/`))) continue;
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }

  before(async () => {
    api = await activateExtension();
    await api.roots.ready;
    await closeAll();
  });

  afterEach(async () => {
    await closeAll();
    await vscode.workspace.getConfiguration('memoryShelf').update('rename.renameFile', undefined, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    for (const uri of created) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    await eventually(() => assert.ok(created.every((uri) => root().store.get(uri.path.split('/').pop()!) === undefined)));
  });

  it('shows every field, the nested ones by path, the links and their resolution', async () => {
    const uri = await write('feedback_review_order.md', REVIEW);
    const { session } = await openEditor(uri);
    const state = await stateWhere(session, (s) => s.name === 'feedback-review-order');
    assert.equal(state.frontmatter, 'ok');
    assert.equal(state.description, '리뷰는 설계 의도부터 읽는다');
    assert.equal(state.type, 'feedback');
    assert.equal(state.typePath, 'metadata.type');
    assert.deepEqual(state.types, ['user', 'feedback', 'project', 'reference']);
    // The session id is Claude Code's stamp: a fact of the header, not a field.
    assert.deepEqual(state.others.map((field) => [field.path, field.value]), [['metadata', '']]);
    assert.deepEqual(state.stamp, { writtenByClaudeCode: true, session: '7d41c2aa-93e1-4b7f-8c55-0e2f6a9b1d03' });
    assert.deepEqual(state.links, [{ target: 'feedback-math-notation', status: 'resolved' }, { target: 'release-checklist', status: 'dangling' }]);
    assert.ok(state.otherNames.includes('feedback-math-notation'));
    assert.ok(!state.otherNames.includes('feedback-review-order'));
    assert.ok(state.body.startsWith('설계 문서가 없으면'));
  });

  it('writes each field as an edit of the document, byte for byte, and undo gives the file back', async () => {
    const uri = await write('feedback_review_order.md', REVIEW);
    const { session, document } = await openEditor(uri);
    const steps: [string, string, string][] = [
      ['description', '배포 전 확인: 스테이징 통과', REVIEW.replace('리뷰는 설계 의도부터 읽는다  #', '"배포 전 확인: 스테이징 통과"  #')],
      ['type', 'project', ''],
      ['metadata.reviewedBy', 'ana', ''],
      ['name', 'feedback-reading-order', ''],
    ];
    steps[1][2] = steps[0][2].replace('  type: feedback', '  type: project');
    steps[2][2] = steps[1][2].replace('  originSessionId: 7d41c2aa-93e1-4b7f-8c55-0e2f6a9b1d03\r\n', '  originSessionId: 7d41c2aa-93e1-4b7f-8c55-0e2f6a9b1d03\r\n  reviewedBy: ana\r\n');
    steps[3][2] = steps[2][2].replace('name: feedback-review-order', 'name: feedback-reading-order');
    for (const [path, value, expected] of steps) {
      await setField(session, path, value);
      assert.equal(document.getText(), expected, `after setting ${path}`);
      await stateWhere(session, (state) => state.version === document.version);
    }
    // Claude Code's stamp is never written from the form, not even through "Add a key".
    const stamped: [string, string][] = [['metadata.originSessionId', 'a41c-77'], ['metadata.modified', '2026-01-01T00:00:00Z'], ['metadata.node_type', 'memory']];
    for (const [path, value] of stamped) {
      const refused = nextRefusal(session);
      await setField(session, path, value);
      assert.deepEqual({ ...(await refused), current: '' }, { kind: 'refused', path, reason: 'not-editable', current: '' });
      assert.equal(document.getText(), steps[steps.length - 1][2], `after trying to set ${path}`);
    }
    assert.ok(document.isDirty, 'the edits are unsaved, like typing');
    for (let i = 0; i < steps.length; i++) await vscode.commands.executeCommand('undo');
    await eventually(() => assert.equal(document.getText(), REVIEW));
    await vscode.commands.executeCommand('redo');
    await eventually(() => assert.equal(document.getText(), steps[0][2]));
  });

  it('offers to rename the file when the type changes in the form, as Change Type… does (issue #40)', async () => {
    const uri = await write('feedback_review_order.md', REVIEW);
    const { session, document } = await openEditor(uri);
    await stateWhere(session, (state) => state.type === 'feedback');
    const offers: string[] = [];
    const listening = session.onRenameOffer((message) => offers.push(message));
    try {
      await setField(session, 'type', 'project');
      assert.match(document.getText(), /^ {2}type: project\r$/m);
      await eventually(() => assert.deepEqual(offers, ['Changed the type of "리뷰는 설계 의도부터 읽는다" to project. Its file name feedback_review_order.md still says feedback: rename it to project_review_order.md?']));
    } finally {
      listening.dispose();
    }
    // What the notification's Rename File button runs.
    await document.save();
    const renamed = vscode.Uri.joinPath(memoryFolder(), 'project_review_order.md');
    created.push(renamed);
    assert.equal(await vscode.commands.executeCommand('_memoryShelf.renameAfterRetype', memoryFolder(), [{ path: 'feedback_review_order.md', oldType: 'feedback' }], 'project'), true);
    await eventually(() => assert.ok(root().store.get('project_review_order.md') && !root().store.get('feedback_review_order.md')));
    // The next tests write feedback_review_order.md again: one memory of that name at a time.
    await closeAll();
    await vscode.workspace.fs.delete(renamed);
    await eventually(() => assert.equal(root().store.get('project_review_order.md'), undefined));
  });

  it('follows the document when it is rewritten underneath, and refuses a value typed over what changed', async () => {
    const uri = await write('feedback_review_order.md', REVIEW);
    const { session, document } = await openEditor(uri);
    const shown = await stateWhere(session, (state) => state.description === '리뷰는 설계 의도부터 읽는다');
    // An agent rewrites the file on disk while the form is open.
    const rewritten = REVIEW.replace('리뷰는 설계 의도부터 읽는다', '리뷰는 테스트부터 읽는다');
    await vscode.workspace.fs.writeFile(uri, encoder.encode(rewritten));
    await stateWhere(session, (state) => state.description === '리뷰는 테스트부터 읽는다');
    assert.equal(document.getText(), rewritten);

    // The person was typing over the old value: their text must not silently replace the agent's.
    const refused = nextRefusal(session);
    await session.receive({ kind: 'setField', path: 'description', value: '내가 쓴 설명', base: shown.description, version: shown.version });
    assert.deepEqual(await refused, { kind: 'refused', path: 'description', reason: 'stale', current: '리뷰는 테스트부터 읽는다' });
    assert.equal(document.getText(), rewritten);

    // A key the rewrite did not touch is still written on the old version: nothing of theirs is lost.
    await session.receive({ kind: 'setField', path: 'type', value: 'reference', base: 'feedback', version: shown.version });
    assert.equal(document.getText(), rewritten.replace('  type: feedback', '  type: reference'));
  });

  it('shows where a frontmatter that does not parse is broken, and never writes to it', async () => {
    const uri = await write('project_deploy_freeze.md', BROKEN);
    const { session, document } = await openEditor(uri);
    const state = await stateWhere(session, (s) => s.frontmatter === 'invalid');
    assert.ok(state.errors.length > 0);
    assert.equal(state.errors[0].line, 3, 'the error is on the description line');
    for (const path of ['name', 'description', 'type', 'source']) {
      const refused = nextRefusal(session);
      await session.receive({ kind: 'setField', path, value: 'x', base: '', version: document.version });
      assert.equal((await refused).reason, 'frontmatter-invalid');
    }
    assert.equal(document.getText(), BROKEN);
    assert.ok(!document.isDirty);

    await session.receive({ kind: 'openAsText', line: 2 });
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), uri.toString());
    assert.equal(editor?.selection.active.line, 2);
  });

  it('renames through the rename that updates the links to the memory', async () => {
    await vscode.workspace.getConfiguration('memoryShelf').update('rename.renameFile', 'never', vscode.ConfigurationTarget.Global);
    const uri = await write('feedback_review_order.md', REVIEW);
    const linker = await write('project_review_guide.md', LINKER);
    const { session } = await openEditor(uri);
    const state = await stateWhere(session, (s) => s.backlinks.length === 1);
    assert.deepEqual(state.backlinks.map((backlink) => [backlink.source, backlink.path, backlink.line]), [['Review guide', 'project_review_guide.md', 5]]);
    await session.receive({ kind: 'rename', newName: 'feedback-reading-order', base: 'feedback-review-order', version: session.document.version });
    const linkerDocument = await vscode.workspace.openTextDocument(linker);
    await eventually(() => assert.equal(linkerDocument.getText(), LINKER.replace('[[feedback-review-order]]', '[[feedback-reading-order]]')));
    assert.equal(session.document.getText(), REVIEW.replace('name: feedback-review-order', 'name: feedback-reading-order'));
  });

  it('lists the memory\'s problems with their quick fixes, and applies one as the light bulb would', async () => {
    const index = vscode.Uri.joinPath(memoryFolder(), 'MEMORY.md');
    const indexBytes = await vscode.workspace.fs.readFile(index);
    try {
      const uri = await write('feedback_review_order.md', REVIEW);
      const { session } = await openEditor(uri);
      const state = await stateWhere(session, (s) => s.problems.some((problem) => problem.code === 'index-unlisted'));
      const unlisted = state.problems.find((problem) => problem.code === 'index-unlisted')!;
      assert.ok(unlisted.fixes.length > 0, 'the fix is offered');
      await session.receive({ kind: 'applyFix', code: unlisted.code, line: unlisted.line, title: unlisted.fixes[0] });
      const indexDocument = await vscode.workspace.openTextDocument(index);
      await eventually(() => assert.match(indexDocument.getText(), /\(feedback_review_order\.md\)/));
      await stateWhere(session, (s) => !s.problems.some((problem) => problem.code === 'index-unlisted'));
    } finally {
      await closeAll();
      await vscode.workspace.fs.writeFile(index, indexBytes);
    }
  });

  it('opens from the tree\'s memory node as well as from a URI', async () => {
    const uri = await write('feedback_review_order.md', REVIEW);
    const memory = root().store.get('feedback_review_order.md');
    await vscode.commands.executeCommand('memoryShelf.openEditor', { kind: 'memory', root: root(), memory });
    await eventually(() => assert.equal(api.editors.sessionsFor(uri).length, 1));
  });
});
