import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_TEXT_RULES, MemoryStore, ProblemEngine, resolveTypeSet, type IndexLoadWay } from '../../src/core';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri } from './helpers';

const folder = (): vscode.Uri => workspaceUri('bulk-suite', 'memory');
const TOPICS = ['deploy-window', '배포-순서', 'レビュー手順', 'test-seeds', '보고서-형식', '議事録'];

function memory(i: number, extra = ''): string {
  const topic = TOPICS[i % TOPICS.length];
  return `---\nname: ${topic}-${i}\ndescription: Fact ${i} about ${topic}\ntype: project\n---\nFact ${i}: ${topic} is decided by the owner of item ${i}.${extra}\n`;
}

/** Each file's problem codes as core finds them in the folder on disk now, read the way Claude Code loads its index. */
function codesOnDisk(path: string, indexLoad: IndexLoadWay): Map<string, string[]> {
  const store = new MemoryStore();
  for (const file of readdirSync(path)) if (file.endsWith('.md')) store.update(file, readFileSync(join(path, file), 'utf8'));
  const engine = new ProblemEngine(store, { typeSet: resolveTypeSet('claude-code', []), textRules: DEFAULT_TEXT_RULES, indexLoad, modifiedTime: (file) => statSync(join(path, file)).mtimeMs });
  engine.checkAll();
  const codes = new Map<string, string[]>();
  for (const file of engine.problemPaths()) codes.set(file, engine.problemsFor(file).map((problem) => problem.code).sort());
  return codes;
}

function codesShown(path: string): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
    if (!uri.fsPath.startsWith(path + '/')) continue;
    const ours = diagnostics.filter((diagnostic) => diagnostic.source === 'Memory Shelf').map((diagnostic) => String(typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code));
    if (ours.length > 0) codes.set(uri.fsPath.slice(path.length + 1), ours.sort());
  }
  return codes;
}

// A branch switch or a folder copied in changes hundreds of files in one burst of watcher events.
describe('Many memory files changed at once', function () {
  this.timeout(120_000);
  let api: MemoryShelfApi;

  before(async () => {
    mkdirSync(folder().fsPath, { recursive: true });
    const lines = ['# Memory index', ''];
    for (let i = 0; i < 300; i++) {
      writeFileSync(join(folder().fsPath, `project_item-${i}.md`), memory(i));
      lines.push(`- [Item ${i}](project_item-${i}.md) — fact ${i}`);
    }
    writeFileSync(join(folder().fsPath, 'MEMORY.md'), lines.join('\n') + '\n');
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await api.problems.whenChecked();
  });

  after(async () => {
    rmSync(workspaceUri('bulk-suite').fsPath, { recursive: true, force: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('checks the root again in slices and ends with the diagnostics core finds on disk, the deleted files losing theirs', async () => {
    const path = folder().fsPath;
    const root = api.roots.rootAt(folder());
    assert.ok(root, 'bulk-suite/memory is a root');
    assert.deepEqual(codesShown(path), codesOnDisk(path, root.info.load.index));
    let checked = 0;
    const watch = api.problems.onDidCheck((checkedRoot) => void (checkedRoot === root && checked++));
    try {
      // 150 memories gain a dangling link, 60 are deleted (still listed), 60 new ones are not listed.
      for (let i = 0; i < 150; i++) writeFileSync(join(path, `project_item-${i}.md`), memory(i, ` See [[no-such-${i}]].`));
      for (let i = 240; i < 300; i++) unlinkSync(join(path, `project_item-${i}.md`));
      for (let i = 300; i < 360; i++) writeFileSync(join(path, `project_item-${i}.md`), memory(i));
      const expected = codesOnDisk(path, root.info.load.index);
      assert.ok([...expected.values()].filter((codes) => codes.includes('link-dangling')).length >= 150, 'the burst leaves dangling links to show');
      await eventually(() => assert.deepEqual(codesShown(path), expected), 60_000);
      assert.ok(checked >= 1, 'the root was checked again as a whole, not change by change');
      for (let i = 240; i < 300; i++) assert.deepEqual(vscode.languages.getDiagnostics(vscode.Uri.joinPath(folder(), `project_item-${i}.md`)), []);
    } finally {
      watch.dispose();
    }
  });
});
