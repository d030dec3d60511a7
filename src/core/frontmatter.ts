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
 * A field's place, held as eight numbers and made into ranges when asked: a root's every memory keeps
 * some six fields, and as Range and Position objects they were a third of the store's heap.
 */
class PackedField implements FieldLocation {
  readonly key: string;
  private readonly keyLine: number;
  private readonly keyFrom: number;
  private readonly keyEndLine: number;
  private readonly keyTo: number;
  private readonly valueLine: number;
  private readonly valueFrom: number;
  private readonly valueEndLine: number;
  private readonly valueTo: number;

  constructor(key: string, lines: LinePositions, keyStart: number, keyEnd: number, valueStart: number, valueEnd: number) {
    this.key = internKey(key);
    this.keyLine = lines.lineOf(keyStart);
    this.keyFrom = lines.characterOf(keyStart);
    this.keyEndLine = lines.lineOf(keyEnd);
    this.keyTo = lines.characterOf(keyEnd);
    this.valueLine = lines.lineOf(valueStart);
    this.valueFrom = lines.characterOf(valueStart);
    this.valueEndLine = lines.lineOf(valueEnd);
    this.valueTo = lines.characterOf(valueEnd);
  }

  get keyRange(): Range {
    return { start: { line: this.keyLine, character: this.keyFrom }, end: { line: this.keyEndLine, character: this.keyTo } };
  }

  get valueRange(): Range {
    return { start: { line: this.valueLine, character: this.valueFrom }, end: { line: this.valueEndLine, character: this.valueTo } };
  }

  toJSON(): FieldLocation {
    return { key: this.key, keyRange: this.keyRange, valueRange: this.valueRange };
  }
}

// Every memory names the same few keys (`metadata.originSessionId`): one string each, not one per file.
const internedKeys = new Map<string, string>();
const MAX_INTERNED_KEYS = 512;

function internKey(key: string): string {
  const held = internedKeys.get(key);
  if (held !== undefined) return held;
  if (internedKeys.size < MAX_INTERNED_KEYS) internedKeys.set(key, key);
  return key;
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
    const fields = new Map<string, FieldLocation>();
    for (const field of scanned.fields) {
      const packed = new PackedField(field.key, lines, yamlStart + field.keyStart, yamlStart + field.keyEnd, yamlStart + field.valueStart, yamlStart + field.valueEnd);
      fields.set(packed.key, packed);
    }
    return { status: 'ok', data: scanned.data, fields, errors: NO_ERRORS, ...base };
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
  const fields = new Map<string, FieldLocation>();
  if (contents) collectFields(contents, '', yamlStart, lines, fields);
  return { status: 'ok', data, fields, errors: [], ...base };
}

function collectFields(map: YAMLMap, prefix: string, base: number, lines: LinePositions, out: Map<string, FieldLocation>): void {
  for (const pair of map.items) {
    if (!isScalar(pair.key) || !pair.key.range) continue;
    const key = prefix + String(pair.key.value);
    const value = pair.value as YamlNode | null;
    const valueSpan = value?.range;
    // A key with no value (`type:`) still gets a place to insert one: right after the colon.
    const [valueStart, valueEnd] = valueSpan ? [valueSpan[0], valueSpan[1]] : [pair.key.range[1] + 1, pair.key.range[1] + 1];
    const field = new PackedField(key, lines, base + pair.key.range[0], base + pair.key.range[1], base + valueStart, base + valueEnd);
    out.set(field.key, field);
    if (value && isMap(value)) collectFields(value, key + '.', base, lines, out);
  }
}

function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return (end < 0 ? message : message.slice(0, end)).trim();
}
