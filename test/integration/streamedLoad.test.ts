import * as assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { MemoryRoot } from '../../src/workspace/roots/memoryRoot';
import { activateExtension, eventually, workspaceUri, codeOf } from './helpers';

const encoder = new TextEncoder();

// Enough files that the reads of one load span many turns of the event loop, written the way Claude
// Code's folders look: `<type>_<topic>.md`, names in three spellings, links among them, an index.
const COUNT = 400;
const TOPICS = [
  { topic: 'testing', body: 'Run the integration suite before every merge; the unit tests alone missed the watcher bug.' },
  { topic: 'report_format', body: '보고서는 .docx로 납품하고 PDF는 받지 않는다. 실측 데이터가 없으면 표의 셀은 빈칸으로 남긴다.' },
  { topic: 'shared_drive', body: '実測データは研究室の共有ドライブに置く。ローカルにはコピーしない。' },
  { topic: 'deploys', body: 'Deploys happen from main only, after the checks pass; the "Release" button in Settings › CI stays off.' },
];
const TYPES = ['feedback', 'project', 'reference', 'user'];
const pathOf = (i: number): string => `${TYPES[i % TYPES.length]}_${TOPICS[i % TOPICS.length].topic}_${i}.md`;
const nameOf = (i: number): string => `${TYPES[i % TYPES.length]}-${TOPICS[i % TOPICS.length].topic.replace(/_/g, '-')}-${i}`;
/** The one memory MEMORY.md leaves out, and the one link to a memory never written. */
const UNLISTED = 7;
const DANGLING_FROM = 11;
/** A screenshot saved under a memory's name, between the others in path order. */
const BINARY = 'project_deploys_2000.md';

function memoryText(i: number): string {
  const { body } = TOPICS[i % TOPICS.length];
  const link = i === DANGLING_FROM ? '[[feedback-rollback-plan]]' : `[[${nameOf((i + 1) % COUNT)}]]`;
  return `---\nname: ${nameOf(i)}\ndescription: ${body.slice(0, 40)}\ntype: ${TYPES[i % TYPES.length]}\n---\n${body} (#${i})\n\nSee ${link}.\n`;
}

function indexText(): string {
  const lines = ['# Memory index', ''];
  for (let i = 0; i < COUNT; i++) if (i !== UNLISTED) lines.push(i % 2 ? `- [${nameOf(i)}](${pathOf(i)}) — ${TOPICS[i % TOPICS.length].body.slice(0, 20)}` : `- **${nameOf(i)}** (${pathOf(i)})`);
  return lines.join('\n') + '\n';
}

const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

describe('Loading a root puts each file into the store as it is read', function () {
  this.timeout(120_000);
  let api: MemoryShelfApi;
  const folder = (): vscode.Uri => workspaceUri('streamed', 'memory');
  const file = (path: string): vscode.Uri => vscode.Uri.joinPath(folder(), path);
  const shownRoot = (): MemoryRoot => {
    const root = api.roots.rootAt(folder());
    assert.ok(root, 'streamed/memory is a root');
    return root;
  };

  /** Every diagnostic of the root as the Problems panel lists it: file, line, code and message. */
  function shownForRoot(): string[] {
    const prefix = folder().toString() + '/';
    return vscode.languages.getDiagnostics()
      .filter(([uri]) => uri.toString().startsWith(prefix))
      .flatMap(([uri, diagnostics]) => diagnostics.filter((d) => d.source === 'Memory Shelf').map((d) => `${uri.path.split('/').pop()}:${d.range.start.line + 1} ${codeOf(d)} ${d.message}`));
  }

  before(async () => {
    for (let start = 0; start < COUNT; start += 50) {
      await Promise.all(Array.from({ length: Math.min(50, COUNT - start) }, (_, k) => vscode.workspace.fs.writeFile(file(pathOf(start + k)), encoder.encode(memoryText(start + k)))));
    }
    await vscode.workspace.fs.writeFile(file('MEMORY.md'), encoder.encode(indexText()));
    await vscode.workspace.fs.writeFile(file(BINARY), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen first.
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await api.roots.ready;
    await api.problems.whenChecked();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(workspaceUri('streamed'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('holds files in the store while the rest are still being read, and all of them, in path order, when the read ends', async () => {
    const root = new MemoryRoot({ uri: folder(), kind: 'workspace', label: 'streamed', load: { loadedByClaude: true, index: 'entrypoint', detail: '' } });
    const seen: number[] = [];
    let loaded = false;
    const loading = root.load(() => undefined, () => undefined).then(() => void (loaded = true));
    while (!loaded) {
      seen.push(root.store.size);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await loading;
    assert.ok(seen.some((size) => size > 0 && size < COUNT), `the store filled during the read; sizes seen: ${[...new Set(seen)].join(', ')}`);
    const paths = Array.from({ length: COUNT }, (_, i) => pathOf(i)).sort(byPath);
    assert.deepEqual([...root.store.memories()].map((memory) => memory.path), paths);
    assert.equal(root.store.index?.text, indexText());
    for (const path of [paths[0], paths[COUNT >> 1], paths[COUNT - 1], 'MEMORY.md']) assert.equal(root.modifiedTime(path), statSync(file(path).fsPath).mtimeMs, path);
    assert.deepEqual(root.skippedFiles().map((skip) => `${skip.path} ${skip.reason.kind}`), [`${BINARY} binary`]);
  });

  it('fails the load when a file cannot be put into the store, rather than taking the root for one that cannot be listed', async () => {
    const root = new MemoryRoot({ uri: folder(), kind: 'workspace', label: 'streamed', load: { loadedByClaude: true, index: 'entrypoint', detail: '' } });
    const logged: string[] = [];
    const unsavedText = (uri: vscode.Uri): string | undefined => {
      if (uri.path.endsWith(pathOf(42))) throw new Error('the editor of the memory went away');
      return undefined;
    };
    await assert.rejects(root.load(unsavedText, (what) => void logged.push(what)), /the editor of the memory went away/);
    assert.deepEqual(logged.filter((what) => what.startsWith('Could not list')), []);
  });

  it('reports a file refused in the middle of the read as file-unreadable, and reads the files after it', async () => {
    const root = shownRoot();
    const after = Array.from({ length: COUNT }, (_, i) => pathOf(i)).sort(byPath).find((path) => path > BINARY);
    assert.ok(after && root.store.get(after), `${after} comes after ${BINARY} and is loaded`);
    await eventually(() => assert.deepEqual(vscode.languages.getDiagnostics(file(BINARY)).map((d) => codeOf(d)), ['file-unreadable']));
  });

  it('counts the whole root as reviewed on its first load, not the files read first', () => {
    assert.deepEqual(api.review.pending(shownRoot()).map((entry) => entry.memory.path), []);
  });

  it('never shows a problem of a half-read root while it is read again', async () => {
    const final = new Set(shownForRoot());
    assert.ok([...final].some((line) => line.startsWith(`${pathOf(UNLISTED)}:`) && line.includes(' index-unlisted ')), 'the memory MEMORY.md leaves out is found');
    assert.ok([...final].some((line) => line.startsWith(`${pathOf(DANGLING_FROM)}:`) && line.includes(' link-dangling ')), 'the link to a memory never written is found');
    // Links and index entries to files not read yet would show as dangling or missing if the root were judged half read.
    const strays = new Set<string>();
    const look = (): void => {
      for (const line of shownForRoot()) if (!final.has(line)) strays.add(line);
    };
    const listener = vscode.languages.onDidChangeDiagnostics(look);
    let done = false;
    const polling = (async () => {
      while (!done) {
        look();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    try {
      await vscode.commands.executeCommand('memoryShelf.refresh');
      await api.roots.ready;
      await api.problems.whenChecked();
      look();
    } finally {
      done = true;
      listener.dispose();
      await polling;
    }
    assert.deepEqual([...strays], []);
    assert.deepEqual(new Set(shownForRoot()), final, 'the same problems after the second load');
  });

  it("lets an editor's unsaved text win over the disk when the root is read again", async () => {
    const path = pathOf(42);
    const document = await vscode.workspace.openTextDocument(file(path));
    await vscode.window.showTextDocument(document);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(document.lineCount - 1, 0), '이유: 3월 장애는 모의 환경에서 놓쳤다.\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(document.isDirty);
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await api.roots.ready;
    assert.equal(shownRoot().store.get(path)?.text, document.getText());
    assert.ok(shownRoot().store.get(path)?.text.includes('모의 환경'));
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.ok(!document.isDirty, 'the edit is dropped, so nothing asks to save it');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
