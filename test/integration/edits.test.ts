import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri } from './helpers';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function readText(uri: vscode.Uri): Promise<string> {
  return decoder.decode(await vscode.workspace.fs.readFile(uri));
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(() => true, () => false);
}

describe('The edit applier', () => {
  let api: MemoryShelfApi;

  before(async () => {
    api = await activateExtension();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('refuses a plan when the file, open in no editor, changed on disk since; a planner is asked again and plans from the new text', async () => {
    const rootUri = workspaceUri('notes', 'agent-memory');
    const file = workspaceUri('notes', 'agent-memory', 'feedback_unopened.md');
    const written = '---\nname: feedback-unopened\ndescription: 열지 않은 파일.\ntype: feedback\n---\nBody.\n';
    const rewritten = '---\nname: feedback-unopened\ndescription: 에이전트가 다시 쓴 파일.\ntype: feedback\n---\nBody.\n';
    const root = () => api.roots.rootAt(rootUri);
    const appendLine = (text: string) => [{ root: rootUri, edits: [{ kind: 'edit' as const, path: 'feedback_unopened.md', edits: [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, newText: `${text}\n` }] }] }];
    await vscode.workspace.fs.writeFile(file, encoder.encode(written));
    try {
      await eventually(() => assert.equal(root()?.store.get('feedback_unopened.md')?.text, written));
      const fixed = api.edits.plan(appendLine('Planned on the first text.'));
      // An agent rewrites the file after the plan was made, before the watcher has told the store.
      await vscode.workspace.fs.writeFile(file, encoder.encode(rewritten));
      assert.equal(await api.edits.apply(() => fixed), 'stale');
      assert.equal(await readText(file), rewritten);
      assert.equal(vscode.workspace.textDocuments.some((document) => document.uri.toString() === file.toString()), false, 'the check opened no editor');

      await vscode.workspace.fs.writeFile(file, encoder.encode(written));
      await eventually(() => assert.equal(root()?.store.get('feedback_unopened.md')?.text, written));
      await vscode.workspace.fs.writeFile(file, encoder.encode(rewritten));
      // Planned from the store, which may still hold the first text: the check sends it back to plan again.
      const result = await api.edits.apply(() => {
        const held = root()?.store.get('feedback_unopened.md')?.text ?? '';
        return api.edits.plan(appendLine(held.includes('다시') ? 'Planned on the rewritten text.' : 'Planned on the first text.'));
      });
      assert.equal(result, 'applied');
      // Like a quick fix, the edit leaves the memory unsaved in its (background) document.
      await vscode.workspace.textDocuments.find((document) => document.uri.toString() === file.toString())?.save();
      assert.equal(await readText(file), rewritten.replace('Body.\n', 'Planned on the rewritten text.\nBody.\n'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    }
  });

  it('applies one edit spanning two roots, each path relative to its own root', async () => {
    const first = workspaceUri('memory', 'reference_span_test.md');
    const second = workspaceUri('notes', 'agent-memory', 'reference_span_test.md');
    const content = '---\nname: reference-span-test\ndescription: 두 루트에 걸친 편집.\ntype: reference\n---\n';
    try {
      const result = await api.edits.apply(() => api.edits.plan([
        { root: workspaceUri('memory'), edits: [{ kind: 'create', path: 'reference_span_test.md', content }] },
        { root: workspaceUri('notes', 'agent-memory'), edits: [{ kind: 'create', path: 'reference_span_test.md', content }] },
      ]));
      assert.equal(result, 'applied');
      assert.equal(await readText(first), content);
      assert.equal(await readText(second), content);
    } finally {
      await vscode.workspace.fs.delete(first).then(undefined, () => undefined);
      await vscode.workspace.fs.delete(second).then(undefined, () => undefined);
    }
  });

  it('never overwrites a file it was to create, and says it already exists', async () => {
    const profile = workspaceUri('memory', 'user_profile.md');
    const before = await vscode.workspace.fs.readFile(profile);
    const result = await api.edits.apply(() => api.edits.plan([
      { root: workspaceUri('memory'), edits: [{ kind: 'create', path: 'user_profile.md', content: 'replaced\n' }] },
    ]));
    assert.equal(result, 'stale');
    assert.deepEqual(await vscode.workspace.fs.readFile(profile), before);
  });

  it('does not create the memory folder through a link that leads out of the workspace', async () => {
    const memory = workspaceUri('memory');
    const aside = workspaceUri('memory-aside');
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), 'memory-shelf-outside-'));
    await vscode.workspace.fs.rename(memory, aside);
    try {
      await fs.symlink(outside, memory.fsPath, 'dir');
      const created = await vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.createMemoryFolder');
      assert.equal(created, undefined);
      assert.deepEqual(await fs.readdir(outside), []);
      assert.equal(await exists(workspaceUri('memory', 'MEMORY.md')), false);
    } finally {
      await fs.unlink(memory.fsPath).catch(() => undefined);
      await vscode.workspace.fs.rename(aside, memory);
      await fs.rm(outside, { recursive: true, force: true });
      await vscode.commands.executeCommand('memoryShelf.refresh');
    }
  });
});
