import type { FrontmatterError } from '../../frontmatter';
import { LineIndex } from '../../lineIndex';
import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, titleOf } from '../../problems';
import { msg } from '../../text';
import { readsBackInBothVersions, singleQuoted, yamlScalar } from '../../edits/yamlScalar';
import { makeProblem } from '../shared/makeProblem';
import type { UnquotedColonFindings } from './unquotedColon';

// `name: "통과" 한마디 = 커밋`: a value that opens with a quoted part and goes on after its closing quote.
// Its end is found as unquotedColon's PLAIN_FIELD finds it: from the end, once.
const QUOTED_THEN_TEXT = /^(name|description)[ \t]*:[ \t]+((?:"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\r\n]|'')*')[ \t]*[^\s#](?:[^\r\n]*[^ \t\r\n])?)[ \t]*$/;

/**
 * `frontmatter-invalid` caused by a `name` or `description` that starts with a quoted word and goes on
 * (an agent's `name: "통과" 한마디 = 커밋`), which YAML cannot read: said plainly, with a fix that
 * quotes the whole line's value as written. As for unquoted colons, the fix is marked safe only when,
 * with every such value quoted, the frontmatter reads back each value exactly in YAML 1.2 and 1.1.
 */
export function quotedThenTextProblems(memory: MemoryFile, errors: readonly FrontmatterError[]): UnquotedColonFindings | undefined {
  const { yamlStart, yamlEnd } = memory.frontmatter;
  const lines = new LineIndex(memory.text);
  const errorLines = new Set(errors.map((error) => error.range.start.line));
  const first = lines.positionAt(yamlStart).line;
  const last = lines.positionAt(yamlEnd).line;
  const candidates: { key: string; line: number; start: number; end: number; value: string }[] = [];
  for (let line = first; line < last; line++) {
    const start = lines.offsetAt({ line, character: 0 });
    const lineText = memory.text.slice(start, lines.offsetAt({ line: line + 1, character: 0 })).replace(/\r?\n$|\r$/, '');
    const match = QUOTED_THEN_TEXT.exec(lineText);
    // The parser may report the error on the line or the one after it.
    if (!match || !(errorLines.has(line) || errorLines.has(line + 1))) continue;
    // `"a: b" c: d` may be a second key written on the same line: a guess, so no fix.
    if (/:(?:[ \t]|$)/.test(match[2].replace(/^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')/, ''))) continue;
    const valueStart = start + lineText.indexOf(match[2], match[1].length);
    candidates.push({ key: match[1], line, start: valueStart, end: valueStart + match[2].length, value: match[2] });
  }
  if (candidates.length === 0) return undefined;
  const edits = candidates.map((candidate) => ({ range: lines.rangeAt(candidate.start, candidate.end), newText: readablyQuoted(candidate.value) }));
  let yaml = memory.text.slice(yamlStart, yamlEnd);
  for (let i = candidates.length - 1; i >= 0; i--) {
    yaml = yaml.slice(0, candidates[i].start - yamlStart) + edits[i].newText + yaml.slice(candidates[i].end - yamlStart);
  }
  const proven = readsBackInBothVersions(yaml, (data) => {
    const map = data as Record<string, unknown> | null;
    return typeof map === 'object' && map !== null && candidates.every((candidate) => map[candidate.key] === candidate.value);
  });
  const problems = candidates.map((candidate, i) => makeProblem(ProblemCode.FrontmatterInvalid, memory.path, edits[i].range,
    candidate.key === 'name'
      ? msg('Invalid frontmatter: the name starts with a quoted part and goes on after it, which YAML cannot read. Quote the whole value.')
      : msg('Invalid frontmatter: the description starts with a quoted part and goes on after it, which YAML cannot read. Quote the whole value.'),
    undefined,
    [{ ...titleOf(msg('Quote this value')), preferred: true, ...(proven ? { safe: true } : {}), edits: [{ kind: 'edit', path: memory.path, edits: [edits[i]] }] }]));
  const explained = new Set(candidates.flatMap((candidate) => [candidate.line, candidate.line + 1]));
  return { problems, explainsAll: proven && errors.every((error) => explained.has(error.range.start.line)), lines: explained };
}

/**
 * The value quoted the way a person would type it: `'"통과" 한마디 = 커밋'` rather than
 * `"\"통과\" 한마디 = 커밋"`. Single quotes when the value holds double ones and single quotes can hold it.
 */
function readablyQuoted(value: string): string {
  return (value.includes('"') && !value.includes("'") ? singleQuoted(value) : undefined) ?? yamlScalar(value);
}
