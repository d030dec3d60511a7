import * as assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenameFile, TextDocumentEdit, WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { applyTextEdits, MemoryStore, planRename } from '../../../src/core';
import { FIXTURES } from '../helpers/fixtures';
import { makeProject } from './fixture';
import { applyWorkspaceEdit, LspClient, PUSH_CLIENT, uri } from './lspClient';

/** Every file of a folder and its bytes. */
function snapshot(folder: string): Record<string, string> {
  return Object.fromEntries(readdirSync(folder).sort().map((name) => [name, readFileSync(join(folder, name), 'utf8')]));
}

/** What the extension's rename does to the same files: core's planRename, its edits applied, then the file renamed. */
function extensionRename(folder: string, path: string, newName: string): void {
  const store = new MemoryStore();
  for (const name of readdirSync(folder)) store.update(name, readFileSync(join(folder, name), 'utf8'));
  const plan = planRename(store, store.get(path)!, newName, { renameFile: true });
  assert.ok(plan.ok);
  for (const edit of plan.edits) {
    if (edit.kind === 'edit') writeFileSync(join(folder, edit.path), applyTextEdits(readFileSync(join(folder, edit.path), 'utf8'), edit.edits));
  }
  for (const edit of plan.edits) if (edit.kind === 'rename') renameSync(join(folder, edit.path), join(folder, edit.newPath));
}

describe('memory-shelf lsp: rename', function () {
  this.timeout(20_000);
  const made: string[] = [];
  let client: LspClient | undefined;

  afterEach(async () => {
    await client?.stop();
    client = undefined;
    for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  async function start(options?: unknown, capabilities = PUSH_CLIENT): Promise<ReturnType<typeof makeProject>> {
    const project = makeProject();
    made.push(project.scratch);
    client = new LspClient(project.home);
    await client.initialize(project.project, capabilities, options);
    return project;
  }

  it('renames from a [[link]]: the same bytes as the extension\'s rename of the same files, the file moved too', async () => {
    const project = await start();
    const source = join(project.memory, 'commit-style.md');
    await client!.open(source, 5);
    const prepared = await client!.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: uri(source) }, position: { line: 5, character: 45 } });
    assert.deepEqual(prepared, { range: { start: { line: 5, character: 43 }, end: { line: 5, character: 55 } }, placeholder: 'deploy-steps' });
    const edit = (await client!.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri(source) }, position: { line: 5, character: 45 }, newName: 'release-steps' })) as WorkspaceEdit;
    const renames = edit.documentChanges!.filter((change): change is RenameFile => 'kind' in change && change.kind === 'rename');
    assert.deepEqual(renames.map((change) => [change.oldUri, change.newUri]), [[uri(join(project.memory, 'deploy-steps.md')), uri(join(project.memory, 'release-steps.md'))]]);
    const sourceEdit = edit.documentChanges!.find((change): change is TextDocumentEdit => 'textDocument' in change && change.textDocument.uri === uri(source));
    assert.equal(sourceEdit?.textDocument.version, 5, 'the open document is edited at its version');

    const expected = makeProject();
    made.push(expected.scratch);
    extensionRename(expected.memory, 'deploy-steps.md', 'release-steps');
    applyWorkspaceEdit(edit);
    assert.deepEqual(snapshot(project.memory), snapshot(expected.memory));
    assert.match(readFileSync(join(project.memory, 'MEMORY.md'), 'utf8'), /\[Deploy steps\]\(release-steps\.md\)/);
    assert.match(readFileSync(source, 'utf8'), /\[\[release-steps\]\]/);
  });

  it('renames on the extension\'s rename fixture to the bytes its real-VS Code test expects (test/integration/links.test.ts)', async () => {
    const project = makeProject({});
    made.push(project.scratch);
    cpSync(join(FIXTURES, 'workspace', 'memory'), project.memory, { recursive: true });
    const saved = (name: string): string => readFileSync(join(FIXTURES, 'workspace', 'memory', name), 'utf8');
    const notes = join(project.memory, 'project_lab_notes.md');
    writeFileSync(notes, '---\nname: project-lab-notes\ndescription: Where the lab notes go.\ntype: project\n---\nRaw data: [[reference-lab-drive|the drive]], layout in [[Reference_Lab_Drive#Folders]].\n');
    client = new LspClient(project.home);
    await client.initialize(project.project, PUSH_CLIENT, { rename: { renameFile: 'always' } });
    const docx = join(project.memory, 'project_docx_delivery.md');
    await client.open(docx);
    const lines = readFileSync(docx, 'utf8').split('\n');
    const line = lines.findIndex((text) => text.includes('[[reference-lab-drive]]'));
    const position = { line, character: lines[line].indexOf('[[reference-lab-drive]]') + 5 };
    const prepared = (await client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: uri(docx) }, position })) as { placeholder: string };
    assert.equal(prepared.placeholder, 'reference-lab-drive');
    const edit = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri(docx) }, position, newName: 'reference-lab-share' })) as WorkspaceEdit;
    applyWorkspaceEdit(edit);
    // The same expectations, byte for byte, as the extension's rename of the same files.
    assert.equal(existsSync(join(project.memory, 'reference_lab_drive.md')), false);
    assert.equal(readFileSync(join(project.memory, 'reference_lab_share.md'), 'utf8'), saved('reference_lab_drive.md').replace('name: reference-lab-drive', 'name: reference-lab-share'));
    assert.equal(readFileSync(docx, 'utf8'), saved('project_docx_delivery.md').replace('[[reference-lab-drive]]', '[[reference-lab-share]]'));
    assert.equal(readFileSync(notes, 'utf8'), '---\nname: project-lab-notes\ndescription: Where the lab notes go.\ntype: project\n---\nRaw data: [[reference-lab-share|the drive]], layout in [[reference-lab-share#Folders]].\n');
    assert.equal(readFileSync(join(project.memory, 'MEMORY.md'), 'utf8'), saved('MEMORY.md').replace('[Lab drive](reference_lab_drive.md)', '[Lab drive](reference_lab_share.md)'));
  });

  it('renames a reservation from a dangling link without creating any file', async () => {
    const project = await start();
    const source = join(project.memory, 'deploy-steps.md');
    await client!.open(source);
    const edit = (await client!.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri(source) }, position: { line: 5, character: 33 }, newName: 'release-lead' })) as WorkspaceEdit;
    assert.ok(edit.documentChanges!.every((change) => 'textDocument' in change));
    applyWorkspaceEdit(edit);
    assert.match(readFileSync(source, 'utf8'), /Ask \[\[release-lead\]\] first\./);
  });

  it('keeps the file name with rename.renameFile "never", and when the client cannot rename files', async () => {
    const project = await start({ rename: { renameFile: 'never' } });
    const source = join(project.memory, 'deploy-steps.md');
    await client!.open(source);
    const edit = (await client!.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri(source) }, position: { line: 1, character: 8 }, newName: 'release-steps' })) as WorkspaceEdit;
    assert.ok(!edit.documentChanges!.some((change) => 'kind' in change), 'no file operation');
    await client!.stop();

    const plain = await start(undefined, { ...PUSH_CLIENT, workspace: { workspaceEdit: { documentChanges: false } } });
    const other = join(plain.memory, 'deploy-steps.md');
    await client!.open(other);
    const changes = (await client!.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri(other) }, position: { line: 1, character: 8 }, newName: 'release-steps' })) as WorkspaceEdit;
    assert.equal(changes.documentChanges, undefined);
    assert.deepEqual(Object.keys(changes.changes!).sort(), [uri(join(plain.memory, 'commit-style.md')), uri(other)].sort());
  });

  it('keeps MEMORY.md pointing at a memory the editor renames in its file tree', async () => {
    const project = await start();
    const from = join(project.memory, 'deploy-steps.md');
    const to = join(project.memory, 'release-steps.md');
    const edit = (await client!.connection.sendRequest('workspace/willRenameFiles', { files: [{ oldUri: uri(from), newUri: uri(to) }] })) as WorkspaceEdit;
    applyWorkspaceEdit(edit);
    renameSync(from, to);
    assert.match(readFileSync(join(project.memory, 'MEMORY.md'), 'utf8'), /^- \[Deploy steps\]\(release-steps\.md\) — the deploy checklist$/m);
    await client!.connection.sendNotification('workspace/didRenameFiles', { files: [{ oldUri: uri(from), newUri: uri(to) }] });
    await client!.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(join(project.memory, 'MEMORY.md')), type: 2 }] });
    await client!.until(() => client!.codesOf(to).includes('link-dangling') && !client!.codesOf(join(project.memory, 'MEMORY.md')).includes('index-missing-file'), 'the moved file read, the index in step');
    const outside = (await client!.connection.sendRequest('workspace/willRenameFiles', { files: [{ oldUri: uri(to), newUri: uri(join(project.scratch, 'away.md')) }] }));
    assert.equal(outside, null, 'a move out of the root is left alone');
  });

  it('refuses a name another memory has, saying why', async () => {
    const project = await start();
    const source = join(project.memory, 'deploy-steps.md');
    await client!.open(source);
    await assert.rejects(
      client!.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri(source) }, position: { line: 1, character: 8 }, newName: 'commit-style' }),
      (error: Error) => /"commit-style" is already the name of commit-style\.md\./.test(error.message),
    );
    const nowhere = await client!.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: uri(source) }, position: { line: 5, character: 2 } });
    assert.equal(nowhere, null, 'no rename of ours outside links and the name');
  });
});
