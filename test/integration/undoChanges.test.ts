import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri } from './helpers';
import { resetMemoryFolder } from './memoryFolder';

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const folder = (): vscode.Uri => workspaceUri('undo-project', 'memory');
const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);
const read = async (uri: vscode.Uri): Promise<string | undefined> => vscode.workspace.fs.readFile(uri).then((bytes) => decoder.decode(bytes), () => undefined);
const readBytes = async (uri: vscode.Uri): Promise<Uint8Array | undefined> => vscode.workspace.fs.readFile(uri).then((bytes) => bytes, () => undefined);

// A BOM and CRLF in the memory deleted, so "restored exactly" means byte for byte.
const FILES: Record<string, string> = {
  'MEMORY.md': '# Memory\n\n- [締め切り](project_deadline.md) — 論文の締め切りは 2026-12-18\n- [Role](user_role.md) — backend, on call in week 2\n- [배포 동결](feedback_deploy-freeze.md) — 목요일 18:00 이후 배포 금지\n',
  'user_role.md': '---\nname: role\ndescription: backend, on call in week 2\ntype: user\n---\n\nFollows [[deploy-freeze]].\n',
  'feedback_deploy-freeze.md': '\uFEFF---\r\nname: deploy-freeze\r\ndescription: 목요일 18:00 이후 배포 금지\r\ntype: feedback\r\n---\r\n\r\n목요일 18:00 이후에는 배포하지 않는다.\r\n',
  'project_deadline.md': '---\nname: deadline\ndescription: 論文の締め切りは 2026-12-18\ntype: project\n---\n\n論文の締め切りは 2026-12-18。\n',
};

describe('Undo of Memory Shelf changes: its own record, checked against the files', () => {
  let api: MemoryShelfApi;

  before(async () => {
    api = await activateExtension();
  });

  // Reloading what an earlier test's edit left in open documents may take a while on a loaded machine.
  beforeEach(async function () {
    this.timeout(60_000);
    await resetMemoryFolder(folder(), FILES, api);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(workspaceUri('undo-project'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('undoes a delete: the file comes back byte for byte, and its index line', async () => {
    const original = await readBytes(file('feedback_deploy-freeze.md'));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.deleteMemory', file('feedback_deploy-freeze.md'), undefined, 'keep'), true);
    assert.equal(await read(file('feedback_deploy-freeze.md')), undefined);
    assert.doesNotMatch((await read(file('MEMORY.md')))!, /배포 동결/);

    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'undone');
    assert.deepEqual(await readBytes(file('feedback_deploy-freeze.md')), original);
    assert.equal(await read(file('MEMORY.md')), FILES['MEMORY.md']);
    await eventually(() => assert.ok(api.roots.rootAt(folder())?.store.get('feedback_deploy-freeze.md'), 'the tree shows it again'));
  });

  it('undoes a delete after a window reload, from the record kept in the workspace storage, byte for byte', async () => {
    const original = await readBytes(file('feedback_deploy-freeze.md'));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.deleteMemory', file('feedback_deploy-freeze.md'), undefined, 'keep'), true);
    // What a reload does: the journal starts from what the storage kept, nothing from this window's memory.
    api.edits.journal.reload();
    assert.equal(api.edits.journal.last?.restored, true);
    assert.equal(await read(file('feedback_deploy-freeze.md')), undefined, 'reading the record back restores nothing by itself');
    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'undone');
    assert.deepEqual(await readBytes(file('feedback_deploy-freeze.md')), original);
    assert.equal(await read(file('MEMORY.md')), FILES['MEMORY.md']);
  });

  it('after a reload, refuses an undo whose file changed since, and changes nothing', async () => {
    assert.equal(await vscode.commands.executeCommand('memoryShelf.changeType', { kind: 'memory', root: api.roots.rootAt(folder()), memory: api.roots.rootAt(folder())!.store.get('project_deadline.md') }, undefined, 'reference'), true);
    const edited = `${(await read(file('project_deadline.md')))!}追記。\n`;
    await vscode.workspace.fs.writeFile(file('project_deadline.md'), encoder.encode(edited));
    api.edits.journal.reload();
    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'moved-on');
    assert.equal(await read(file('project_deadline.md')), edited);
  });

  it('refuses to undo once a file it changed moved on, and changes nothing', async () => {
    assert.equal(await vscode.commands.executeCommand('memoryShelf.deleteMemory', file('project_deadline.md'), undefined, 'keep'), true);
    const edited = `${(await read(file('MEMORY.md')))!}- [New](new.md) — written by the agent afterwards\n`;
    await vscode.workspace.fs.writeFile(file('MEMORY.md'), encoder.encode(edited));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'moved-on');
    assert.equal(await read(file('MEMORY.md')), edited);
    assert.equal(await read(file('project_deadline.md')), undefined);
  });

  it('undoes an earlier change, not whatever Ctrl+Z would: a later rename elsewhere stays', async () => {
    assert.equal(await vscode.commands.executeCommand('memoryShelf.changeType', { kind: 'memory', root: api.roots.rootAt(folder()), memory: api.roots.rootAt(folder())!.store.get('project_deadline.md') }, undefined, 'reference'), true);
    assert.match((await read(file('project_deadline.md')))!, /^type: reference$/m);
    // Someone else's change to another file, after ours.
    await vscode.workspace.fs.writeFile(file('user_role.md'), encoder.encode(FILES['user_role.md'].replace('week 2', 'week 3')));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'undone');
    assert.equal(await read(file('project_deadline.md')), FILES['project_deadline.md']);
    assert.match((await read(file('user_role.md')))!, /week 3/);
  });

  it('applies a merge at once (no preview left unticked), and Undo brings both memories back', async () => {
    const merged = await vscode.commands.executeCommand('memoryShelf.mergeMemories', undefined, [file('feedback_deploy-freeze.md'), file('project_deadline.md')], { survivor: file('feedback_deploy-freeze.md') });
    assert.equal(merged, true);
    assert.equal(await read(file('project_deadline.md')), undefined);
    assert.match((await read(file('feedback_deploy-freeze.md')))!, /論文の締め切り/);
    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'undone');
    for (const [name, text] of Object.entries(FILES)) assert.equal(await read(file(name)), text.replace(/^\uFEFF/, ''), name);
  });

  it('undoes a whole-index command (sort) from the same record', async () => {
    assert.equal(await vscode.commands.executeCommand('memoryShelf.index.sort', folder(), 'type'), true);
    assert.notEqual(await read(file('MEMORY.md')), FILES['MEMORY.md']);
    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'undone');
    assert.equal(await read(file('MEMORY.md')), FILES['MEMORY.md']);
  });

  it('undoes an archive: the file leaves the storage folder and is back in memory/', async () => {
    const archived = await vscode.commands.executeCommand<vscode.Uri[] | false>('memoryShelf.review.archive', file('project_deadline.md'), undefined, { confirmed: true });
    assert.ok(Array.isArray(archived) && archived.length === 1);
    assert.equal(await read(file('project_deadline.md')), undefined);
    assert.equal(await vscode.commands.executeCommand('memoryShelf.undoLastChange'), 'undone');
    assert.equal(await read(file('project_deadline.md')), FILES['project_deadline.md']);
    assert.equal(await read(archived[0]), undefined);
    assert.equal(await read(file('MEMORY.md')), FILES['MEMORY.md']);
  });
});
