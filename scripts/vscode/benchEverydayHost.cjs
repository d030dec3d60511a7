/* global process, console, performance, setTimeout */
// The in-VS Code half of `npm run bench:everyday` (scripts/benchEveryday.mjs): loaded by code-server's
// extension host as extensionTestsPath, in a workspace holding one memory/ folder. It times, from the
// extension host, what a person waits for, each step several times (MEMORY_SHELF_BENCH_RUNS), and
// writes the figures to MEMORY_SHELF_BENCH_OUT:
// - lenses: MEMORY.md shown until its lenses come back with their titles (the first run right after the
//   window opened, the roots still loading, as a person opening it at once does);
// - merge: Merge Memories of two memories (survivor given, no picker) until its edit is applied;
// - reject all: Reject All of two agent changes (confirmed) until the approved bytes are back;
// - form: Open With the memory form until the webview has asked for and received its state.
const { readFileSync, writeFileSync } = require('node:fs');
const vscode = require('vscode');

const RUNS = Number(process.env.MEMORY_SHELF_BENCH_RUNS || 5);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(test, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(10);
  }
}

async function run() {
  const figures = {};
  const add = (step, ms) => (figures[step] ??= []).push(Math.round(ms));
  try {
    const folder = vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, 'memory');
    const index = vscode.Uri.joinPath(folder, 'MEMORY.md');
    const lensesOf = async () => {
      const lenses = (await vscode.commands.executeCommand('vscode.executeCodeLensProvider', index, 100)) || [];
      return lenses.length > 0 && lenses.every((lens) => lens.command && lens.command.title) ? lenses : undefined;
    };

    // MEMORY_SHELF_BENCH_PROFILE=<file>: a CPU profile of the extension host's first 4.5 s, for a look at what holds it.
    if (process.env.MEMORY_SHELF_BENCH_PROFILE) {
      const session = new (require('node:inspector').Session)();
      session.connect();
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')));
      setTimeout(() => session.post('Profiler.stop', (error, result) => {
        if (!error) writeFileSync(process.env.MEMORY_SHELF_BENCH_PROFILE, JSON.stringify(result.profile));
      }), 4500);
    }
    const api = await vscode.extensions.getExtension('memory-shelf.memory-shelf').activate();
    // 1. The lenses: the first open as the window comes up, then re-opens.
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      await vscode.window.showTextDocument(index);
      if (i === 0) await until(() => api.roots.rootAt(folder) && api.roots.rootAt(folder).store.index);
      await until(lensesOf);
      add(i === 0 ? 'MEMORY.md lenses, first open while the window loads' : 'MEMORY.md lenses, opened again', performance.now() - started);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      if (i === 0) {
        await api.roots.ready;
        await api.review.whenReady();
        await api.history.whenScanned();
      }
    }
    const root = api.roots.roots.find((candidate) => candidate.uri.toString() === folder.toString());
    if (!root) throw new Error('memory/ is not a root');
    const memories = [...root.store.memories()].map((memory) => memory.path).sort();
    const uriOf = (path) => vscode.Uri.joinPath(folder, path);

    // 2. Merge Memories of two memories, then Undo, so every run merges the same two.
    for (let i = 0; i < RUNS; i++) {
      const [a, b] = [uriOf(memories[1]), uriOf(memories[2])];
      const started = performance.now();
      const merged = await vscode.commands.executeCommand('memoryShelf.mergeMemories', a, [a, b], { survivor: a, preview: false });
      add('Merge Memories', performance.now() - started);
      if (!merged) throw new Error('the merge was not applied');
      await api.edits.journal.undo(api.edits.journal.last);
      for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await until(() => root.store.get(memories[2]));
    }

    // 3. Reject All of two changes an agent wrote (node's fs, as Claude Code writes).
    for (let i = 0; i < RUNS; i++) {
      const changed = [memories[3], memories[4]];
      const before = changed.map((path) => readFileSync(uriOf(path).fsPath));
      changed.forEach((path, n) => writeFileSync(uriOf(path).fsPath, `${before[n].toString('utf8')}\nAn agent's line ${i}.\n`));
      const entries = await until(() => {
        const waiting = api.review.pending(root).filter((entry) => changed.includes(entry.memory.path));
        return waiting.length === 2 ? waiting : undefined;
      });
      const started = performance.now();
      const rejected = await vscode.commands.executeCommand('memoryShelf.review.rejectGroup', { root, entries }, { confirmed: true });
      add('Reject All (2 changes)', performance.now() - started);
      if (!rejected) throw new Error('Reject All did nothing');
      await until(() => changed.every((path, n) => readFileSync(uriOf(path).fsPath).equals(before[n])));
      await until(() => api.review.pending(root).length === 0);
    }

    // 4. The memory form: Open With until the webview asked for its state and got it.
    for (let i = 0; i < RUNS; i++) {
      const uri = uriOf(memories[5 + (i % 3)]);
      const started = performance.now();
      await vscode.commands.executeCommand('vscode.openWith', uri, 'memoryShelf.editor');
      await until(() => api.editors.sessionsFor(uri)[0]);
      await until(() => api.editors.sessionsFor(uri)[0] && api.editors.sessionsFor(uri)[0].state);
      add('memory form open', performance.now() - started);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
    writeFileSync(process.env.MEMORY_SHELF_BENCH_OUT, JSON.stringify(figures, null, 2));
    console.log('1 passed, 0 failed');
  } catch (error) {
    console.error(error && error.stack ? error.stack : String(error));
    console.log('0 passed, 1 failed');
    throw error;
  }
}

module.exports = { run };
