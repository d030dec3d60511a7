/**
 * Markup that imitates the channel Claude Code talks to the model through: the tags it wraps system
 * notes, memory, slash commands and tool calls in, and the turn markers of a conversation. Written
 * into memory, `</system-reminder>` closes a real reminder early and what follows reads as one.
 * Ordinary HTML (`<br>`, `<details>`, `<kbd>`, comments) is none of these.
 */

/** One piece of channel markup: where it stands and what it is called (the tag's name, or `Human:`). */
export interface MarkupFinding {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

/** Tags of Claude Code's channel and of the model's tool calls, lower-cased. */
const CHANNEL_TAGS: ReadonlySet<string> = new Set([
  'system-reminder', 'system', 'ccmemory', 'claudemd', 'user-memory', 'project-memory',
  'command-name', 'command-message', 'command-args', 'command-contents', 'command-stdout', 'command-stderr',
  'local-command-stdout', 'local-command-stderr', 'local-command-caveat',
  'bash-input', 'bash-stdout', 'bash-stderr', 'user-prompt-submit-hook', 'task-notification', 'new-diagnostics',
  'function_calls', 'function_results', 'invoke', 'parameter', 'tool_use', 'tool_result', 'tool_call', 'tool_calls',
  'thinking', 'human', 'assistant', 'user_query', 'system_prompt', 'system-prompt', 'instructions',
]);
/** Namespaces whose every tag is the model's own (`<invoke>`). */
const CHANNEL_PREFIXES = ['antml:', 'anthropic:'];

/** Longest tag name looked at; channel tags are short, and the bound keeps each `<` a constant cost. */
const MAX_NAME = 40;
/** Longest stretch read for a tag's attributes before its `>`. */
const MAX_ATTRIBUTES = 200;

/**
 * The channel markup of `masked` (a {@link discussionMask}ed text: code and quotations already blank).
 * Each `<` reads at most a bounded window, so the scan is linear.
 */
export function findChannelMarkup(masked: string): MarkupFinding[] {
  const found: MarkupFinding[] = [];
  for (let open = masked.indexOf('<'); open >= 0; open = masked.indexOf('<', open + 1)) {
    const tag = channelTagAt(masked, open);
    if (tag) found.push(tag);
  }
  return [...found, ...turnMarkers(masked)].sort((a, b) => a.start - b.start);
}

function channelTagAt(text: string, open: number): MarkupFinding | undefined {
  let at = open + 1;
  if (text[at] === '/') at++;
  const nameStart = at;
  while (at < text.length && at - nameStart <= MAX_NAME && /[A-Za-z0-9_:-]/.test(text[at])) at++;
  const name = text.slice(nameStart, at).toLowerCase();
  if (name === '' || !/^[a-z]/.test(name)) return undefined;
  if (!CHANNEL_TAGS.has(name) && !CHANNEL_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length)) return undefined;
  // The tag ends at `>` on its line, after a space and attributes (`<invoke name="Bash">`), or at once.
  if (text[at] === '>') return { start: open, end: at + 1, name: text.slice(open + 1, at) };
  if (text[at] === '/' && text[at + 1] === '>') return { start: open, end: at + 2, name: text.slice(open + 1, at) };
  if (text[at] !== ' ' && text[at] !== '\t') return undefined;
  const limit = Math.min(text.length, at + MAX_ATTRIBUTES);
  for (let i = at; i < limit; i++) {
    const c = text[i];
    if (c === '\n' || c === '<') return undefined;
    if (c === '>') return { start: open, end: i + 1, name: text.slice(open + 1, at) };
  }
  return undefined;
}

/**
 * `Human:` and `Assistant:` at a line's start, as a transcript turns: `Human:` wherever it stands so,
 * `Assistant:` only in a text that also holds a `Human:` turn ("Assistant: Mina (ext. 204)" in a
 * list of colleagues is a job title).
 */
function turnMarkers(masked: string): MarkupFinding[] {
  const humans: MarkupFinding[] = [];
  const assistants: MarkupFinding[] = [];
  TURN.lastIndex = 0;
  for (let match = TURN.exec(masked); match; match = TURN.exec(masked)) {
    const start = match.index + match[0].length - match[1].length - 1;
    const finding = { start, end: start + match[1].length + 1, name: `${match[1]}:` };
    (match[1] === 'Human' ? humans : assistants).push(finding);
  }
  return humans.length > 0 ? [...humans, ...assistants] : [];
}

const TURN = /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(Human|Assistant):(?=[ \t*])/gm;
