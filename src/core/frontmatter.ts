import { isMap, isScalar, parseDocument, type Node as YamlNode, type YAMLMap } from 'yaml';
import { scanFrontmatter } from './frontmatterScanner';
import { LineCursor, rangeIn } from './lineCursor';
import type { LinePositions } from './types';
import { MAX_YAML_NESTING, yamlTooDeepAt } from './yamlNesting';
import type { Range } from './types';

/** Where one frontmatter key and its value stand in the file, for diagnostics and exact edits. */
export interface FieldLocation {
  /** Dotted path: `name`, `metadata.type`. */
  readonly key: string;
  readonly keyRange: Range;
  /** Range of the value's source text; empty at the end of the key line when the value is missing. */
  readonly valueRange: Range;
}

/** A YAML problem, positioned in the whole file (not in the frontmatter block). */
export interface FrontmatterError {
  /** Why: no closing fence, YAML that is not a mapping, or the YAML parser's own complaint in `message`. */
  readonly reason: 'unterminated' | 'not-a-mapping' | 'yaml';
  /** English; the YAML parser's message when `reason` is `yaml`. */
  readonly message: string;
  readonly range: Range;
}

/**
 * The frontmatter of one file.
 * - `missing`: the file does not start with a `---` line.
 * - `invalid`: the block is unterminated, is not YAML, or is not a mapping; `errors` says why and where.
 * - `ok`: `data` holds every key, unknown ones included, exactly as YAML reads them.
 */
export interface Frontmatter {
  readonly status: 'ok' | 'missing' | 'invalid';
  readonly data: Readonly<Record<string, unknown>>;
  readonly fields: ReadonlyMap<string, FieldLocation>;
  readonly errors: readonly FrontmatterError[];
  /** Offsets of the YAML text between the fences (empty when missing). */
  readonly yamlStart: number;
  readonly yamlEnd: number;
  /** Offset where the Markdown body starts: after the closing fence's line break. */
  readonly bodyStart: number;
}

interface Fences {
  readonly yamlStart: number;
  readonly yamlEnd: number;
  readonly bodyStart: number;
}

const FENCE_OPEN = /^---[ \t]*(?:\r\n|\n|\r|$)/;
const FENCE_CLOSE = /^(?:---|\.\.\.)[ \t]*$/;

/**
 * Finds the `---` fences by hand rather than with gray-matter because positions are needed and
 * gray-matter returns none; the rule is the one gray-matter and Claude Code apply: the file's first line
 * is `---`, and the block ends at the next `---` (or YAML's `...`) line.
 */
function findFences(text: string): Fences | 'missing' | 'unterminated' {
  const open = FENCE_OPEN.exec(text.slice(0, 8));
  if (!open) return 'missing';
  const yamlStart = open[0].length;
  let lineStart = yamlStart;
  // Line ends found with indexOf rather than a loop over every character; a lone `\r` ends a line too.
  let lf = text.indexOf('\n', lineStart);
  let cr = text.indexOf('\r', lineStart);
  while (lineStart < text.length) {
    if (lf >= 0 && lf < lineStart) lf = text.indexOf('\n', lineStart);
    if (cr >= 0 && cr < lineStart) cr = text.indexOf('\r', lineStart);
    const lineEnd = Math.min(lf < 0 ? text.length : lf, cr < 0 ? text.length : cr);
    const first = text.charCodeAt(lineStart);
    if ((first === 45 /* - */ || first === 46 /* . */) && FENCE_CLOSE.test(text.slice(lineStart, lineEnd))) {
      let bodyStart = lineEnd;
      if (text[bodyStart] === '\r') bodyStart++;
      if (text[bodyStart] === '\n') bodyStart++;
      return { yamlStart, yamlEnd: lineStart, bodyStart };
    }
    lineStart = lineEnd;
    if (text[lineStart] === '\r') lineStart++;
    if (text[lineStart] === '\n') lineStart++;
  }
  return 'unterminated';
}

/**
 * A frontmatter's fields: their keys (one array shared by every file with the same keys) and four
 * offsets a field (the key's and the value's start and end) packed into a string, made into
 * FieldLocations from the file's text when asked. A string of code units is the smallest thing V8
 * holds numbers in: 16 bytes and one (two past 255) a number, where an Int32Array of line and character
 * pairs cost 90 bytes of object, 90 of ArrayBuffer and its backing store outside the heap, and a Map of
 * field objects with Range and Position objects a third of the store's heap.
 */
class FieldTable implements ReadonlyMap<string, FieldLocation> {
  constructor(
    private readonly keyList: readonly string[],
    private readonly offsets: string | readonly number[],
    private readonly text: string,
  ) {}

  get size(): number {
    return this.keyList.length;
  }

  get(key: string): FieldLocation | undefined {
    const index = this.keyList.indexOf(key);
    return index < 0 ? undefined : this.at(index, undefined);
  }

  has(key: string): boolean {
    return this.keyList.includes(key);
  }

  forEach(callback: (value: FieldLocation, key: string, map: ReadonlyMap<string, FieldLocation>) => void, thisArg?: unknown): void {
    const lines = new LineCursor(this.text);
    for (let i = 0; i < this.keyList.length; i++) callback.call(thisArg, this.at(i, lines), this.keyList[i], this);
  }

  // Iteration is for edits and the editor, once in a while: it goes through a Map made for it.
  entries(): MapIterator<[string, FieldLocation]> {
    return this.asMap().entries();
  }

  keys(): MapIterator<string> {
    return this.asMap().keys();
  }

  values(): MapIterator<FieldLocation> {
    return this.asMap().values();
  }

  [Symbol.iterator](): MapIterator<[string, FieldLocation]> {
    return this.asMap()[Symbol.iterator]();
  }

  private asMap(): Map<string, FieldLocation> {
    const lines = new LineCursor(this.text);
    return new Map(this.keyList.map((key, i) => [key, this.at(i, lines)]));
  }

  /** One field's location; `lines` walks forward over several, a single look-up scans to its own offsets only. */
  private at(index: number, lines: LinePositions | undefined): FieldLocation {
    const o = index * OFFSETS;
    const offset = (i: number): number => (typeof this.offsets === 'string' ? this.offsets.charCodeAt(o + i) : this.offsets[o + i]);
    const range = (start: number, end: number): Range => (lines ? lines.rangeAt(start, end) : rangeIn(this.text, start, end));
    return { key: this.keyList[index], keyRange: range(offset(0), offset(1)), valueRange: range(offset(2), offset(3)) };
  }
}

const OFFSETS = 4;

function codeUnits(values: readonly number[]): string {
  // In slices: a call's arguments are bounded, and a hostile frontmatter may hold thousands of keys.
  let units = '';
  for (let i = 0; i < values.length; i += 4096) units += String.fromCharCode(...values.slice(i, i + 4096));
  return units;
}

/** Collects fields in order; a key given twice keeps its first place in the order and its last range, as Map.set does. */
class FieldTableBuilder {
  private readonly keyList: string[] = [];
  private readonly offsets: number[] = [];

  add(key: string, keyStart: number, keyEnd: number, valueStart: number, valueEnd: number): void {
    let index = this.keyList.indexOf(key);
    if (index < 0) index = this.keyList.push(key) - 1;
    const o = index * OFFSETS;
    this.offsets[o] = keyStart;
    this.offsets[o + 1] = keyEnd;
    this.offsets[o + 2] = valueStart;
    this.offsets[o + 3] = valueEnd;
  }

  build(text: string): ReadonlyMap<string, FieldLocation> {
    if (this.keyList.length === 0) return EMPTY_FIELDS;
    const offsets = this.offsets;
    // Offsets past 0xffff (a frontmatter of 64 KB) do not fit a code unit: those few keep an array.
    const packed = offsets.every((offset) => offset <= 0xffff) ? codeUnits(offsets) : offsets.slice();
    return new FieldTable(sharedKeyList(this.keyList), packed, text);
  }
}

// Every memory of a root names the same few keys in the same order: one key list for all of them.
const keyLists = new Map<string, readonly string[]>();
const MAX_KEY_LISTS = 256;

let lastKeyList: readonly string[] = [];

function sharedKeyList(keys: readonly string[]): readonly string[] {
  // Nearly always the same keys as the file before: compared in place, without joining them into an id.
  if (sameKeys(keys, lastKeyList)) return lastKeyList;
  const id = keys.join('\n');
  const held = keyLists.get(id);
  if (held) return (lastKeyList = held);
  const list = Object.freeze([...keys]);
  if (keyLists.size < MAX_KEY_LISTS && id.length < 2000) keyLists.set(id, list);
  lastKeyList = list;
  return list;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const EMPTY_FIELDS: ReadonlyMap<string, FieldLocation> = new Map();
const NO_ERRORS: readonly FrontmatterError[] = Object.freeze([]);

/** Parses the frontmatter of a memory file's text (without BOM). Never throws. */
export function parseFrontmatter(text: string, lines: LinePositions): Frontmatter {
  const fences = findFences(text);
  if (fences === 'missing') {
    return { status: 'missing', data: {}, fields: EMPTY_FIELDS, errors: [], yamlStart: 0, yamlEnd: 0, bodyStart: 0 };
  }
  if (fences === 'unterminated') {
    return {
      status: 'invalid',
      data: {},
      fields: EMPTY_FIELDS,
      errors: [{ reason: 'unterminated', message: 'The frontmatter block has no closing "---" line.', range: lines.rangeAt(0, 3) }],
      yamlStart: 0,
      yamlEnd: 0,
      bodyStart: 0,
    };
  }

  const { yamlStart, yamlEnd, bodyStart } = fences;
  const yamlText = text.slice(yamlStart, yamlEnd);
  const base = { yamlStart, yamlEnd, bodyStart };
  // The scanner reads the plain subset nearly every memory file uses in a fraction of parseDocument's
  // time, and refuses everything else; its result is the same as the parser's by construction and test.
  const scanned = scanFrontmatter(yamlText);
  if (scanned) {
    const fields = new FieldTableBuilder();
    for (const field of scanned.fields) fields.add(field.key, yamlStart + field.keyStart, yamlStart + field.keyEnd, yamlStart + field.valueStart, yamlStart + field.valueEnd);
    return { status: 'ok', data: scanned.data, fields: fields.build(text), errors: NO_ERRORS, yamlStart, yamlEnd, bodyStart };
  }
  const tooDeep = yamlTooDeepAt(yamlText);
  if (tooDeep !== undefined) {
    const message = `Nested more than ${MAX_YAML_NESTING} levels deep; frontmatter this deep is not read.`;
    return { status: 'invalid', data: {}, fields: EMPTY_FIELDS, errors: [{ reason: 'yaml', message, range: lines.rangeAt(yamlStart + tooDeep, yamlStart + tooDeep + 1) }], ...base };
  }
  const document = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    const errors = document.errors.map((error): FrontmatterError => ({
      reason: 'yaml',
      message: firstLine(error.message),
      range: lines.rangeAt(yamlStart + error.pos[0], yamlStart + Math.max(error.pos[1], error.pos[0] + 1)),
    }));
    return { status: 'invalid', data: {}, fields: EMPTY_FIELDS, errors, ...base };
  }
  const contents = document.contents;
  if (contents !== null && !isMap(contents)) {
    const range = contents.range ?? [0, yamlText.length, yamlText.length];
    return {
      status: 'invalid',
      data: {},
      fields: EMPTY_FIELDS,
      errors: [{ reason: 'not-a-mapping', message: 'The frontmatter is not a list of "key: value" pairs.', range: lines.rangeAt(yamlStart + range[0], yamlStart + range[1]) }],
      ...base,
    };
  }
  let data: Record<string, unknown>;
  try {
    data = (document.toJS() ?? {}) as Record<string, unknown>;
  } catch (error) {
    // yaml refuses to expand a document whose aliases multiply (a "billion laughs"): one hostile file
    // must not stop the whole root from loading.
    const message = error instanceof Error ? firstLine(error.message) : String(error);
    return { status: 'invalid', data: {}, fields: EMPTY_FIELDS, errors: [{ reason: 'yaml', message, range: lines.rangeAt(yamlStart, yamlEnd) }], ...base };
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    return { status: 'invalid', data: {}, fields: EMPTY_FIELDS, errors: [], ...base };
  }
  const fields = new FieldTableBuilder();
  if (contents) collectFields(contents, '', yamlStart, fields);
  return { status: 'ok', data, fields: fields.build(text), errors: [], yamlStart, yamlEnd, bodyStart };
}

function collectFields(map: YAMLMap, prefix: string, base: number, out: FieldTableBuilder): void {
  for (const pair of map.items) {
    if (!isScalar(pair.key) || !pair.key.range) continue;
    const key = prefix + String(pair.key.value);
    const value = pair.value as YamlNode | null;
    const valueSpan = value?.range;
    // A key with no value (`type:`) still gets a place to insert one: right after the colon.
    const [valueStart, valueEnd] = valueSpan ? [valueSpan[0], valueSpan[1]] : [pair.key.range[1] + 1, pair.key.range[1] + 1];
    out.add(key, base + pair.key.range[0], base + pair.key.range[1], base + valueStart, base + valueEnd);
    if (value && isMap(value)) collectFields(value, key + '.', base, out);
  }
}

function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return (end < 0 ? message : message.slice(0, end)).trim();
}
