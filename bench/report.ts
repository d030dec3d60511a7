import type { BundleFigures } from './bundle';
import type { CorpusKind } from './corpora';
import type { EditFigures } from './edits';
import type { ExtensionLoadFigures } from './extensionLoad';
import type { HeapFigures } from './heap';
import type { InProcessFigures } from './inProcess';
import type { ProcessFigures, ProcessRun } from './processes';

/** Every figure of one corpus at one size, measured in one round of one run. */
export interface SizeResult {
  readonly corpus: CorpusKind;
  readonly memories: number;
  readonly files: number;
  readonly bytes: number;
  readonly inProcess: InProcessFigures;
  readonly extensionLoad: ExtensionLoadFigures;
  /** The same load, once, in a fresh process: nothing compiled yet, as in a window just opened. */
  readonly coldLoad: ExtensionLoadFigures;
  readonly edit: EditFigures;
  readonly heap: HeapFigures;
  readonly processes: ProcessFigures;
}

const ms = (value: number): string => (value < 10 ? value.toFixed(2) : Math.round(value).toLocaleString('en-US'));
const times = (value: number, base: number): string => `${(value / base).toFixed(1)}x`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

const peak = (run: ProcessRun): string => (run.peakMiB === undefined ? '' : `, ${Math.round(run.peakMiB)} MiB`);
const processCell = (run: ProcessRun, readOnly: ProcessRun): string => `${ms(run.ms)} ms, ${times(run.ms, readOnly.ms)}${peak(run)}`;

interface Row {
  readonly label: string;
  readonly cell: (result: SizeResult, smallest: SizeResult) => string;
}

const ROWS: readonly Row[] = [
  { label: 'files, size', cell: (r) => `${r.files.toLocaleString('en-US')}, ${(r.bytes / 1e6).toFixed(1)} MB` },
  { label: 'floor: read every file + split the frontmatter', cell: (r) => `${ms(r.inProcess.floor)} ms, 1x` },
  { label: 'the root reader (`readRoot`, node host)', cell: (r) => `${ms(r.inProcess.readRoot)} ms, ${times(r.inProcess.readRoot, r.inProcess.floor)}` },
  { label: 'read + MemoryStore', cell: (r) => `${ms(r.inProcess.store)} ms, ${times(r.inProcess.store, r.inProcess.floor)}` },
  { label: 'read + store + ProblemEngine.checkAll (every rule)', cell: (r) => `${ms(r.inProcess.storeAndRules)} ms, ${times(r.inProcess.storeAndRules, r.inProcess.floor)}` },
  { label: 'extension load path: store full (tree can show)', cell: (r) => `${ms(r.extensionLoad.tree)} ms, ${times(r.extensionLoad.tree, r.inProcess.floor)}` },
  { label: 'extension load path: every diagnostic made', cell: (r) => `${ms(r.extensionLoad.diagnostics)} ms, ${times(r.extensionLoad.diagnostics, r.inProcess.floor)}` },
  { label: 'extension load path: longest hold of the thread, reading / checking', cell: (r) => `${ms(r.extensionLoad.longestHold.load)} / ${ms(r.extensionLoad.longestHold.check)} ms` },
  { label: 'first load in a fresh process: store full / every diagnostic', cell: (r) => `${ms(r.coldLoad.tree)} / ${ms(r.coldLoad.diagnostics)} ms` },
  { label: 'first load in a fresh process: longest hold, reading / checking', cell: (r) => `${ms(r.coldLoad.longestHold.load)} / ${ms(r.coldLoad.longestHold.check)} ms` },
  { label: '`memory-shelf check --json --no-cache` process (cold), to a read-only process', cell: (r) => processCell(r.processes.cold, r.processes.readOnly) },
  { label: '`check --json`, the cache holding this root (warm)', cell: (r) => processCell(r.processes.warm, r.processes.readOnly) },
  { label: '`check --json`, 1% of the memories changed since the cache was filled', cell: (r) => processCell(r.processes.warmChanged, r.processes.readOnly) },
  { label: 'a process that only reads the files (node start alone)', cell: (r) => `${ms(r.processes.readOnly.ms)} ms${peak(r.processes.readOnly)} (${ms(r.processes.nodeStart)} ms)` },
  { label: 'heap per memory: the text itself', cell: (r) => kb(r.heap.texts) },
  { label: 'heap per memory beyond the text: store', cell: (r) => kb(r.heap.store) },
  { label: 'heap per memory beyond the text: store + problems', cell: (r) => kb(r.heap.storeAndProblems) },
  { label: 'one edit (store.update + applyChange): p50 / p95', cell: (r) => `${r.edit.p50.toFixed(3)} / ${r.edit.p95.toFixed(3)} ms` },
  { label: 'one edit: p95 to the smallest size\'s p95', cell: (r, s) => times(r.edit.p95, s.edit.p95) },
  { label: 'one edit, p95 by kind: a sentence / the description / a link added', cell: (r) => `${r.edit.byKind.sentence.p95.toFixed(2)} / ${r.edit.byKind.description.p95.toFixed(2)} / ${r.edit.byKind.link.p95.toFixed(2)} ms` },
  { label: 'problems found by every rule', cell: (r) => Object.values(r.inProcess.problems).reduce((a, b) => a + b, 0).toLocaleString('en-US') },
];

/** One Markdown table per corpus, a column per size; every ratio is to a figure of the same column. */
export function tables(results: readonly SizeResult[]): string {
  const out: string[] = [];
  for (const corpus of [...new Set(results.map((result) => result.corpus))]) {
    const columns = results.filter((result) => result.corpus === corpus).sort((a, b) => a.memories - b.memories);
    out.push(`**${corpus} corpus**`, '');
    out.push(`| | ${columns.map((c) => `${c.memories.toLocaleString('en-US')} memories`).join(' | ')} |`);
    out.push(`|---|${columns.map(() => '---').join('|')}|`);
    for (const row of ROWS) out.push(`| ${row.label} | ${columns.map((c) => row.cell(c, columns[0])).join(' | ')} |`);
    out.push('');
  }
  return out.join('\n');
}

export function bundleLines(bundle: BundleFigures): string {
  const size = (bytes: number | undefined): string => (bytes === undefined ? 'missing' : `${(bytes / 1024).toFixed(0)} KB`);
  return [
    `dist/extension.js ${size(bundle.extension)}, dist/cli.js ${size(bundle.cli)}, dist/webview/editor.js ${size(bundle.webview)} (production builds)`,
    `.vsix ${bundle.vsix === undefined ? `not measured: ${bundle.vsixNote}` : size(bundle.vsix)}`,
  ].join('\n');
}
