import { isMap, isScalar, parseDocument, type Node as YamlNode, type YAMLMap } from 'yaml';
import { scanFrontmatter } from './frontmatterScanner';
import type { LinePositions } from './lineCursor';
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
 * A frontmatter's fields: their keys (one array shared by every file with the same keys) and eight
 * numbers a field (line and character of the key's and the value's ends) in one Int32Array, made into
 * FieldLocations when asked. A Map of field objects with Range and Position objects was a third of the
 * store's heap: some six fields a memory in every memory of a root.
 */
class FieldTable implements ReadonlyMap<string, FieldLocation> {
  constructor(
    private readonly keyList: readonly string[],
    private readonly places: Int32Array,
  ) {}

  get size(): number {
    return this.keyList.length;
  }

  get(key: string): FieldLocation | undefined {
    const index = this.keyList.indexOf(key);
    return index < 0 ? undefined : this.at(index);
  }

  has(key: string): boolean {
    return this.keyList.includes(key);
  }

  forEach(callback: (value: FieldLocation, key: string, map: ReadonlyMap<string, FieldLocation>) => void, thisArg?: unknown): void {
    for (let i = 0; i < this.keyList.length; i++) callback.call(thisArg, this.at(i), this.keyList[i], this);
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
    return new Map(this.keyList.map((key, i) => [key, this.at(i)]));
  }

  private at(index: number): FieldLocation {
    const p = this.places;
    const o = index * PLACES;
    return {
      key: this.keyList[index],
      keyRange: { start: { line: p[o], character: p[o + 1] }, end: { line: p[o + 2], character: p[o + 3] } },
      valueRange: { start: { line: p[o + 4], character: p[o + 5] }, end: { line: p[o + 6], character: p[o + 7] } },
    };
  }
}

const PLACES = 8;

/** Collects fields in order; a key given twice keeps its first place in the order and its last range, as Map.set does. */
class FieldTableBuilder {
  private readonly keyList: string[] = [];
  private readonly places: number[] = [];

  constructor(private readonly lines: LinePositions) {}

  add(key: string, keyStart: number, keyEnd: number, valueStart: number, valueEnd: number): void {
    let index = this.keyList.indexOf(key);
    if (index < 0) index = this.keyList.push(key) - 1;
    const lines = this.lines;
    const o = index * PLACES;
    this.places[o] = lines.lineOf(keyStart);
    this.places[o + 1] = lines.characterOf(keyStart);
    this.places[o + 2] = lines.lineOf(keyEnd);
    this.places[o + 3] = lines.characterOf(keyEnd);
    this.places[o + 4] = lines.lineOf(valueStart);
    this.places[o + 5] = lines.characterOf(valueStart);
    this.places[o + 6] = lines.lineOf(valueEnd);
    this.places[o + 7] = lines.characterOf(valueEnd);
  }

  build(): ReadonlyMap<string, FieldLocation> {
    if (this.keyList.length === 0) return EMPTY_FIELDS;
    return new FieldTable(sharedKeyList(this.keyList), Int32Array.from(this.places));
  }
}

// Every memory of a root names the same few keys in the same order: one key list for all of them.
const keyLists = new Map<string, readonly string[]>();
const MAX_KEY_LISTS = 256;

function sharedKeyList(keys: readonly string[]): readonly string[] {
  const id = keys.join('\n');
  const held = keyLists.get(id);
  if (held) return held;
  const list = Object.freeze([...keys]);
  if (keyLists.size < MAX_KEY_LISTS && id.length < 2000) keyLists.set(id, list);
  return list;
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
    const fields = new FieldTableBuilder(lines);
    for (const field of scanned.fields) fields.add(field.key, yamlStart + field.keyStart, yamlStart + field.keyEnd, yamlStart + field.valueStart, yamlStart + field.valueEnd);
    return { status: 'ok', data: scanned.data, fields: fields.build(), errors: NO_ERRORS, ...base };
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
  const fields = new FieldTableBuilder(lines);
  if (contents) collectFields(contents, '', yamlStart, fields);
  return { status: 'ok', data, fields: fields.build(), errors: [], ...base };
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
