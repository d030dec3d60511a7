import { stepFence } from '../../codeFence';
import { setFieldEdit } from '../../edits/frontmatterEdits';
import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, titleOf, type Problem } from '../../problems';
import { msg } from '../../text';
import { factSwap, tokenize, type FactSwap } from '../shared/factSwap';
import { makeProblem } from '../shared/makeProblem';
import { fieldAnchor } from '../shared/problemAnchors';

/** A description longer than this is no short statement of facts. */
const MAX_DESCRIPTION = 300;
/** How much of the body is read: where a memory's fact is restated, it is near the top. */
const BODY_SAMPLE = 4000;

/**
 * `description-body-mismatch`, a fact kept: the body restates the description word for word but for
 * one fact, a name, number, date, weekday or negation (`결제 API 담당은 박지훈` over a body that now
 * says `결제 API 담당은 김하늘`), and the old value is nowhere else in the body. The description, and
 * the MEMORY.md line written from it, still say the old fact, and they are what Claude Code loads and
 * recalls by. One memory's own text only: cheap at 20,000 memories, no comparison between memories.
 * The fix puts the body's fact in the description; it is offered to a person, never applied alone.
 */
export function checkDescriptionFacts(memory: MemoryFile): Problem | undefined {
  const description = memory.description?.trim();
  if (!description || description.length > MAX_DESCRIPTION) return undefined;
  const body = proseOf(memory.text.slice(memory.frontmatter.bodyStart, memory.frontmatter.bodyStart + BODY_SAMPLE));
  if (body.trim() === '') return undefined;
  const normalBody = body.normalize('NFKC').toLowerCase();
  const statements = description.split(/[.!?](?=\s|$)|[。！？;；]|\s[—–]\s/u).map(readStatement)
    // A sentence shares only words the body holds: a statement with too few of them anywhere is no restatement (most descriptions).
    .filter((statement): statement is Statement => statement !== undefined && holdsEnough(normalBody, statement.keys, statement.needed));
  if (statements.length === 0) return undefined;
  // Each sentence once: a body that repeats a line (a template, a copy pasted twice) answers the same for
  // every copy, and the first copy is met first.
  const parts = [...new Set(body.split(/\r\n|\n|\r|[.!?](?=\s|$)|[。！？;；]/u))];
  // Each part is read only if some statement could restate in it, and once: tokens are most of the cost.
  const lowered: (string | undefined)[] = [];
  const tokens: (Sentence | undefined)[] = [];
  const sentenceOf = (p: number): Sentence => (tokens[p] ??= readSentence(parts[p]));
  let bodyKeys: ReadonlySet<string> | undefined;
  for (const statement of statements) {
    for (let p = 0; p < parts.length; p++) {
      const text = (lowered[p] ??= parts[p].normalize('NFKC').toLowerCase());
      // The words a sentence shares are in its text: too few there, and it cannot restate the statement.
      if (!holdsEnough(text, statement.keys, statement.needed)) continue;
      const sentence = sentenceOf(p);
      // Most of the statement's words are in the sentence, or it cannot be the same statement.
      let shared = 0;
      for (const token of sentence.keys) if (statement.keys.has(token)) shared++;
      if (shared < statement.needed || sentence.tokens.length === 0) continue;
      const swap = factSwap(statement.tokens, sentence.tokens);
      if (!swap) continue;
      bodyKeys ??= new Set(parts.flatMap((_, q) => [...sentenceOf(q).keys]));
      if (!stale(swap, statement.keys, bodyKeys, normalBody)) continue;
      return problemFor(memory, swap);
    }
  }
  return undefined;
}

interface Sentence {
  readonly tokens: ReturnType<typeof tokenize>;
  readonly keys: ReadonlySet<string>;
}

function readSentence(part: string): Sentence {
  const tokens = tokenize(part);
  return { tokens, keys: new Set(tokens.map((token) => token.key)) };
}

interface Statement {
  readonly tokens: ReturnType<typeof tokenize>;
  readonly keys: ReadonlySet<string>;
  /** How many of its words a sentence must share to restate it. */
  readonly needed: number;
}

/** A part of the description as a statement; undefined for one of fewer than two content words, which states no fact to compare. */
function readStatement(part: string): Statement | undefined {
  const tokens = tokenize(part);
  const content = tokens.filter((token) => token.cls !== 'other').length;
  if (content < 2) return undefined;
  return { tokens, keys: new Set(tokens.map((token) => token.key)), needed: Math.max(1, Math.min(content - 1, Math.ceil(content * 0.6))) };
}

/** Whether `text` holds at least `needed` of `keys`: looked for only until that is settled, either way. */
function holdsEnough(text: string, keys: ReadonlySet<string>, needed: number): boolean {
  let present = 0;
  let left = keys.size;
  for (const key of keys) {
    if (text.includes(key) && ++present >= needed) return true;
    if (present + --left < needed) return false;
  }
  return present >= needed;
}

/** Code is not prose: fenced blocks are left out (an example in a fence is no restatement), read as the other rules read fences. */
function proseOf(body: string): string {
  // No fence, no line to leave out, and no \r\n to read as \n: most bodies are read as they are.
  if (!body.includes('```') && !body.includes('~~~') && !body.includes('\r')) return body;
  let fence: string | undefined;
  return body.split(/\r\n|\n|\r/).map((line) => {
    const step = stepFence(line, fence);
    fence = step.fence;
    return step.isCode ? '' : line;
  }).join('\n');
}

/**
 * Whether the swap means the description is behind: the old value is nowhere in the body (a body that
 * still names it may be saying both, "Dana on weekdays, Priya on weekends"), and the new one is not in
 * the description. A negation is judged by the restated sentence alone.
 */
function stale(swap: FactSwap, statementKeys: ReadonlySet<string>, bodyKeys: ReadonlySet<string>, normalBody: string): boolean {
  if (swap.kind === 'negation') return true;
  const [old] = tokenize(swap.old);
  const [now] = tokenize(swap.now);
  if (!old || !now || statementKeys.has(now.key)) return false;
  return !bodyKeys.has(old.key) && !normalBody.includes(swap.old.normalize('NFKC').toLowerCase());
}

function problemFor(memory: MemoryFile, swap: FactSwap): Problem {
  const description = memory.description ?? '';
  const at = description.indexOf(swap.old);
  const once = at >= 0 && description.indexOf(swap.old, at + swap.old.length) < 0;
  const edit = once ? setFieldEdit(memory, 'description', description.slice(0, at) + swap.now + description.slice(at + swap.old.length)) : undefined;
  const fix = edit ? { ...titleOf(msg('Say "{0}" in the description, as the body does', swap.now)), edits: [{ kind: 'edit' as const, path: memory.path, edits: [edit] }] } : undefined;
  return makeProblem(
    ProblemCode.DescriptionBodyMismatch,
    memory.path,
    fieldAnchor(memory, 'description'),
    msg('The description still says "{0}" where the body now says "{1}": Claude Code recalls the memory by its description and loads its MEMORY.md line, so both are behind the body. Update them (or the body, if it is the one that is wrong).', swap.old, swap.now),
    undefined,
    [fix],
  );
}
