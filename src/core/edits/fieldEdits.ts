import type { FieldLocation } from '../frontmatter';
import { LineIndex } from '../lineIndex';
import { parseMemoryFile, type MemoryFile } from '../memoryFile';
import type { TextEdit } from '../types';
import { applyTextEdits } from './applyTextEdits';
import { lineAt, setFieldEdit } from './frontmatterEdits';
import { doubleQuoted, singleQuoted, yamlScalar } from './yamlScalar';

/** How a frontmatter value can be shown and edited in a form. */
export type FieldKind = 'text' | 'number' | 'boolean' | 'null' | 'map' | 'list';

/** One key of a memory's frontmatter as a form shows it, in the file's order, nested keys after their parent. */
export interface FrontmatterEntry {
  /** Dotted path: `name`, `metadata.originSessionId`. */
  readonly path: string;
  readonly kind: FieldKind;
  /** The value as text: what YAML reads for scalars (empty for null), the source text for lists, empty for maps. */
  readonly value: string;
  /** Whether {@link planFieldValue} can write a new value for it (scalars only; a map's keys are edited one by one). */
  readonly editable: boolean;
  /** Zero-based line of the key, for "show me in the text". */
  readonly line: number;
}

/** Why a field could not be written; the file is left as it is. */
export type FieldEditRefusal =
  /** The frontmatter is missing or does not parse: nothing is ever written into it. */
  | 'frontmatter-invalid'
  /** The key holds a map or a list, or its parent is not a block map: one text value cannot replace it. */
  | 'not-editable'
  /** A new key's name is not a plain `word`, `word-word` or `word_word`. */
  | 'invalid-key'
  /** No way of writing the value was found that YAML reads back as exactly it with every other key unchanged. */
  | 'unsafe';

export type FieldEditResult =
  | { readonly ok: true; readonly edits: readonly TextEdit[] }
  | { readonly ok: false; readonly reason: FieldEditRefusal };

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The path where `type` lives in this file: `metadata.type` in Claude Code's nested shape. The form
 * edits "the type" without knowing the shape.
 */
export function typePath(memory: MemoryFile): string {
  return memory.typeLocation === 'metadata' ? 'metadata.type' : 'type';
}

/** Every key of the frontmatter, in file order; empty when the frontmatter does not parse. */
export function frontmatterEntries(memory: MemoryFile): FrontmatterEntry[] {
  if (memory.frontmatter.status !== 'ok') return [];
  const entries: FrontmatterEntry[] = [];
  for (const field of memory.frontmatter.fields.values()) {
    const value = valueAt(memory.frontmatter.data, field.key);
    const kind = kindOf(value);
    const text = kind === 'list' ? sourceOf(memory, field) : kind === 'map' ? '' : displayText(value);
    entries.push({ path: field.key, kind, value: text, editable: kind !== 'map' && kind !== 'list', line: field.keyRange.start.line });
  }
  return entries.sort((a, b) => a.line - b.line);
}

/**
 * The edits that give `path` the value `value` and change nothing else: the value's own bytes when the
 * key exists (its quoting style kept where the value allows it), one inserted line where it does not
 * (`name`/`description`/`type` where the file's shape puts them, other keys at the end of their map).
 * Every candidate is parsed back before it is offered: it must read as exactly `value`, every other key
 * and the body unchanged. An empty edit list means the value is already there.
 */
export function planFieldValue(memory: MemoryFile, path: string, value: string): FieldEditResult {
  if (memory.frontmatter.status !== 'ok') return { ok: false, reason: 'frontmatter-invalid' };
  const resolved = path === 'type' ? typePath(memory) : path;
  const existing = memory.frontmatter.fields.get(resolved);
  if (existing) {
    const current = valueAt(memory.frontmatter.data, resolved);
    const kind = kindOf(current);
    if (kind === 'map' || kind === 'list') return { ok: false, reason: 'not-editable' };
    if (displayText(current) === value) return { ok: true, edits: [] };
    return firstSafe(memory, resolved, value, replacements(memory, existing, kind, value));
  }
  const segments = resolved.split('.');
  if (!segments.every((segment) => KEY.test(segment)) || segments.length > 2) return { ok: false, reason: 'invalid-key' };
  if (resolved === 'name' || resolved === 'description' || resolved === 'type' || resolved === 'metadata.type') {
    // These three have a place in the file's shape (type under `metadata:` in Claude Code's), which the
    // quick fixes already know.
    const edit = setFieldEdit(memory, resolved === 'metadata.type' ? 'type' : resolved, value);
    const result = firstSafe(memory, resolved, value, edit ? [[edit]] : []);
    if (result.ok) return result;
  }
  return firstSafe(memory, resolved, value, insertions(memory, segments, value));
}

/** Ways to write the new value over an existing one, the file's own style first. */
function replacements(memory: MemoryFile, field: FieldLocation, kind: FieldKind, value: string): TextEdit[][] {
  const { start, end } = field.valueRange;
  const lines = new LineIndex(memory.text);
  const old = memory.text.slice(lines.offsetAt(start), lines.offsetAt(end));
  // A block scalar's range takes in its last line break: the replacement must keep it.
  const trailing = /(?:\r?\n)*$/.exec(old)?.[0] ?? '';
  const keyLine = lineAt(memory.text, start.line);
  // An empty value sits right after the colon (`name:`): a new one needs its separating space.
  const lead = old === '' && keyLine[start.character - 1] === ':' ? ' ' : '';
  const texts: string[] = [];
  if (old.startsWith("'")) texts.push(singleQuoted(value) ?? doubleQuoted(value));
  else if (old.startsWith('"')) texts.push(doubleQuoted(value));
  else if (old.startsWith('|') || old.startsWith('>')) {
    const block = blockScalar(memory, old, value);
    if (block !== undefined) texts.push(block);
  } else if (kind === 'number' || kind === 'boolean' || kind === 'null') {
    // `3` typed over a number stays a number; the read-back check below refuses it when YAML disagrees.
    if (/^[^\s'"#][^#\r\n]*$/.test(value) && value === value.trim() && !value.includes(': ')) texts.push(value);
  }
  texts.push(yamlScalar(value), doubleQuoted(value));
  return unique(texts).map((text) => [{ range: field.valueRange, newText: lead + text + (text.startsWith('|') || text.startsWith('>') ? '' : trailing) }]);
}

/**
 * `value` in the block style of `old` (`|`, `>-`, ...), at the indentation of its first content line.
 * Undefined when the value's line breaks or spaces cannot be said in that style.
 */
function blockScalar(memory: MemoryFile, old: string, value: string): string | undefined {
  const eol = memory.eol;
  const header = /^[|>][^\r\n]*/.exec(old)?.[0];
  const firstContent = /\r?\n( +)\S/.exec(old);
  if (!header || !firstContent || value === '' || /^\s|[\t\r]/.test(value)) return undefined;
  const indent = firstContent[1];
  const trailing = /(?:\r?\n)*$/.exec(old)?.[0] ?? '';
  const body = value.replace(/\n+$/, '');
  const lines = body.split('\n').map((line) => (line === '' ? '' : indent + line));
  // The chomping indicator decides what final line breaks read back; the read-back check keeps us honest.
  return `${header}${eol}${lines.join(eol)}${trailing === '' ? '' : eol}`;
}

/** Ways to add a key that is not there yet. */
function insertions(memory: MemoryFile, segments: readonly string[], value: string): TextEdit[][] {
  const eol = memory.eol;
  const fields = memory.frontmatter.fields;
  const endLine = new LineIndex(memory.text).positionAt(memory.frontmatter.yamlEnd).line;
  const scalars = unique([yamlScalar(value), doubleQuoted(value)]);
  if (segments.length === 1) return scalars.map((scalar) => [insertLine(endLine, `${segments[0]}: ${scalar}${eol}`)]);
  const [parent, key] = segments;
  const parentField = fields.get(parent);
  if (!parentField) return scalars.map((scalar) => [insertLine(endLine, `${parent}:${eol}  ${key}: ${scalar}${eol}`)]);
  const children = [...fields.values()].filter((field) => field.key.startsWith(parent + '.'));
  const direct = children.filter((field) => field.key.indexOf('.', parent.length + 1) < 0);
  if (kindOf(valueAt(memory.frontmatter.data, parent)) !== 'map' || direct.length === 0) return [];
  const first = direct.reduce((a, b) => (b.keyRange.start.line < a.keyRange.start.line ? b : a));
  if (first.keyRange.start.line <= parentField.keyRange.start.line) return []; // a flow map `{...}`
  const indent = lineAt(memory.text, first.keyRange.start.line).slice(0, first.keyRange.start.character);
  if (!/^ +$/.test(indent)) return [];
  const last = Math.max(...children.map(lineAfter));
  return scalars.map((scalar) => [insertLine(last, `${indent}${key}: ${scalar}${eol}`)]);
}

/** The first candidate that YAML reads back as exactly `value` at `path`, with nothing else changed. */
function firstSafe(memory: MemoryFile, path: string, value: string, candidates: readonly TextEdit[][]): FieldEditResult {
  for (const edits of candidates) {
    if (readsBackAs(memory, edits, path, value)) return { ok: true, edits };
  }
  return { ok: false, reason: 'unsafe' };
}

function readsBackAs(memory: MemoryFile, edits: readonly TextEdit[], path: string, value: string): boolean {
  const text = applyTextEdits(memory.text, edits);
  const after = parseMemoryFile(memory.path, text);
  if (after.frontmatter.status !== 'ok') return false;
  if (text.slice(after.frontmatter.bodyStart) !== memory.text.slice(memory.frontmatter.bodyStart)) return false;
  const target = path === 'type' ? typePath(after) : path;
  const got = valueAt(after.frontmatter.data, target);
  if (got === undefined || kindOf(got) === 'map' || kindOf(got) === 'list' || displayText(got) !== value) return false;
  return sameExcept(memory.frontmatter.data, after.frontmatter.data, target.split('.'));
}

/** Deep equality of two readings, ignoring the value at `path` (and a parent map the insert created). */
function sameExcept(before: unknown, after: unknown, path: readonly string[]): boolean {
  if (path.length === 0) return true;
  if (kindOf(after) !== 'map') return false;
  const a = (kindOf(before) === 'map' ? before : {}) as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const [head, ...rest] = path;
  const keysA = Object.keys(a).filter((key) => key !== head);
  const keysB = Object.keys(b).filter((key) => key !== head);
  if (keysA.length !== keysB.length || keysA.some((key, i) => key !== keysB[i] || !deepEqual(a[key], b[key]))) return false;
  if (!(head in a) && rest.length > 0) return true;
  return rest.length === 0 || sameExcept(a[head], b[head], rest);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (kindOf(a) === 'map' && kindOf(b) === 'map') {
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    return ka.length === kb.length && ka.every((key, i) => key === kb[i] && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return false;
}

function valueAt(data: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = data;
  for (const segment of path.split('.')) {
    if (kindOf(current) !== 'map' || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function kindOf(value: unknown): FieldKind {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object' && !(value instanceof Date)) return 'map';
  return 'text';
}

function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function sourceOf(memory: MemoryFile, field: FieldLocation): string {
  const lines = new LineIndex(memory.text);
  return memory.text.slice(lines.offsetAt(field.valueRange.start), lines.offsetAt(field.valueRange.end)).trimEnd();
}

function insertLine(line: number, text: string): TextEdit {
  const position = { line, character: 0 };
  return { range: { start: position, end: position }, newText: text };
}

/** The line after a field's value: a value range that ends at a line start already ends there. */
function lineAfter(field: FieldLocation): number {
  const end = field.valueRange.end;
  return end.character === 0 && end.line > field.keyRange.start.line ? end.line : end.line + 1;
}

function unique(texts: readonly string[]): string[] {
  return [...new Set(texts)];
}
