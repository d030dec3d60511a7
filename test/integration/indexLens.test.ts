import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { BudgetStatus } from '../../src/features/indexLens/budgetStatusBar';
import { activateExtension, eventually, workspaceUri } from './helpers';

const encoder = new TextEncoder();
// Keeps a BOM in what is read back, so a test can tell it stayed.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

const LAB = ['index-lens', 'lab-memory'];
const LONG = ['index-lens', 'long-index'];
const KOREAN = ['index-lens', 'korean-index'];
const lab = (...segments: string[]) => workspaceUri(...LAB, ...segments);

/** The fixture's MEMORY.md, line by line (test/fixtures/workspace/index-lens/lab-memory/MEMORY.md). */
const INDEX = [
  '# Memory index',
  '',
  'Notes for the lab agent: one line per memory; details live in the files.',
  '',
  '## Working with me',
  '- [Profile](user_profile.md) — circuits lab graduate student',
  '- [Math notation](feedback_math_notation.md) — LaTeX does not render here; write formulas in Unicode',
  '- [Standup time](feedback_standup_time.md) — standup at 09:00 in room 301',
  '- [Old meeting notes](project_meeting_notes.md) — weekly sync notes, Tuesdays',
  '',
  '## Projects and references',
  '1. [研究室ドライブ](reference_lab_drive.md) — 実験データは共有ドライブに置く',
  '2. [Math notation again](feedback_math_notation.md)',
  '3. [보고서 제출](project_docx_delivery.md) — 금요일 17:00까지 docx로 김 교수님께',
];
const THESIS = 'Thesis draft goes to the committee on 2026-11-20; the defense is booked for 2026-12-14 in room 210.';
const STANDUP = 'The lab standup starts at 10:00 in room 301 since 2026-07-01; schedule nothing before 10:30.';
const MATH = 'LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤).';

const lf = (lines: readonly string[]): string => lines.join('\n') + '\n';
const crlfBom = (lines: readonly string[]): string => '\uFEFF' + lines.join('\r\n') + '\r\n';
const replaced = (changes: Record<number, string | null>, extra: Record<number, string[]> = {}): string[] =>
  INDEX.flatMap((line, i) => [...(changes[i] === null ? [] : [changes[i] ?? line]), ...(extra[i] ?? [])]);

async function readText(uri: vscode.Uri): Promise<string> {
  return decoder.decode(await vscode.workspace.fs.readFile(uri));
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(() => true, () => false);
}

/** Reverts and closes every editor, so no test leaves unsaved text behind. */
async function closeEverything(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (!document.isDirty || document.uri.scheme !== 'file') continue;
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

async function saveDirty(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) if (document.isDirty) assert.ok(await document.save(), `saved ${document.uri.path}`);
}

/** The lenses VS Code shows on a document, as `line: title`, each with its command. */
async function lensesOf(uri: vscode.Uri): Promise<{ line: number; title: string; command: vscode.Command }[]> {
  // Lenses are asked of the open model, as the editor does.
  await vscode.workspace.openTextDocument(uri);
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100);
  return lenses
    .filter((lens) => lens.command)
    .map((lens) => ({ line: lens.range.start.line, title: lens.command!.title, command: lens.command! }))
    .sort((a, b) => a.line - b.line);
}

function bench(n: number): string {
  return String(n).padStart(3, '0');
}

/** A bench log kept for months: 205 runs listed one per line, past Claude Code's 200 lines. */
function longIndexFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const lines = ['# Lab memory index', '', 'Bench runs, oldest first. Runs before 2026-03 live in the archive.', ''];
  for (let n = 1; n <= 205; n++) {
    const date = `2026-${String(3 + Math.floor((n - 1) / 28)).padStart(2, '0')}-${String(((n - 1) % 28) + 1).padStart(2, '0')}`;
    const description = `${date}: amp gain at ${20 + (n % 7)} °C, 0.${n % 10} dB off the simulation.`;
    files.set(`project_bench_run_${bench(n)}.md`, `---\nname: bench-run-${bench(n)}\ndescription: "${description}"\nmetadata:\n  type: project\n---\nRaw data: /lab/2026/raw/${date}_amp_${bench(n)}.csv\n`);
    lines.push(`- [Bench run ${n}](project_bench_run_${bench(n)}.md) — ${description}`);
  }
  files.set('MEMORY.md', lf(lines));
  return files;
}

/** A Korean index of 185 entries: under 25,000 characters, though far over 25 KB in UTF-8. */
function koreanIndexFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const lines = ['# 메모리 색인'];
  for (let n = 1; n <= 185; n++) {
    const description = `${n}번째 측정: 값이 없으면 표의 셀은 빈칸으로 두고 캡션에 이유를 적는다. 이론값으로 채우지 않는다 (보고서 ${n}호).`;
    files.set(`project_measurement_${bench(n)}.md`, `---\nname: measurement-${bench(n)}\ndescription: "${description}"\nmetadata:\n  type: project\n---\n측정 장비: 오실로스코프 ${n % 4 + 1}번.\n`);
    lines.push(`- [측정 기록 ${n}](project_measurement_${bench(n)}.md) — ${description}`);
  }
  files.set('MEMORY.md', lf(lines));
  return files;
}

describe('MEMORY.md lenses, load budget and index commands', () => {
  let api: MemoryShelfApi;
  let originalRoots: string[] | undefined;
  const originals = new Map<string, Uint8Array>();
  const rootUri = () => lab();
  const config = () => vscode.workspace.getConfiguration('memoryShelf');

  const labRoot = () => api.roots.roots.find((root) => root.uri.toString() === lab().toString());

  /** Puts MEMORY.md on disk and waits until the root's store holds exactly that text. */
  async function setIndex(text: string): Promise<void> {
    await closeEverything();
    await vscode.workspace.fs.writeFile(lab('MEMORY.md'), encoder.encode(text));
    const expected = text.replace(/^\uFEFF/, '');
    await eventually(() => assert.equal(labRoot()?.store.index?.text, expected));
    // VS Code may keep a model of the file after its editor closed, with the file time of an older
    // write: a revert makes it read the disk again, so saving later meets no "file modified since".
    await vscode.window.showTextDocument(lab('MEMORY.md'));
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await eventually(() => assert.equal(vscode.window.activeTextEditor?.document.getText(), expected));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  }

  /** Runs an index command on the lab root, saves what it left unsaved, and returns MEMORY.md's bytes as text. */
  async function run(command: string, ...args: unknown[]): Promise<string> {
    const applied = await vscode.commands.executeCommand<boolean>(command, rootUri(), ...args);
    assert.equal(applied, true, `${command} applied an edit`);
    await saveDirty();
    return readText(lab('MEMORY.md'));
  }

  before(async () => {
    api = await activateExtension();
    for (const [segments, files] of [[LONG, longIndexFiles()], [KOREAN, koreanIndexFiles()]] as const) {
      for (const [name, text] of files) await vscode.workspace.fs.writeFile(workspaceUri(...segments, name), encoder.encode(text));
    }
    for (const [name] of await vscode.workspace.fs.readDirectory(lab())) originals.set(name, await vscode.workspace.fs.readFile(lab(name)));
    originalRoots = config().inspect<string[]>('roots')?.workspaceValue;
    await config().update('index.previewChanges', false, vscode.ConfigurationTarget.Workspace);
    await config().update('roots', [...(originalRoots ?? []), LAB.join('/'), LONG.join('/'), KOREAN.join('/')], vscode.ConfigurationTarget.Workspace);
    await eventually(() => assert.equal(api.roots.roots.filter((root) => root.uri.path.includes('/index-lens/')).length, 3), 15_000);
    await eventually(() => assert.equal(labRoot()?.store.size, 6));
  });

  afterEach(async () => {
    await closeEverything();
    if (await exists(lab('project_meeting_notes.md'))) await vscode.workspace.fs.delete(lab('project_meeting_notes.md'));
    await vscode.workspace.fs.writeFile(lab('MEMORY.md'), originals.get('MEMORY.md')!);
    await eventually(() => assert.equal(labRoot()?.store.get('project_meeting_notes.md'), undefined));
  });

  after(async () => {
    await config().update('roots', originalRoots, vscode.ConfigurationTarget.Workspace);
    await config().update('index.previewChanges', undefined, vscode.ConfigurationTarget.Workspace);
    await eventually(() => assert.equal(api.roots.roots.filter((root) => root.uri.path.includes('/index-lens/')).length, 0), 15_000);
  });

  it('shows the budget on line 1 and, above each entry, its type and backlinks, Edit, and its problems', async () => {
    await setIndex(lf(INDEX));
    const lenses = await lensesOf(lab('MEMORY.md'));
    assert.deepEqual(lenses.map((lens) => `${lens.line}: ${lens.title}`), [
      '0: $(circle-slash) 14 / 200 lines · 622 / 25,000 characters · not loaded at session start',
      '5: $(symbol-class) user · 0 backlinks',
      '5: Edit',
      '6: $(symbol-class) feedback · 1 backlink',
      '6: Edit',
      '7: $(symbol-class) feedback · 1 backlink',
      '7: Edit',
      '7: $(warning) hook differs from the description: 09:00 → 10:00 — update hook',
      '8: $(error) file missing — create',
      '8: remove entry',
      '11: $(symbol-class) reference · 0 backlinks',
      '11: Edit',
      '12: $(symbol-class) feedback · 1 backlink',
      '12: Edit',
      '12: $(warning) listed twice (line 7) — remove',
      '13: $(symbol-class) project · 0 backlinks',
      '13: Edit',
    ]);
    const byTitle = (line: number, title: string) => lenses.find((lens) => lens.line === line && lens.title === title)!.command;
    assert.deepEqual([byTitle(7, '$(symbol-class) feedback · 1 backlink').command, byTitle(7, '$(symbol-class) feedback · 1 backlink').arguments?.[1]], ['_memoryShelf.index.revealMemory', 'feedback_standup_time.md']);
    // The lens shows the one changed fact, and its tooltip the hook with that fact alone changed (issue #40).
    assert.equal(byTitle(7, '$(warning) hook differs from the description: 09:00 → 10:00 — update hook').tooltip, 'standup at 10:00 in room 301');
    assert.deepEqual(byTitle(12, '$(warning) listed twice (line 7) — remove').arguments?.[1], [12]);
  });

  it('reveals the memory in the Memory Shelf tree from its type lens', async () => {
    await setIndex(lf(INDEX));
    const lens = (await lensesOf(lab('MEMORY.md'))).find((candidate) => candidate.line === 7 && candidate.title.includes('feedback'))!;
    assert.equal(await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? [])), true);
  });

  it('opens the memory in the Memory Shelf Editor from its Edit lens', async () => {
    await setIndex(lf(INDEX));
    const lens = (await lensesOf(lab('MEMORY.md'))).find((candidate) => candidate.line === 11 && candidate.title === 'Edit')!;
    await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
    await eventually(() => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      assert.ok(input instanceof vscode.TabInputCustom, 'a custom editor is active');
      assert.deepEqual([input.viewType, input.uri.toString()], ['memoryShelf.editor', lab('reference_lab_drive.md').toString()]);
    });
  });

  it('updates the changed fact of the drifted hook from its lens, and only that fact: the hook is not replaced by the description (issue #40)', async () => {
    await setIndex(lf(INDEX));
    const lens = (await lensesOf(lab('MEMORY.md'))).find((candidate) => candidate.title.includes('update hook'))!;
    assert.equal(await run(lens.command.command, ...(lens.command.arguments ?? []).slice(1)), lf(replaced({ 7: '- [Standup time](feedback_standup_time.md) — standup at 10:00 in room 301' })));
  });

  it('removes the second listing from its lens', async () => {
    await setIndex(lf(INDEX));
    const lens = (await lensesOf(lab('MEMORY.md'))).find((candidate) => candidate.title.includes('listed twice'))!;
    assert.equal(await run(lens.command.command, ...(lens.command.arguments ?? []).slice(1)), lf(replaced({ 12: null })));
  });

  it('creates the missing file from its lens, leaving the index as it is', async () => {
    await setIndex(lf(INDEX));
    const lens = (await lensesOf(lab('MEMORY.md'))).find((candidate) => candidate.title.includes('file missing'))!;
    assert.equal(await run(lens.command.command, ...(lens.command.arguments ?? []).slice(1)), lf(INDEX));
    const created = await readText(lab('project_meeting_notes.md'));
    assert.match(created, /^---\nname: project-meeting-notes\ndescription: weekly sync notes, Tuesdays\n/);
  });

  it('adds the unlisted memory inside the list, numbered on', async () => {
    await setIndex(lf(INDEX));
    assert.equal(await run('memoryShelf.index.addUnlisted'), lf(replaced({}, { 13: [`4. [Thesis deadline](project_thesis_deadline.md) — ${THESIS}`] })));
  });

  it('removes entries whose file is missing, keeping a CRLF index CRLF and its BOM', async () => {
    await setIndex(crlfBom(INDEX));
    assert.equal(await run('memoryShelf.index.removeMissing'), crlfBom(replaced({ 8: null })));
  });

  it('adds unlisted memories to a CRLF index with a BOM in its line endings', async () => {
    await setIndex(crlfBom(INDEX));
    assert.equal(await run('memoryShelf.index.addUnlisted'), crlfBom(replaced({}, { 13: [`4. [Thesis deadline](project_thesis_deadline.md) — ${THESIS}`] })));
  });

  it('updates every drifted hook\'s changed fact and every missing hook from the descriptions', async () => {
    await setIndex(lf(INDEX));
    assert.equal(await run('memoryShelf.index.updateHooks'), lf(replaced({
      7: '- [Standup time](feedback_standup_time.md) — standup at 10:00 in room 301',
      12: `2. [Math notation again](feedback_math_notation.md) — ${MATH}`,
    })));
  });

  it('sorts each list by type in the configured order, renumbering the numbered one', async () => {
    await setIndex(crlfBom(INDEX));
    assert.equal(await run('memoryShelf.index.sort', 'type'), crlfBom(replaced({
      11: '1. [Math notation again](feedback_math_notation.md)',
      12: '2. [보고서 제출](project_docx_delivery.md) — 금요일 17:00까지 docx로 김 교수님께',
      13: '3. [研究室ドライブ](reference_lab_drive.md) — 実験データは共有ドライブに置く',
    })));
  });

  it('sorts by recency, newest first, headings and notes staying where they are', async () => {
    await setIndex(lf(INDEX));
    assert.equal(await run('memoryShelf.index.sort', 'recency'), lf(replaced({
      5: INDEX[7],
      6: INDEX[6],
      7: INDEX[5],
      11: '1. [보고서 제출](project_docx_delivery.md) — 금요일 17:00까지 docx로 김 교수님께',
      12: '2. [Math notation again](feedback_math_notation.md)',
      13: '3. [研究室ドライブ](reference_lab_drive.md) — 実験データは共有ドライブに置く',
    })));
  });

  it('rebuilds the index from the files: missing and second listings out, the unlisted in, the rest kept', async () => {
    await setIndex(crlfBom(INDEX));
    assert.equal(await run('memoryShelf.index.rebuild'), crlfBom(replaced({ 8: null, 12: null }, { 13: [`4. [Thesis deadline](project_thesis_deadline.md) — ${THESIS}`] })));
  });

  it('holds a whole-index change for confirmation when asked, showing it first and changing nothing when dismissed', async () => {
    await setIndex(lf(INDEX));
    await config().update('index.previewChanges', true, vscode.ConfigurationTarget.Workspace);
    try {
      const applied = vscode.commands.executeCommand<boolean>('memoryShelf.index.removeMissing', rootUri());
      const pending = Symbol('pending');
      const settled = () => Promise.race([applied, new Promise((resolve) => setTimeout(() => resolve(pending), 200))]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(await settled(), pending, 'the edit waits for the user');
      await eventually(async () => {
        // Dismissing the question (as closing its notification does) answers no.
        await vscode.commands.executeCommand('notifications.clearAll');
        assert.equal(await settled(), false);
      });
      await saveDirty();
      assert.equal(await readText(lab('MEMORY.md')), lf(INDEX));
    } finally {
      await config().update('index.previewChanges', false, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('marks an index past 200 lines that nothing loads as not loaded on every surface: the lens says where an auto memory limit would fall without a warning, the status bar stays in its plain colour and lists no "not loaded" entries; no over-budget diagnostic (issue #40)', async () => {
    const uri = workspaceUri(...LONG, 'MEMORY.md');
    const text = longIndexFiles().get('MEMORY.md')!;
    await vscode.window.showTextDocument(uri);
    const [budget] = await lensesOf(uri);
    assert.deepEqual(budget, {
      line: 0,
      title: `$(circle-slash) 209 / 200 lines · ${text.trim().length.toLocaleString('en')} / 25,000 characters · not loaded at session start · past the limit from line 201`,
      command: budget.command,
    });
    await eventually(async () => {
      const status = await vscode.commands.executeCommand<BudgetStatus>('_memoryShelf.index.budgetStatus');
      assert.equal(status.rootUri, workspaceUri(...LONG).toString());
      assert.equal(status.level, 'ok');
      assert.equal(status.text, `$(book) ${api.roots.rootAt(workspaceUri(...LONG))!.info.label} · MEMORY.md not loaded`);
      assert.match(status.tooltip, /from settings · not loaded by Claude Code\n\nLoaded as an auto memory index, it would stop before line 201\./);
      assert.doesNotMatch(status.tooltip, /entries are not loaded|entry is not loaded|Bench run 201/);
      // Nothing loads this index, so no part of it is "never loaded" more than another: the rule stays quiet.
      assert.deepEqual(vscode.languages.getDiagnostics(uri).filter((d) => d.code === 'index-over-budget' || (typeof d.code === 'object' && d.code.value === 'index-over-budget')), []);
    });
  });

  it('speaks of no room and no loading in the diagnostics of an index nothing loads: an unlisted memory is offered its entry, facts in MEMORY.md are not "loaded in every session" (issue #40)', async () => {
    const root = workspaceUri(...LONG);
    const index = workspaceUri(...LONG, 'MEMORY.md');
    const original = longIndexFiles().get('MEMORY.md')!;
    const unlisted = workspaceUri(...LONG, 'project_bench_setup.md');
    const codeOf = (d: vscode.Diagnostic): unknown => (typeof d.code === 'object' ? d.code.value : d.code);
    try {
      await vscode.workspace.fs.writeFile(unlisted, encoder.encode('---\nname: bench-setup\ndescription: "벤치 설정: 증폭기는 2번 랙, 온도는 22 °C로 맞춘다"\nmetadata:\n  type: project\n---\n설정 기록.\n'));
      const facts = ['## 環境', '- 測定器は2番ラックのオシロスコープを使う', '- データは共有ドライブの /lab/2026/raw に置く', '- 温度は22 °Cに保つ', ''];
      await vscode.workspace.fs.writeFile(index, encoder.encode(original.replace('\n\n- [Bench run 1]', `\n\n${facts.join('\n')}\n- [Bench run 1]`)));
      await eventually(async () => {
        const [listing] = vscode.languages.getDiagnostics(unlisted).filter((d) => codeOf(d) === 'index-unlisted');
        assert.ok(listing, 'index-unlisted on the new memory');
        assert.doesNotMatch(listing.message, /room|limit/);
        assert.match(listing.message, /nothing loads this index yet/);
        await vscode.workspace.openTextDocument(unlisted);
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', unlisted, new vscode.Range(listing.range.start.line, listing.range.start.character, listing.range.end.line, listing.range.end.character));
        assert.ok(actions.some((action) => action.title === 'Add an entry to MEMORY.md'), actions.map((action) => action.title).join(', '));
        const inline = vscode.languages.getDiagnostics(index).filter((d) => codeOf(d) === 'index-inline-memory');
        assert.equal(inline.length, 1, inline.map((d) => d.message).join('; '));
        assert.doesNotMatch(inline[0].message, /loaded in every session/);
        assert.match(inline[0].message, /once a CLAUDE\.md imports this index they would load in every session/);
      }, 15_000);
      const status = await vscode.commands.executeCommand<BudgetStatus>('_memoryShelf.index.budgetStatus');
      assert.notEqual(status.level, 'error');
    } finally {
      await closeEverything();
      await vscode.workspace.fs.delete(unlisted);
      await vscode.workspace.fs.writeFile(index, encoder.encode(original));
      await eventually(() => assert.equal(api.roots.rootAt(root)!.store.index?.text, original));
    }
  });

  it('measures a Korean index under 25,000 characters whole although it is over 25 KB, and, nothing loading it, keeps the status bar in its plain colour past 90%', async () => {
    const uri = workspaceUri(...KOREAN, 'MEMORY.md');
    const text = koreanIndexFiles().get('MEMORY.md')!;
    const characters = text.trim().length;
    assert.ok(characters < 25_000 && encoder.encode(text).length > 25_000, `${characters} characters, ${encoder.encode(text).length} bytes`);
    await vscode.window.showTextDocument(uri);
    const [budget] = await lensesOf(uri);
    assert.equal(budget.title, `$(circle-slash) 186 / 200 lines · ${characters.toLocaleString('en')} / 25,000 characters · not loaded at session start`);
    await eventually(async () => {
      const status = await vscode.commands.executeCommand<BudgetStatus>('_memoryShelf.index.budgetStatus');
      assert.equal(status.rootUri, workspaceUri(...KOREAN).toString());
      // Nothing loads it: near a limit that does not apply is no warning (issue #40).
      assert.equal(status.level, 'ok');
      assert.equal(status.text, `$(book) ${api.roots.rootAt(workspaceUri(...KOREAN))!.info.label} · MEMORY.md not loaded`);
      assert.match(status.tooltip, /not loaded at session start/);
      assert.doesNotMatch(status.tooltip, /Everything loads/);
    });
  });

  it('offers to create MEMORY.md for a root without one, from its files', async () => {
    await closeEverything();
    await vscode.workspace.fs.delete(lab('MEMORY.md'));
    await eventually(() => assert.equal(labRoot()?.store.index, undefined));
    assert.equal(await vscode.commands.executeCommand('memoryShelf.index.create', rootUri()), true);
    await saveDirty();
    assert.equal(await readText(lab('MEMORY.md')), lf([
      '# Memory index',
      '',
      '- [Profile](user_profile.md) — Graduate student in the circuits lab; prefers answers in Korean with English terms kept as written.',
      `- [Math notation](feedback_math_notation.md) — ${MATH}`,
      `- [Standup time](feedback_standup_time.md) — ${STANDUP}`,
      '- [Docx delivery](project_docx_delivery.md) — 보고서는 매주 금요일 17:00까지 docx로 김 교수님께 보낸다. PDF는 받지 않는다.',
      `- [Thesis deadline](project_thesis_deadline.md) — ${THESIS}`,
      '- [Lab drive](reference_lab_drive.md) — 実験データは共有ドライブの /lab/2026/raw に置く。ファイル名は日付_装置名_番号。',
    ]));
  });
});
