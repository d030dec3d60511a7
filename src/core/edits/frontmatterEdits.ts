import type { FieldLocation } from '../frontmatter';
import { LineIndex } from '../lineIndex';
import type { MemoryFile } from '../memoryFile';
import type { Position, Range, TextEdit } from '../types';
import { doubleQuoted, readsBackInBothVersions, singleQuoted, yamlScalar } from './yamlScalar';

/**
 * Replaces a field's value, keeping the quoting the file chose where the new value allows it.
 * Undefined when the value spans lines (a nested map or block scalar), which one replacement cannot
 * rewrite faithfully.
 */
export function replaceValueEdit(memory: MemoryFile, field: FieldLocation, value: string): TextEdit | undefined {
  const { start, end } = field.valueRange;
  if (start.line !== end.line) return undefined;
  const lineText = lineAt(memory.text, start.line);
  const old = lineText.slice(start.character, end.character);
  let newText = yamlScalar(value);
  if (old.startsWith("'")) newText = singleQuoted(value) ?? newText;
  else if (old.startsWith('"')) newText = doubleQuoted(value);
  // An empty value sits right after the colon (`name:`): the new one needs its separating space.
  if (old === '' && lineText[start.character - 1] === ':') newText = ' ' + newText;
  return { range: field.valueRange, newText };
}

/**
 * Replaces `range` with `newText` where `range` may lie inside a frontmatter value (a relative date in the
 * description, say). When that value is plain and its new plain form would read as something other than
 * the same string in YAML 1.1 or 1.2 (`description: yesterday` becoming `2026-03-09`, which js-yaml and
 * gray-matter load as a Date), the whole value is rewritten through {@link yamlScalar} instead. Anywhere
 * else, or in a quoted value, the edit is the replacement alone.
 */
export function replaceWithinValue(memory: MemoryFile | undefined, range: Range, newText: string): TextEdit {
  const edit = { range, newText };
  if (!memory || memory.frontmatter.status !== 'ok' || range.start.line !== range.end.line) return edit;
  const value = valuesByLine(memory).get(range.start.line)?.find((candidate) => contains(candidate.field.valueRange, range));
  if (!value || value.old === undefined || /^["'|>]/.test(value.old)) return edit;
  const { field, old } = value;
  const from = range.start.character - field.valueRange.start.character;
  const to = range.end.character - field.valueRange.start.character;
  const whole = (): string => (old.slice(0, from) + newText + old.slice(to)).trim();
  const stillPlain = readsBackAroundEdit(value, from, to, newText) ?? readsBackAsString(whole());
  return stillPlain ? edit : { range: field.valueRange, newText: yamlScalar(whole()) };
}

function readsBackAsString(value: string): boolean {
  return readsBackInBothVersions(`value: ${value}\n`, (data) => (data as { value?: unknown } | null)?.value === value);
}

/** A frontmatter field on the lines it spans, with its value as the file writes it when that is on one line. */
interface ValueOnLine {
  readonly field: FieldLocation;
  readonly old: string | undefined;
  /** What {@link readsBackAroundEdit} asks of a long value, found once. */
  facts?: { readonly trimmed: boolean; readonly firstSpace: number; readonly lastSpace: number; readsBack?: boolean; readonly around: Map<string, boolean> };
}

/**
 * The fields of a memory's frontmatter by line, in the frontmatter's order, read once per parsed file:
 * a description of thousands of relative dates asks for its field once per date, and listing the
 * fields and cutting out the line each time cost the frontmatter's length each time.
 */
const fieldsByLine = new WeakMap<MemoryFile, ReadonlyMap<number, readonly ValueOnLine[]>>();

function valuesByLine(memory: MemoryFile): ReadonlyMap<number, readonly ValueOnLine[]> {
  let byLine = fieldsByLine.get(memory);
  if (byLine) return byLine;
  const found = new Map<number, ValueOnLine[]>();
  const yaml = memory.text.slice(0, memory.frontmatter.yamlEnd);
  const lines = new LineIndex(yaml);
  for (const field of memory.frontmatter.fields.values()) {
    const { start, end } = field.valueRange;
    const old = start.line === end.line && start.line < lines.lineCount ? lineOf(yaml, lines, start.line).slice(start.character, end.character) : undefined;
    for (let line = start.line; line <= end.line; line++) {
      const onLine = found.get(line);
      if (onLine) onLine.push({ field, old });
      else found.set(line, [{ field, old }]);
    }
  }
  fieldsByLine.set(memory, (byLine = found));
  return byLine;
}

/** One line of `text` without its line break. */
function lineOf(text: string, lines: LineIndex, line: number): string {
  const start = lines.startOf(line);
  const next = line + 1 < lines.lineCount ? lines.startOf(line + 1) : text.length;
  let end = start;
  while (end < next && text[end] !== '\n' && text[end] !== '\r') end++;
  return text.slice(start, end);
}

/** Past this length no YAML 1.1 or 1.2 type but a string (null, boolean, number, date) matches a value holding a space. */
const LONG_VALUE = 256;

/**
 * Whether a long plain value still reads back as itself once [from, to) is replaced, judged from the
 * replacement and its two neighbours rather than by parsing the whole value again: inside a one-line
 * plain scalar what YAML makes of a character depends on it and its neighbours only (`: `, ` #`, a
 * control or a line break), and a long value holding a space is a string in both versions. So the new
 * value reads back when the old one did and the replacement between its neighbours does. Parsing the
 * whole value for each of thousands of dates in a description took time quadratic in its length.
 * Undefined where this does not apply (a short value, an edit at either end, no space outside the
 * edit, an old value that did not read back): the whole value is parsed then.
 */
function readsBackAroundEdit(value: ValueOnLine, from: number, to: number, newText: string): boolean | undefined {
  const old = value.old ?? '';
  if (old.length - (to - from) + newText.length <= LONG_VALUE || from < 1 || to > old.length - 1) return undefined;
  const facts = (value.facts ??= { trimmed: old === old.trim(), firstSpace: old.indexOf(' '), lastSpace: old.lastIndexOf(' '), around: new Map<string, boolean>() });
  if (!facts.trimmed || facts.firstSpace < 0 || (facts.firstSpace >= from && facts.lastSpace < to)) return undefined;
  facts.readsBack ??= readsBackAsString(old);
  if (!facts.readsBack) return undefined;
  // Whole characters on either side: half of a surrogate pair alone is not what the value holds.
  const left = from - (isLowSurrogate(old, from - 1) && from > 1 ? 2 : 1);
  const right = to + (isLowSurrogate(old, to + 1) ? 2 : 1);
  const around = `z${old.slice(left, from)}${newText}${old.slice(to, right)}z`;
  // The same date between the same neighbours, as a description repeating itself has it, is parsed once.
  let reads = facts.around.get(around);
  if (reads === undefined) facts.around.set(around, (reads = readsBackAsString(around)));
  return reads;
}

function isLowSurrogate(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff;
}

function contains(outer: Range, inner: Range): boolean {
  const before = (a: Position, b: Position): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

/**
 * Sets `key` in a memory's frontmatter: replaces its value where the key is present, else inserts a
 * line in the file's shape and line ending. `type` goes under `metadata:` when the file keeps a
 * metadata map (Claude Code's current shape), else at the top level; top-level keys are inserted in
 * the order name, description, type, after whichever of them the file has. Undefined when the file
 * has no readable frontmatter.
 */
export function setFieldEdit(memory: MemoryFile, key: 'name' | 'description' | 'type', value: string): TextEdit | undefined {
  if (memory.frontmatter.status !== 'ok') return undefined;
  const fields = memory.frontmatter.fields;
  const existing = key === 'type' && memory.typeLocation === 'metadata' ? fields.get('metadata.type') : fields.get(key);
  if (existing) return replaceValueEdit(memory, existing, value);
  if (key === 'type') {
    const nested = firstBlockMapField(memory, 'metadata');
    if (nested) {
      const indent = ' '.repeat(nested.keyRange.start.character);
      return insertLine(nested.keyRange.start.line, `${indent}type: ${yamlScalar(value)}${memory.eol}`);
    }
  }
  const before = key === 'name' ? [] : key === 'description' ? ['name'] : ['description', 'name'];
  let line = 1;
  for (const previous of before) {
    const field = fields.get(previous);
    if (field) {
      line = lineAfter(field);
      break;
    }
  }
  return insertLine(line, `${key}: ${yamlScalar(value)}${memory.eol}`);
}

function insertLine(line: number, text: string): TextEdit {
  const position: Position = { line, character: 0 };
  return { range: { start: position, end: position }, newText: text };
}

/** The line after a field's value: a value range that ends at a line start already ends there. */
function lineAfter(field: FieldLocation): number {
  const end = field.valueRange.end;
  return end.character === 0 && end.line > field.keyRange.start.line ? end.line : end.line + 1;
}

/**
 * The first key of `parent`'s map when that map is a block map, the one shape where a line indented
 * like that key joins the map: in a flow map (`metadata: {a: b}`, on the key's line or the next) an
 * indented line would break the YAML.
 */
function firstBlockMapField(memory: MemoryFile, parent: string): FieldLocation | undefined {
  const data = memory.frontmatter.data[parent];
  const parentField = memory.frontmatter.fields.get(parent);
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !parentField) return undefined;
  const prefix = parent + '.';
  let first: FieldLocation | undefined;
  for (const field of memory.frontmatter.fields.values()) {
    if (!field.key.startsWith(prefix) || field.key.indexOf('.', prefix.length) >= 0) continue;
    if (!first || field.keyRange.start.line < first.keyRange.start.line || (field.keyRange.start.line === first.keyRange.start.line && field.keyRange.start.character < first.keyRange.start.character)) first = field;
  }
  if (!first || first.keyRange.start.line <= parentField.keyRange.start.line) return undefined;
  const indent = lineAt(memory.text, first.keyRange.start.line).slice(0, first.keyRange.start.character);
  return /^ +$/.test(indent) ? first : undefined;
}

/** One line of `text`, without its line break. */
export function lineAt(text: string, line: number): string {
  let start = 0;
  for (let i = 0; i < line; i++) {
    const next = nextLineStart(text, start);
    if (next < 0) return '';
    start = next;
  }
  let end = start;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return text.slice(start, end);
}

function nextLineStart(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return i + 1;
    if (c === 13) return text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
  }
  return -1;
}
