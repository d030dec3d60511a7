import * as assert from 'node:assert/strict';
import { DEFAULT_TEXT_RULES, MemoryStore, ProblemEngine, resolveTypeSet, type ProblemEngineOptions } from '../../../src/core';

/**
 * Every rule, fed runs of each delimiter its patterns read, must take time linear in the run: a
 * pattern that scans on from every opener that has no closer (`](` with no `)`, `[[` with no `]]`, a
 * fence never closed, a space with no bar after it) takes time quadratic in the run, and a memory of
 * 1 MB held `memory-shelf check` (and would hold the extension host) for minutes.
 *
 * Work is compared, never a time: the small input is checked four times and the input four times its
 * size once, in CPU time, so a linear check takes about as long for both (less for the large one,
 * since the root around the memory is checked once rather than four times), and a quadratic one four
 * times as long. CPU time leaves out the waits of a loaded machine, and a case past the bound is
 * measured twice more, keeping the best: a stray pause does not come back three times, and a
 * quadratic rule fails every time.
 */

const SMALL = 16_000;
/**
 * MEMORY.md is read only up to Claude Code's cut (25,000 characters) by the rules of its content: both
 * of its sizes stay under it, or the larger would skip the very scan being measured.
 */
const SMALL_INDEX = 5_000;
const GROWTH = 4;
/** Past this, 4x the input took more than 10x the time: nearer a square (16x) than a line (4x). */
const BOUND = 10 / GROWTH;
const THURSDAY = Date.UTC(2026, 6, 30, 12);

const OPTIONS: ProblemEngineOptions = { typeSet: resolveTypeSet('claude-code', []), textRules: DEFAULT_TEXT_RULES, modifiedTime: () => THURSDAY };

/**
 * Each delimiter as a run repeats it: `[label, unit, before, after]`, the run written after `before`
 * (one relative date unless said, since the date scanners look around every mention) and followed by
 * `after` (a run that something must follow, or it is never scanned past). Those that count at a
 * line's start come with their line break.
 */
const DELIMITERS: readonly (readonly [string, string, string?, string?])[] = [
  ['`](` with no `)`', ']('],
  ['`](` after a word', '](a'],
  ['`[a](` links never closed', '[a]('],
  ['`[` alone', '['],
  ['`[[` with no `]]`', '[['],
  ['`]]`', ']]'],
  ['`[[a` names', '[[a'],
  ['backticks', '`'],
  ['backtick pairs', ' ``'],
  ['fence lines never closed', '```a\n'],
  ['tilde fences never closed', '~~~a\n'],
  ['`<!--` never closed', '<!--'],
  ['`-->`', '-->'],
  ['`<!--` after a closed comment', '<!--', '<!-- a --> '],
  ['straight double quotes', '"'],
  ['straight single quotes', "'"],
  ['curly quotes', '“'],
  ['corner brackets', '「'],
  ['colons', ':'],
  ['`**`', '**'],
  ['table bars', '|'],
  ['`#`', '#'],
  ['spaces, then a word and a bracket', ' ', 'today ', 'x]'],
  ['tabs, then a word and a bracket', '\t', 'today ', 'x]'],
  ['hyphens, then a word and a bar', '-', 'today', 'x|'],
  ['spaces after `key: value`', ' ', 'today: ', 'x'],
  ['spaces after a quoted word', ' ', '"today" x', 'y'],
  ['one long word', 'a'],
  ['Korean without spaces', '기억파일'],
  ['Japanese without spaces', 'きおくファイル'],
  ['dates cut short', '2026-'],
  ['relative dates', 'today '],
  ['relative dates on lines', 'today\n'],
  ['`@` imports', '@a/'],
  ['`http://`', 'http://'],
  ['addresses glued to words', 'xhttp://a'],
  ['`moved to [[`', 'moved to [['],
  ['`see [a](`', 'see [a]('],
  ['blanks after ~~struck~~ words', ' ', '~~old~~', 'x'],
  ['tabs in a table delimiter row', '\t', '| API key | v |\n---|---:', ':---|---x'],
  ['blanks after a PEM marker', ' \t', '-----BEGIN PRIVATE KEY-----'],
  ['blanks after a heading', ' ', '## today', 'x'],
  ['tabs after a clause verb', '\t', '오늘 공유', 'x'],
];

/** Where a memory's text is read, each rule reading some of these, and the smaller size put there. */
const PLACES: readonly (readonly [string, number, (text: string) => Record<string, string>])[] = [
  ['the body', SMALL, (text) => ({ 'project_x.md': memory('project-x', 'Deploy steps for the billing service and its staging cluster', text) })],
  ['the description', SMALL, (text) => ({ 'project_x.md': memory('project-x', oneLine(text), 'Deploy steps for the billing service.') })],
  ['the name', SMALL, (text) => ({ 'project_x.md': memory(oneLine(text), 'Deploy steps for the billing service and its staging cluster', 'Deploy steps for the billing service.') })],
  ['a MEMORY.md entry', SMALL_INDEX, (text) => ({ 'MEMORY.md': `# Memory\n\n- [X](project_x.md) — ${oneLine(text)}\n` })],
  ['MEMORY.md', SMALL_INDEX, (text) => ({ 'MEMORY.md': `# Memory\n\n- [X](project_x.md) — deploy steps\n${text}\n` })],
];

function memory(name: string, description: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: project\n---\n${body}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\n/g, ' ');
}

/** A root of three memories and an index, with `files` over it: how many problems it has, each read as a caller would. */
function check(files: Record<string, string>): number {
  const store = new MemoryStore();
  store.update('MEMORY.md', '# Memory\n\n- [X](project_x.md) — deploy steps for billing\n- [Small PRs](feedback_small_prs.md) — keep pull requests small\n');
  store.update('project_x.md', memory('project-x', 'Deploy steps for the billing service', 'Deploy steps.'));
  store.update('feedback_small_prs.md', memory('feedback-small-prs', 'Keep pull requests small because reviewers skim long diffs', 'Keep pull requests small; reviewers skim long diffs.'));
  store.update('feedback_reviews.md', memory('feedback-reviews', 'Reviewers read the tests first', 'Review the tests first, then the code.'));
  for (const [path, text] of Object.entries(files)) store.update(path, text);
  const engine = new ProblemEngine(store, OPTIONS);
  engine.checkAll();
  let problems = 0;
  for (const problem of engine.allProblems()) if (problem.message !== '') problems++;
  return problems;
}

function cpuMilliseconds(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

/**
 * The large input's time over that of `GROWTH` checks of the small one: about 1 or less when linear.
 * Below a few milliseconds the scheduler's accounting is all there is, so less counts as that.
 */
function workRatio(small: Record<string, string>, large: Record<string, string>): number {
  const smallTime = cpuMilliseconds(() => {
    for (let i = 0; i < GROWTH; i++) check(small);
  });
  return cpuMilliseconds(() => check(large)) / Math.max(smallTime, 4);
}

const run = (unit: string, size: number, before = 'today ', after = ''): string => before + unit.repeat(Math.ceil(size / unit.length)).slice(0, size) + after;

describe('every rule takes time linear in runs of the delimiters its patterns read', function () {
  // Each case checks a root with a 64 KB memory a few times; a loaded machine takes a while.
  this.timeout(120_000);

  for (const [place, size, filesOf] of PLACES) {
    describe(place, () => {
      for (const [delimiter, unit, before, after] of DELIMITERS) {
        it(delimiter, () => {
          const small = filesOf(run(unit, size, before, after));
          const large = filesOf(run(unit, size * GROWTH, before, after));
          // Also warms up the JIT and the expressions' caches. The root's third memory is not in MEMORY.md.
          assert.ok(check(small) > 0, 'the root was checked');
          let ratio = workRatio(small, large);
          for (let attempt = 1; attempt < 3 && ratio > BOUND; attempt++) ratio = Math.min(ratio, workRatio(small, large));
          assert.ok(ratio <= BOUND, `${place}, ${delimiter}: ${GROWTH}x the input took ${(ratio * GROWTH).toFixed(1)}x the time (linear is about ${GROWTH}x, quadratic ${GROWTH * GROWTH}x)`);
        });
      }
    });
  }
});
