import * as assert from 'node:assert/strict';
import { parseMemoryFile, type Range, type TextEdit } from '../../../../src/core';
import { readsBackInBothVersions, yamlScalar } from '../../../../src/core/edits/yamlScalar';
import { lineAt, replaceWithinValue } from '../../../../src/core/edits/frontmatterEdits';
import type { MemoryFile } from '../../../../src/core/memoryFile';

/** replaceWithinValue as it was before it judged a long value by the edit's neighbours: the oracle. */
function parsedWhole(memory: MemoryFile, range: Range, newText: string): TextEdit {
  const edit = { range, newText };
  if (memory.frontmatter.status !== 'ok' || range.start.line !== range.end.line) return edit;
  const field = [...memory.frontmatter.fields.values()].find((candidate) => contains(candidate.valueRange, range));
  if (!field || field.valueRange.start.line !== field.valueRange.end.line) return edit;
  const { start, end } = field.valueRange;
  const old = lineAt(memory.text, start.line).slice(start.character, end.character);
  if (/^["'|>]/.test(old)) return edit;
  const value = (old.slice(0, range.start.character - start.character) + newText + old.slice(range.end.character - start.character)).trim();
  const stillPlain = readsBackInBothVersions(`value: ${value}\n`, (data) => (data as { value?: unknown } | null)?.value === value);
  return stillPlain ? edit : { range: field.valueRange, newText: yamlScalar(value) };
}

function contains(outer: Range, inner: Range): boolean {
  const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// What YAML reads differently in a plain scalar, or in YAML 1.1 only, set among ordinary words.
const ODD = ['', '', ':', ': ', ' #', '#', '\t', '-', '- ', '@', '`', '"', "'", '[', ']', '{', ',', '%', '!', '&', '*', '|', '>', '?', '\u2028', '\u0085', '\u00a0', '😀', '2026-07-30', '12', 'yes', ' '];
const REPLACEMENTS = ['2026-07-30', 'on 2026-07-30', '2026-07-30: ', ' #x', ':', '#', '\u2028', '😀', 'yes', '- a', 'x: y', ' ', '2026-07-30 (Thursday)'];

describe('a date fixed inside a long frontmatter value', () => {
  it('is rewritten exactly as parsing the whole value decides', () => {
    const outcomes = new Map<string, number>();
    for (let seed = 1; seed <= 600; seed++) {
      const next = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
      const words = Array.from<unknown, string>({ length: 60 + (seed % 5) * 10 }, (_, i) => (i % 7 === 3 ? 'today' : 'word'));
      // One or two odd pieces, glued to a word or standing alone.
      const odd: number[] = [];
      for (let k = 0; k < 1 + (seed % 2); k++) {
        const at = 1 + Math.floor(next() * (words.length - 2));
        words[at] = next() < 0.5 ? words[at] + pick(ODD) : pick(ODD) + words[at];
        odd.push(at);
      }
      const value = words.join(' ');
      const memory = parseMemoryFile('project_x.md', `---\nname: x\ndescription: ${value}\nmetadata:\n  type: project\n---\nBody.\n`);
      const field = memory.frontmatter.status === 'ok' ? memory.frontmatter.fields.get('description') : undefined;
      if (!field || field.valueRange.start.line !== field.valueRange.end.line) continue;
      const valueStart = field.valueRange.start.character;
      const length = field.valueRange.end.character - valueStart;
      for (let i = 0; i < 6; i++) {
        // Mostly a word beside an odd piece, as a date beside punctuation would be; else anywhere.
        const word = i < 4 ? Math.max(0, Math.min(words.length - 1, pick(odd) + (next() < 0.5 ? -1 : 1))) : Math.floor(next() * words.length);
        const wordStart = words.slice(0, word).reduce((sum, w) => sum + w.length + 1, 0);
        const from = valueStart + Math.min(length, wordStart);
        const to = Math.min(valueStart + length, from + words[word].length);
        const range = { start: { line: 2, character: from }, end: { line: 2, character: to } };
        const replacement = pick(REPLACEMENTS);
        const expected = parsedWhole(memory, range, replacement);
        assert.deepEqual(replaceWithinValue(memory, range, replacement), expected, `seed ${seed}: ${JSON.stringify(value)} [${from}, ${to}) -> ${JSON.stringify(replacement)}`);
        const outcome = expected.range === range ? 'kept plain' : 'quoted whole';
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }
    assert.ok((outcomes.get('kept plain') ?? 0) > 300 && (outcomes.get('quoted whole') ?? 0) > 100, `both outcomes were tried: ${JSON.stringify([...outcomes])}`);
  });
});
