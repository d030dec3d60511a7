import { HOOK_MATCHER } from './hookInput';
import { arrayElements, duplicateKey, objectMembers, skipSpace, valueSpan, type Span } from './jsonText';

/**
 * Claude Code's settings shape for command hooks (https://code.claude.com/docs/en/hooks,
 * "Configuration"): `hooks.<Event>` is an array of matcher groups `{ matcher, hooks: [{ type:
 * "command", command, timeout? }] }`, timeout in seconds. Ours is one group per event, added after any
 * group already there, so other tools' hooks run as before.
 */
export const HOOK_EVENTS = ['PreToolUse', 'PostToolUse'] as const;
/** Seconds Claude Code waits for the hook; it answers in well under one. */
const HOOK_TIMEOUT = 10;

/** The argument that marks a command as Memory Shelf's, so uninstall finds exactly what install added. */
export const HOOK_MARKER = '--memory-shelf-hook';

/** Whether a hook command is one `memory-shelf hook install` writes. */
export function isOurHookCommand(command: unknown): boolean {
  return typeof command === 'string' && (command.includes(HOOK_MARKER) || /(^|[\s/\\"])memory-shelf(\.js|\.cmd)?"? hook run\b/.test(command));
}

export type SettingsEdit =
  | { readonly kind: 'changed'; readonly text: string }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'refused'; readonly why: string };

/**
 * The settings text with our hooks added (`text` undefined: no file yet). Refuses text that is not
 * plain JSON (comments, trailing commas, a syntax error) or whose `hooks` is not an object of arrays:
 * nothing is written over a file it cannot read exactly.
 */
export function planInstall(text: string | undefined, command: string): SettingsEdit {
  if (text === undefined || text.trim() === '') {
    const value = { hooks: Object.fromEntries(HOOK_EVENTS.map((event) => [event, [groupOf(command, event)]])) };
    return { kind: 'changed', text: JSON.stringify(value, undefined, 2) + '\n' };
  }
  const parsed = parse(text);
  if ('why' in parsed) return { kind: 'refused', why: parsed.why };
  const root = parsed.value;
  const hooks = root.hooks;
  if (hooks !== undefined && (hooks === null || typeof hooks !== 'object' || Array.isArray(hooks))) return { kind: 'refused', why: '"hooks" is not an object' };
  const existing = (hooks ?? {}) as Record<string, unknown>;
  for (const event of HOOK_EVENTS) if (existing[event] !== undefined && !Array.isArray(existing[event])) return { kind: 'refused', why: `"hooks.${event}" is not an array` };
  const ours = HOOK_EVENTS.filter((event) => ((existing[event] as unknown[] | undefined) ?? []).some((group) => groupIsOurs(group, command)));
  if (ours.length === HOOK_EVENTS.length) return { kind: 'unchanged' };
  if (HOOK_EVENTS.some((event) => ((existing[event] as unknown[] | undefined) ?? []).some((group) => groupHasOurs(group)))) return { kind: 'refused', why: 'Memory Shelf\'s hook is already installed here with another command: run `memory-shelf hook uninstall` first' };

  const style = styleOf(text);
  const open = skipSpace(text, 0);
  const topMembers = objectMembers(text, open);
  const hooksMember = topMembers.find((member) => member.key === 'hooks');
  if (!hooksMember) {
    const value = Object.fromEntries(HOOK_EVENTS.map((event) => [event, [groupOf(command, event)]]));
    return { kind: 'changed', text: insertMember(text, open, topMembers.map((m) => m.value), 'hooks', value, 1, style) };
  }
  // Events edited from the last to the first, so earlier offsets stay right.
  let out = text;
  const hooksOpen = hooksMember.value.start;
  for (const event of [...HOOK_EVENTS].reverse()) {
    const members = objectMembers(out, hooksOpen);
    const member = members.find((m) => m.key === event);
    if (!member) {
      out = insertMember(out, hooksOpen, members.map((m) => m.value), event, [groupOf(command, event)], 2, style);
      continue;
    }
    out = insertElement(out, member.value.start, groupOf(command, event), 3, style);
  }
  return { kind: 'changed', text: out };
}

/**
 * The settings text without our hooks: our groups removed, then an event array and the `hooks` object
 * they leave empty. For a file changed since install; a file still as install left it is put back from
 * the copy install kept, byte for byte.
 */
export function planUninstall(text: string): SettingsEdit {
  const parsed = parse(text);
  if ('why' in parsed) return { kind: 'refused', why: parsed.why };
  const hooks = parsed.value.hooks;
  if (hooks === null || typeof hooks !== 'object' || Array.isArray(hooks)) return { kind: 'unchanged' };
  const open = skipSpace(text, 0);
  const hooksMember = objectMembers(text, open).find((member) => member.key === 'hooks');
  if (!hooksMember) return { kind: 'unchanged' };
  let out = text;
  let changed = false;
  for (const event of [...HOOK_EVENTS].reverse()) {
    const member = objectMembers(out, hooksMember.value.start).find((m) => m.key === event);
    if (!member || out[member.value.start] !== '[') continue;
    const elements = arrayElements(out, member.value.start);
    for (let i = elements.length - 1; i >= 0; i--) {
      if (!groupHasOurs(JSON.parse(out.slice(elements[i].start, elements[i].end)))) continue;
      out = removeItem(out, elements, i, member.value);
      changed = true;
    }
    if (arrayElements(out, member.value.start).length === 0) {
      const members = objectMembers(out, hooksMember.value.start);
      out = removeItem(out, members.map((m) => ({ start: m.keySpan.start, end: m.value.end })), members.findIndex((m) => m.key === event), valueSpan(out, hooksMember.value.start));
    }
  }
  if (!changed) return { kind: 'unchanged' };
  if (objectMembers(out, hooksMember.value.start).length === 0) {
    const members = objectMembers(out, open);
    out = removeItem(out, members.map((m) => ({ start: m.keySpan.start, end: m.value.end })), members.findIndex((m) => m.key === 'hooks'), valueSpan(out, open));
  }
  return { kind: 'changed', text: out };
}

interface Style {
  readonly unit: string;
  readonly newline: string;
}

/**
 * Our matcher group for one event. The gate's PreToolUse hook says `onFailure: "block"` (Claude Code
 * 2.1.295): a gate that crashes or times out must not let a write through. The recorder, and anything
 * after the call, stay fail-open.
 */
function groupOf(command: string, event: (typeof HOOK_EVENTS)[number]): unknown {
  const gate = event === 'PreToolUse' && /\s--gate(\s|$)/.test(command);
  return { matcher: HOOK_MATCHER, hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT, ...(gate ? { onFailure: 'block' } : {}) }] };
}

function groupIsOurs(group: unknown, command: string): boolean {
  const hooks = (group as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(hooks) && hooks.some((hook) => (hook as { command?: unknown } | null)?.command === command);
}

function groupHasOurs(group: unknown): boolean {
  const hooks = (group as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(hooks) && hooks.length > 0 && hooks.every((hook) => isOurHookCommand((hook as { command?: unknown } | null)?.command));
}

function parse(text: string): { value: Record<string, unknown> } | { why: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const comments = /^\s*(\/\/|\/\*)|[,{[]\s*(\/\/|\/\*)/m.test(text);
    return { why: comments ? 'it has comments, which plain JSON does not allow; remove them or add the hooks by hand' : `it is not valid JSON (${(error as Error).message})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { why: 'it is not a JSON object' };
  const duplicated = duplicateKey(text);
  if (duplicated !== undefined) return { why: `the key "${duplicated}" appears more than once in one object, and Claude Code reads only the last; remove the other, then run this again` };
  return { value: value as Record<string, unknown> };
}

/** The indentation unit and line ending the file already uses (two spaces and \n when it shows none). */
function styleOf(text: string): Style {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return { unit: indent, newline };
}

/** `value` printed at `depth` in the file's style. */
function print(value: unknown, depth: number, style: Style): string {
  return JSON.stringify(value, undefined, style.unit).split('\n').join(style.newline + style.unit.repeat(depth));
}

function insertMember(text: string, open: number, values: readonly Span[], key: string, value: unknown, depth: number, style: Style): string {
  const member = `${JSON.stringify(key)}: ${print(value, depth, style)}`;
  const indent = style.unit.repeat(depth);
  if (values.length === 0) return `${text.slice(0, open + 1)}${style.newline}${indent}${member}${style.newline}${style.unit.repeat(depth - 1)}${text.slice(skipSpace(text, open + 1))}`;
  const after = values[values.length - 1].end;
  return `${text.slice(0, after)},${style.newline}${indent}${member}${text.slice(after)}`;
}

function insertElement(text: string, open: number, value: unknown, depth: number, style: Style): string {
  const elements = arrayElements(text, open);
  const indent = style.unit.repeat(depth);
  if (elements.length === 0) return `${text.slice(0, open + 1)}${style.newline}${indent}${print(value, depth, style)}${style.newline}${style.unit.repeat(depth - 1)}${text.slice(skipSpace(text, open + 1))}`;
  const after = elements[elements.length - 1].end;
  return `${text.slice(0, after)},${style.newline}${indent}${print(value, depth, style)}${text.slice(after)}`;
}

/**
 * Removes item `index` of a container's items with the separator install put before it: from the end
 * of the item before (its comma included); the first item takes the comma after it instead; the only
 * item leaves the container empty.
 */
function removeItem(text: string, items: readonly Span[], index: number, container: Span): string {
  if (index < 0) return text;
  const item = items[index];
  if (items.length === 1) return `${text.slice(0, container.start + 1)}${text.slice(container.end - 1)}`;
  if (index > 0) return `${text.slice(0, items[index - 1].end)}${text.slice(item.end)}`;
  return `${text.slice(0, item.start)}${text.slice(items[1].start)}`;
}
