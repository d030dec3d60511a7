import { LineIndex } from '../../lineIndex';
import { messageOf, ProblemCode, titleOf, type Problem, type ProblemFix } from '../../problems';
import { msg } from '../../text';
import type { Range, RootPath } from '../../types';
import { DEFAULT_SEVERITIES } from '../shared/severities';
import { preparesInSteps, readsTextOnly, type TextRule } from '../shared/ruleContext';
import { scanPoisoning, scanPoisoningSteps, type PoisonFinding, type PoisonKind } from '../../poison/poisonScan';
import { INDEX_FILE_NAME } from '../../rootPath';

const CODE_OF: Readonly<Record<PoisonKind, ProblemCode>> = {
  'hidden-text': ProblemCode.HiddenText,
  'channel-markup': ProblemCode.ChannelMarkup,
  'planted-instruction': ProblemCode.PlantedInstruction,
};

/** The diagnostic code of each kind of poisoning. */
export function poisonCode(kind: PoisonKind): ProblemCode {
  return CODE_OF[kind];
}

/** Whether `code` is one of the poisoning rule's: the tree and To review mark a memory that holds one. */
export function isPoisonCode(code: ProblemCode): boolean {
  return code === ProblemCode.HiddenText || code === ProblemCode.ChannelMarkup || code === ProblemCode.PlantedInstruction;
}

/**
 * The poisoning rules (`hidden-text`, `channel-markup`, `planted-instruction`) over a memory, its
 * frontmatter included, or MEMORY.md: everything in them reaches the agent. Hidden characters are
 * removed by a fix `--fix` may apply, since only what no one can see goes; markup and planted lines
 * are a person's decision, so their fix (remove the line) is never applied without one.
 */
export const poisoning: TextRule = (input) => {
  const found = input.path === INDEX_FILE_NAME && prepared?.text === input.text ? prepared.found : scanPoisoning(input.text);
  if (found.length === 0) return [];
  const lines = new LineIndex(input.text);
  return found.map((finding) => poisonProblem(input.path, input.text, lines, finding));
};

readsTextOnly(poisoning);

/** MEMORY.md's findings as its reading in parts left them, for the text they were found in. */
let prepared: { readonly text: string; readonly found: PoisonFinding[] } | undefined;

// MEMORY.md's 20,000 lines are read a part per step (see scanPoisoningSteps); the rule then finds them read.
preparesInSteps(poisoning, function* (input) {
  if (input.path !== INDEX_FILE_NAME || prepared?.text === input.text) return;
  const steps = scanPoisoningSteps(input.text);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) {
      prepared = { text: input.text, found: step.value };
      return;
    }
    yield;
  }
});

function poisonProblem(path: RootPath, text: string, lines: LineIndex, finding: PoisonFinding): Problem {
  const code = CODE_OF[finding.kind];
  const range = lines.rangeAt(finding.start, finding.end);
  const fix = finding.kind === 'hidden-text' ? removeHidden(path, range) : removeLine(path, text, lines, range);
  return { code, severity: DEFAULT_SEVERITIES[code], path, range, ...messageOf(finding.message), fixes: [fix] };
}

const REMOVE_HIDDEN = titleOf(msg('Remove the hidden characters'));
const REMOVE_LINE = titleOf(msg('Remove this line'));

function removeHidden(path: RootPath, range: Range): ProblemFix {
  return { ...REMOVE_HIDDEN, preferred: true, safe: true, edits: [{ kind: 'edit', path, edits: [{ range, newText: '' }] }] };
}

/** The whole line the finding starts on, its line break included (the one before it, on the last line). */
function removeLine(path: RootPath, text: string, lines: LineIndex, range: Range): ProblemFix {
  const line = range.start.line;
  const start = { line, character: 0 };
  const isLast = line + 1 >= lines.lineCount;
  const from = isLast && line > 0 ? lines.positionAt(lines.offsetAt(start) - lineBreakBefore(text, lines.offsetAt(start))) : start;
  const to = isLast ? lines.positionAt(text.length) : { line: line + 1, character: 0 };
  return { ...REMOVE_LINE, preferred: false, safe: false, edits: [{ kind: 'edit', path, edits: [{ range: { start: from, end: to }, newText: '' }] }] };
}

function lineBreakBefore(text: string, offset: number): number {
  if (text[offset - 1] !== '\n') return text[offset - 1] === '\r' ? 1 : 0;
  return text[offset - 2] === '\r' ? 2 : 1;
}
