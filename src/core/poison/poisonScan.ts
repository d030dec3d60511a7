import { msg, type Text } from '../text';
import { findChannelMarkup } from './channelMarkup';
import { discussionMask } from './discussionMask';
import { codePointName, hiddenRuns, isTagCharacter, type HiddenRun } from './hiddenCharacters';
import { plantedGates, plantedInstructionSteps, type PlantedFinding, type PlantedKind } from './plantedInstructions';

/** The three kinds of poisoning, each its own diagnostic code. */
export type PoisonKind = 'hidden-text' | 'channel-markup' | 'planted-instruction';

/**
 * One piece of poisoning in a text: where it is, what kind, and a sentence saying so that names
 * characters as `U+202E` and never repeats them, nor the planted words.
 */
export interface PoisonFinding {
  readonly kind: PoisonKind;
  /** Offsets in the text scanned: the hidden run, the tag, or the planted sentence. */
  readonly start: number;
  readonly end: number;
  readonly message: Text;
  /** For `hidden-text`: the code points of the run, to remove them; legitimate joiners are never in a run. */
  readonly hidden?: HiddenRun;
  /** For `planted-instruction`: what the sentence tries. */
  readonly planted?: PlantedKind;
}

/**
 * Every hidden character run, piece of channel markup and planted instruction in `text`, in order of
 * position. Pure and linear in the text's length: memory bodies and MEMORY.md through the rule, and any
 * file of the instruction stack (CLAUDE.md, its imports, rules, AGENTS.md) through the session preview
 * and the hook's gate, which hand it the text as Claude Code would load it.
 */
export function scanPoisoning(text: string): PoisonFinding[] {
  const steps = scanPoisoningSteps(text);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * {@link scanPoisoning} a part at a time: the hidden runs and gates, the mask, the markup, then the
 * sentences a few thousand at a time. MEMORY.md's 20,000 lines took 150 ms at once, past what the
 * extension host may be held for; the parts are the ones {@link scanPoisoning} runs, so the findings are the same.
 */
export function* scanPoisoningSteps(text: string): Generator<void, PoisonFinding[], void> {
  const findings: PoisonFinding[] = hiddenRuns(text).map((run) => ({ kind: 'hidden-text', start: run.start, end: run.end, message: hiddenMessage(run), hidden: run }));
  // Markup and instructions are read with the hidden characters gone: `ig\u200Bnore previous instructions` is still an order.
  const visible = findings.length > 0 ? withoutHidden(text, findings) : { text, offsets: undefined };
  const gates = plantedGates(visible.text);
  // Only a text that could hold markup or a planted sentence is masked: most memories hold neither.
  if (gates === 0 && !visible.text.includes('<') && !MAY_TURN.test(visible.text)) return findings;
  yield;
  const masked = discussionMask(visible.text);
  const at = (offset: number): number => visible.offsets?.[offset] ?? offset;
  yield;
  for (const markup of findChannelMarkup(masked)) {
    findings.push({ kind: 'channel-markup', start: at(markup.start), end: at(markup.end - 1) + 1, message: markupMessage(markup.name) });
  }
  yield;
  const planted: PlantedFinding[] = [];
  yield* plantedInstructionSteps(masked, visible.text, gates, planted);
  for (const found of planted) {
    findings.push({ kind: 'planted-instruction', start: at(found.start), end: at(found.end - 1) + 1, message: PLANTED_MESSAGES[found.kind], planted: found.kind });
  }
  return findings.sort((a, b) => a.start - b.start || a.end - b.end);
}

const MAY_TURN = /Human:/;

/** `text` without its hidden runs, and for each offset of the result the offset in `text`. */
function withoutHidden(text: string, runs: readonly PoisonFinding[]): { text: string; offsets: Int32Array } {
  const parts: string[] = [];
  const offsets = new Int32Array(text.length + 1);
  let at = 0;
  let out = 0;
  const keep = (from: number, to: number): void => {
    parts.push(text.slice(from, to));
    for (let i = from; i < to; i++) offsets[out++] = i;
  };
  for (const run of runs) {
    keep(at, run.start);
    at = run.end;
  }
  keep(at, text.length);
  offsets[out] = text.length;
  return { text: parts.join(''), offsets: offsets.subarray(0, out + 1) };
}

/** How many distinct characters a message names before it says "and others". */
const NAMED_CHARACTERS = 4;

function hiddenMessage(run: HiddenRun): Text {
  if (run.codePoints.every(isTagCharacter)) {
    return msg('{0} invisible Unicode tag characters (U+E0000–U+E007F): they spell text the agent reads and no one sees. Remove them.', run.count);
  }
  const names = run.codePoints.slice(0, NAMED_CHARACTERS).map(codePointName).join(', ') + (run.codePoints.length > NAMED_CHARACTERS ? ', …' : '');
  return run.count === 1
    ? msg('Hidden character {0}: invisible here, read by the agent. Remove it.', names)
    : msg('{0} hidden characters ({1}): invisible here, read by the agent. Remove them.', run.count, names);
}

function markupMessage(name: string): Text {
  return /^(?:Human|Assistant):$/.test(name)
    ? msg('"{0}" at the start of a line imitates a turn of the conversation the agent is in. Remove the line, or put it in code if it is an example.', name)
    : msg('<{0}> imitates the markup Claude Code talks to the model in: the agent may take what follows as coming from the system. Remove the line, or put it in code if it is an example.', name);
}

const PLANTED_MESSAGES: Readonly<Record<PlantedKind, Text>> = {
  override: msg('Written to make the agent ignore its instructions. Memory is read as instructions every session: remove the line unless a person meant it.'),
  grant: msg('Written as a standing permission for commands a person approves one at a time. Memory is read as instructions every session: remove the line unless the user really gave it.'),
  'skip-permissions': msg('Tells the agent to run without permission checks. Memory is read as instructions every session: remove the line unless the user really asked for it.'),
  exfiltrate: msg('Tells the agent to send credentials or private files to an address outside. Remove the line unless a person wrote it.'),
  startup: msg('Tells the agent to download and run a script when a session starts. Remove the line unless a person wrote it.'),
  conceal: msg('Tells the agent to keep something from the user. Memory is read as instructions every session: remove the line unless a person meant it.'),
  impersonate: msg('Written as if from the system or Anthropic: memory is only ever notes. Remove the line unless a person wrote it.'),
};
