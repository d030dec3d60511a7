import type { FrontmatterError } from '../../frontmatter';
import { LineIndex } from '../../lineIndex';
import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, titleOf, type Problem } from '../../problems';
import { msg } from '../../text';
import type { TextEdit } from '../../types';
import { readsBackInBothVersions, yamlScalar } from '../../edits/yamlScalar';
import { makeProblem } from '../shared/makeProblem';

// A top-level `name:` or `description:` with a plain one-line value: the keys people write prose into.
// The value ends at its last character that is no space or tab, found from the end once: a lazy value
// tried the trailing `[ \t]*$` from every space of a long run followed by a word.
const PLAIN_FIELD = /^(name|description)[ \t]*:[ \t]+([^\s"'|>[{&*!%@`#](?:[^\r\n]*[^ \t\r\n])?)[ \t]*$/;
// `: ` (or a final `:`) inside a plain value makes YAML read a second key, the most common real parse error.
const COLON_IN_VALUE = /:(?:[ \t]|$)/;
// Text after ` #` is a comment to YAML: whether the writer meant it as one is a guess.
const COMMENT_IN_VALUE = /[ \t]#/;

interface Candidate {
  readonly key: string;
  readonly line: number;
  /** Offsets of the value in the file's text. */
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/** What the plain-language problems replace: their own findings and the parser errors they explain. */
export interface UnquotedColonFindings {
  readonly problems: readonly Problem[];
  /** Whether every parser error is explained, so none of them needs reporting. */
  readonly explainsAll: boolean;
  /** Lines whose parser errors are explained. */
  readonly lines: ReadonlySet<number>;
}

/**
 * `frontmatter-invalid` caused by a `: ` in a plain `name` or `description` value (`description: Note:
 * ship on Fridays`), said plainly and with a fix that quotes exactly that value, instead of the parser's
 * "Nested mappings are not allowed in compact mappings". Only a line the parser complains about is a
 * candidate. The fix is safe when proven at planning time: with every such value quoted, the
 * frontmatter parses without error in YAML 1.2 and 1.1 and reads each value back as exactly the text
 * that was written; a value holding ` #` is never safe, since YAML would have read the rest as a comment
 * and the writer may have meant one.
 */
export function unquotedColonProblems(memory: MemoryFile, errors: readonly FrontmatterError[]): UnquotedColonFindings | undefined {
  const { yamlStart, yamlEnd } = memory.frontmatter;
  const lines = new LineIndex(memory.text);
  const errorLines = new Set(errors.map((error) => error.range.start.line));
  const candidates = findCandidates(memory.text, yamlStart, yamlEnd, lines).filter((candidate) => errorLines.has(candidate.line));
  if (candidates.length === 0) return undefined;

  const quoted = candidates.map((candidate): TextEdit => ({ range: lines.rangeAt(candidate.start, candidate.end), newText: yamlScalar(candidate.value) }));
  let yaml = memory.text.slice(yamlStart, yamlEnd);
  for (let i = candidates.length - 1; i >= 0; i--) {
    yaml = yaml.slice(0, candidates[i].start - yamlStart) + quoted[i].newText + yaml.slice(candidates[i].end - yamlStart);
  }
  const proven = readsBackInBothVersions(yaml, (data) => {
    const map = data as Record<string, unknown> | null;
    return typeof map === 'object' && map !== null && candidates.every((candidate) => map[candidate.key] === candidate.value);
  });
  const problems = candidates.map((candidate, i) => {
    const safe = proven && !COMMENT_IN_VALUE.test(candidate.value);
    const message = candidate.key === 'name'
      ? msg('Invalid frontmatter: the name holds ": ", which YAML reads as the start of another key. Quote this value.')
      : msg('Invalid frontmatter: the description holds ": ", which YAML reads as the start of another key. Quote this value.');
    return makeProblem(ProblemCode.FrontmatterInvalid, memory.path, quoted[i].range, message, undefined, [{
      ...titleOf(msg('Quote this value')),
      preferred: true,
      ...(safe ? { safe } : {}),
      edits: [{ kind: 'edit', path: memory.path, edits: [quoted[i]] }],
    }]);
  });
  return { problems, explainsAll: proven, lines: new Set(candidates.map((candidate) => candidate.line)) };
}

function findCandidates(text: string, yamlStart: number, yamlEnd: number, lines: LineIndex): Candidate[] {
  const candidates: Candidate[] = [];
  const first = lines.positionAt(yamlStart).line;
  const last = lines.positionAt(yamlEnd).line;
  for (let line = first; line < last; line++) {
    const start = lines.offsetAt({ line, character: 0 });
    const lineText = text.slice(start, lines.offsetAt({ line: line + 1, character: 0 })).replace(/\r?\n$|\r$/, '');
    const match = PLAIN_FIELD.exec(lineText);
    if (!match || !COLON_IN_VALUE.test(match[2]) || continues(text, lines, line + 1, last)) continue;
    const valueStart = start + lineText.indexOf(match[2], match[1].length);
    candidates.push({ key: match[1], line, start: valueStart, end: valueStart + match[2].length, value: match[2] });
  }
  return candidates;
}

/** Whether `line` carries on the value above it (an indented line): then the value is not one line. */
function continues(text: string, lines: LineIndex, line: number, last: number): boolean {
  if (line >= last) return false;
  const start = lines.offsetAt({ line, character: 0 });
  const next = text.slice(start, lines.offsetAt({ line: line + 1, character: 0 }));
  return /^[ \t]+\S/.test(next) && !/^[ \t]+#/.test(next);
}
