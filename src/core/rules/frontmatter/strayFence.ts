import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import { makeProblem } from '../shared/makeProblem';

/** A frontmatter key at a line's start, as the block holds them. */
const FIELD_LINE = /^(name|description|type|metadata)[ \t]*:(?:[ \t]|$)/;
/** More lines of a field: indented (a folded value, a metadata map) or blank. */
const CONTINUATION = /^(?:[ \t]+\S.*|[ \t]*)$/;
const FENCE = /^---[ \t]*$/;
/** The most lines a cut-off block is read for: a memory's frontmatter is a handful of fields. */
const MAX_LINES = 24;

/**
 * A `---` line inside the frontmatter, which closes the block early: the keys after it, up to the
 * block's real closing `---`, are read as the body ("---", "name: x", "---", "description: …",
 * "type: project", "---"). The memory then shows as missing its description and type, which only
 * follow from the stray line; the real-corpus judgment counts it as invalid frontmatter (round-2
 * probe, issue #23: 1 of 1 cut block reported as missing fields instead). Only when the body opens
 * with such keys and a second `---` ends them: a body that starts with "type: …" in prose has no fence.
 */
export function strayFenceProblem(memory: MemoryFile): Problem | undefined {
  const { frontmatter, text } = memory;
  if (frontmatter.status !== 'ok' || frontmatter.bodyStart === 0) return undefined;
  const keys: string[] = [];
  let offset = frontmatter.bodyStart;
  for (let i = 0; i < MAX_LINES && offset < text.length; i++) {
    const lineBreak = text.indexOf('\n', offset);
    const line = text.slice(offset, lineBreak < 0 ? text.length : lineBreak).replace(/\r$/, '');
    if (FENCE.test(line)) return keys.length > 0 ? problemAt(memory, keys) : undefined;
    const field = FIELD_LINE.exec(line);
    if (field) keys.push(field[1]);
    else if (keys.length === 0 ? line.trim() !== '' : !CONTINUATION.test(line)) return undefined;
    if (lineBreak < 0) return undefined;
    offset = lineBreak + 1;
  }
  return undefined;
}

function problemAt(memory: MemoryFile, keys: readonly string[]): Problem {
  // The stray line is the one that closed the block: the last line before the body.
  const line = lineOf(memory.text, memory.frontmatter.yamlEnd);
  const range = { start: { line, character: 0 }, end: { line, character: 3 } };
  return makeProblem(ProblemCode.FrontmatterInvalid, memory.path, range, msg('Invalid frontmatter: this "---" line ends the block early, and {0} below it are read as the body. Remove it.', keys.join(', ')));
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
