/** One key the scanner read, with offsets into the scanned YAML text. */
export interface ScannedField {
  /** Dotted path: `name`, `metadata.type`. */
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  /**
   * The value's source text, as `yaml` reports a node's range: quotes included for a quoted scalar,
   * first nested key to the end of the last nested line for a map, and an empty range where the value
   * would start for a missing (null) value.
   */
  readonly valueStart: number;
  readonly valueEnd: number;
}

/** What `yaml`'s `parseDocument(text).toJS()` and its node ranges would give, read without it. */
export interface ScannedFrontmatter {
  readonly data: Record<string, unknown>;
  /** In the order `yaml` lists the pairs: a map's key comes before its nested keys. */
  readonly fields: readonly ScannedField[];
}

interface MutableField {
  key: string;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
}

/**
 * Reads frontmatter YAML written in the strict subset memory files almost always use, or returns
 * `undefined` to refuse. Refusing is always safe (the caller falls back to the full parser); accepting
 * promises that `yaml` v2 (core schema) would give the very same data and ranges, so anything the
 * scanner is not sure of is refused rather than guessed.
 *
 * The subset, line by line (`\n` or `\r\n` line breaks):
 * - blank lines (spaces only) and comment lines with `#` in column 0;
 * - `key: value` in column 0, the key matching `[A-Za-z_][A-Za-z0-9_-]*` (not `null`/`true`/`false` in
 *   any case, not `__proto__`), the colon right after the key and followed by a space or the line end;
 * - a value that is one of: nothing (null), optionally followed by ` # comment`; a single-line
 *   double-quoted scalar with YAML's escapes; a single-line single-quoted scalar with `''`; a plain
 *   scalar that YAML reads as a string (not null, boolean or number-like, no leading indicator, no
 *   `: ` inside, no trailing `:`), optionally followed by ` # comment`;
 * - under a key with no value, a map of such pairs, every line indented by the same number of spaces
 *   and none of them nesting further; its last value may not be null.
 * Tabs, lone `\r`, control characters, and anything else (flow collections, anchors, tags, block
 * scalars, multi-line scalars, indented comments, duplicate keys, directives, document markers) refuse.
 */
export function scanFrontmatter(yaml: string): ScannedFrontmatter | undefined {
  if (UNSUPPORTED_CHARACTER.test(yaml)) return undefined;
  const data: Record<string, unknown> = {};
  const fields: MutableField[] = [];
  const length = yaml.length;

  // The top-level key whose value is still missing: indented pairs that follow become its map.
  let open: MutableField | undefined;
  // The top-level key whose nested map is being read, and that map.
  let parent: MutableField | undefined;
  let nested: Record<string, unknown> | undefined;
  let nestedIndent = 0;
  let nestedEndsWithNull = false;
  // `parent.key.`, made once a nested map rather than once a nested line.
  let nestedPrefix: string | undefined;

  let lineStart = 0;
  while (lineStart < length) {
    let next = yaml.indexOf('\n', lineStart);
    let lineEnd: number;
    if (next < 0) {
      lineEnd = next = length;
    } else {
      lineEnd = next++;
      if (lineEnd > lineStart && yaml.charCodeAt(lineEnd - 1) === CR) lineEnd--;
    }
    let start = lineStart;
    while (start < lineEnd && yaml.charCodeAt(start) === SPACE) start++;
    const indent = start - lineStart;
    lineStart = next;
    if (start === lineEnd) continue;
    if (yaml.charCodeAt(start) === HASH) {
      // yaml folds an indented comment into the preceding node's range; column 0 ones stay outside.
      if (indent !== 0) return undefined;
      continue;
    }

    if (indent === 0) {
      if (nested && nestedEndsWithNull) return undefined;
      nested = parent = undefined;
      open = undefined;
      const pair = scanPair(yaml, start, lineEnd, '');
      if (!pair || Object.hasOwn(data, pair.field.key)) return undefined;
      data[pair.field.key] = pair.value;
      fields.push(pair.field);
      if (pair.value === null) open = pair.field;
      continue;
    }

    if (open) {
      parent = open;
      open = undefined;
      nestedPrefix = undefined;
      nested = {};
      nestedIndent = indent;
      data[parent.key] = nested;
      parent.valueStart = start;
    } else if (!parent || !nested || indent !== nestedIndent) {
      return undefined;
    }
    nestedPrefix ??= parent.key + '.';
    const pair = scanPair(yaml, start, lineEnd, nestedPrefix);
    if (!pair) return undefined;
    if (Object.hasOwn(nested, pair.name)) return undefined;
    nested[pair.name] = pair.value;
    fields.push(pair.field);
    // `yaml` ends a map where its last value ends, which for a null is before the line break.
    nestedEndsWithNull = pair.value === null;
    parent.valueEnd = next;
  }
  if (nested && nestedEndsWithNull) return undefined;
  return { data, fields };
}

const SPACE = 32;
const CR = 13;
const HASH = 35;
const COLON = 58;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACKSLASH = 92;

/**
 * Tabs (YAML forbids them in indentation and they separate tokens in ways not worth mirroring), a `\r`
 * not followed by `\n` (a line break to YAML, not to this scanner), and characters YAML does not allow
 * unescaped or treats as line breaks or byte-order marks.
 */
const UNSUPPORTED_CHARACTER = /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\ufeff\u2028\u2029]|\r(?!\n)/;

const KEY = /[A-Za-z0-9_-]*/y;
const RESERVED_KEY = /^(?:null|true|false|__proto__)$/i;
// yaml rejects an implicit key whose colon is more than 1024 characters from its start.
const MAX_KEY_LENGTH = 1000;

/** Characters that open something other than a plain scalar, or are reserved, in YAML. */
const INDICATOR = new Set('-?:,[]{}#&*!|>\'"%@`'.split('').map((c) => c.charCodeAt(0)));

/**
 * Plain scalars the core schema may read as something other than a string. Deliberately wider than
 * `yaml`'s own tests (YAML 1.1's `_` separators, `0b` and sexagesimal `1:30` too, and `null`, `true`
 * and `false` in any case), so that a change of schema details cannot slip a number through as text.
 * Dates and ISO timestamps are strings in YAML 1.2's core schema and are accepted.
 */
const NULL_OR_BOOL = /^(?:~|null|true|false)$/i;
const NUMBER_LIKE = /^[-+]?(?:[0-9][0-9_]*(?::[0-9_]+)*(?:\.[0-9_]*)?|\.[0-9_]+)(?:e[-+]?[0-9]+)?$|^[-+]?0[xob][0-9a-f_]*$|^[-+]?\.(?:inf|nan)$/i;

interface Pair {
  /** The key without the parent's prefix. */
  readonly name: string;
  readonly field: MutableField;
  readonly value: string | null;
}

function scanPair(yaml: string, start: number, end: number, prefix: string): Pair | undefined {
  if (!isKeyStart(yaml.charCodeAt(start))) return undefined;
  KEY.lastIndex = start + 1;
  KEY.test(yaml);
  const keyEnd = KEY.lastIndex;
  if (keyEnd - start > MAX_KEY_LENGTH || yaml.charCodeAt(keyEnd) !== COLON) return undefined;
  const afterColon = keyEnd + 1;
  if (afterColon < end && yaml.charCodeAt(afterColon) !== SPACE) return undefined;
  const key = yaml.slice(start, keyEnd);
  if (key.length >= 4 && key.length <= 9 && RESERVED_KEY.test(key)) return undefined;

  let valueStart = afterColon;
  while (valueStart < end && yaml.charCodeAt(valueStart) === SPACE) valueStart++;
  const field: MutableField = { key: prefix + key, keyStart: start, keyEnd, valueStart, valueEnd: valueStart };
  if (valueStart === end) return { name: key, field, value: null };

  const first = yaml.charCodeAt(valueStart);
  if (first === HASH) return { name: key, field, value: null };
  if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
    const quoted = first === DOUBLE_QUOTE ? scanDoubleQuoted(yaml, valueStart, end) : scanSingleQuoted(yaml, valueStart, end);
    if (!quoted || !onlyCommentFollows(yaml, quoted.end, end)) return undefined;
    field.valueEnd = quoted.end;
    return { name: key, field, value: quoted.value };
  }
  if (INDICATOR.has(first)) return undefined;

  let value = yaml.slice(valueStart, end);
  const comment = value.indexOf(' #');
  let valueLength = comment < 0 ? value.length : comment;
  while (value.charCodeAt(valueLength - 1) === SPACE) valueLength--;
  if (valueLength !== value.length) value = value.slice(0, valueLength);
  const valueEnd = valueStart + valueLength;
  if (value.indexOf(': ') >= 0 || value.charCodeAt(value.length - 1) === COLON) return undefined;
  if (mayNotBeText(value) && (NULL_OR_BOOL.test(value) || NUMBER_LIKE.test(value))) return undefined;
  field.valueEnd = valueEnd;
  return { name: key, field, value };
}

function isKeyStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/**
 * Whether NULL_OR_BOOL or NUMBER_LIKE could match, by the first character: a value such a pattern
 * cannot start is text without running either (the case-insensitive patterns fold ASCII letters only).
 */
function mayNotBeText(value: string): boolean {
  const first = value.charCodeAt(0);
  if (first === 43 /* + */ || first === 45 /* - */ || first === 46 /* . */ || (first >= 48 && first <= 57)) return true;
  return value.length <= 5 && (first === 126 /* ~ */ || first === 78 || first === 110 /* Nn */ || first === 84 || first === 116 /* Tt */ || first === 70 || first === 102 /* Ff */);
}

/** After a quoted scalar only spaces may follow, then the line end or a comment. */
function onlyCommentFollows(yaml: string, from: number, end: number): boolean {
  let i = from;
  while (i < end && yaml.charCodeAt(i) === SPACE) i++;
  return i === end || (i > from && yaml.charCodeAt(i) === HASH);
}

interface Quoted {
  readonly value: string;
  /** Offset after the closing quote. */
  readonly end: number;
}

function scanSingleQuoted(yaml: string, start: number, end: number): Quoted | undefined {
  let value = '';
  let from = start + 1;
  for (;;) {
    const quote = yaml.indexOf("'", from);
    if (quote < 0 || quote >= end) return undefined;
    value += yaml.slice(from, quote);
    if (yaml.charCodeAt(quote + 1) !== SINGLE_QUOTE || quote + 1 >= end) return { value, end: quote + 1 };
    value += "'";
    from = quote + 2;
  }
}

/** YAML 1.2's double-quoted escapes, as `yaml` resolves them. */
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};
const HEX_DIGITS = { x: 2, u: 4, U: 8 } as const;
const HEX = /^[0-9a-fA-F]+$/;

function scanDoubleQuoted(yaml: string, start: number, end: number): Quoted | undefined {
  let value = '';
  let from = start + 1;
  for (let i = from; i < end; i++) {
    const c = yaml.charCodeAt(i);
    if (c === DOUBLE_QUOTE) return { value: value + yaml.slice(from, i), end: i + 1 };
    if (c !== BACKSLASH) continue;
    value += yaml.slice(from, i);
    const code = yaml[i + 1];
    if (i + 1 >= end) return undefined;
    if (Object.hasOwn(ESCAPES, code)) {
      value += ESCAPES[code];
      i += 1;
    } else if (code === 'x' || code === 'u' || code === 'U') {
      const digits = HEX_DIGITS[code];
      const hex = yaml.slice(i + 2, i + 2 + digits);
      if (hex.length !== digits || i + 2 + digits > end || !HEX.test(hex)) return undefined;
      const point = parseInt(hex, 16);
      if (point > 0x10ffff) return undefined;
      value += String.fromCodePoint(point);
      i += 1 + digits;
    } else {
      return undefined;
    }
    from = i + 1;
  }
  return undefined;
}
