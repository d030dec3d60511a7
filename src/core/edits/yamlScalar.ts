import { parseDocument } from 'yaml';

// A plain scalar starts with a letter, digit, `_` or `(` (never one of YAML's indicators `-?:,[]{}#&*!|>'"%@` or
// a backtick) and holds no `:` or `#` at all, which rules out `key: value`, ` # comment`, times and
// sexagesimal numbers (`1:20`) in one stroke. Nothing YAML 1.1 or 1.2 treats as a line break, a control or
// a byte-order mark may appear either.
const PLAIN_SHAPE = /^[\p{L}\p{N}_(][^:#\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]*$/u;
// Plain forms a YAML 1.2 or a YAML 1.1 reader (js-yaml, gray-matter, PyYAML) loads as something else than a
// string: null, booleans (1.1's yes/no/on/off/y/n), integers in any base (1.1's `017` octal, `0b101`,
// `1_000`), floats, infinities and NaN, and dates or timestamps (1.1 reads `2026-03-09` as a Date).
const NOT_A_STRING = /^(?:null|~|true|false|yes|no|on|off|y|n|[-+]?(?:0b[01_]+|0o?[0-7_]+|0x[\da-f_]+|[\d_]*\.?[\d_]*(?:e[-+]?\d+)?|\.inf|\.nan)|\d{4}-\d\d?-\d\d?(?:[Tt\s].*)?)$/i;
// Characters a double-quoted scalar must escape to read back exactly: what JSON escapes, and also the
// C1 controls, NEL, the line and paragraph separators (line breaks to a YAML 1.1 reader, which folds them
// into spaces), the byte-order mark, non-characters and unpaired surrogates.
const ESCAPED_IN_DOUBLE = /[\u0000-\u001f"\\\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/**
 * `value` as a YAML scalar for a `key: value` line that a YAML 1.2 reader and a YAML 1.1 reader both load
 * back as exactly `value`, a string: plain where nothing could read it as another type or cut it short,
 * double-quoted otherwise. The one scalar writer of core: every frontmatter value we write goes through it.
 */
export function yamlScalar(value: string): string {
  return isPlainSafe(value) ? value : doubleQuoted(value);
}

/** Whether `value`, written plain after `key: `, reads back as the same string in YAML 1.1 and 1.2. */
export function isPlainSafe(value: string): boolean {
  return value === value.trim() && PLAIN_SHAPE.test(value) && !NOT_A_STRING.test(value);
}

/** `value` as a double-quoted YAML scalar, exact for any string. */
export function doubleQuoted(value: string): string {
  return `"${value.replace(ESCAPED_IN_DOUBLE, escapeChar)}"`;
}

/**
 * `value` as a single-quoted YAML scalar, or undefined when one cannot hold it exactly: a single-quoted
 * scalar has no escapes, so line breaks would be folded and controls cannot be written.
 */
export function singleQuoted(value: string): string | undefined {
  const unsafe = value.replace(/["\\]/g, '').search(ESCAPED_IN_DOUBLE) >= 0;
  return unsafe ? undefined : `'${value.replace(/'/g, "''")}'`;
}

function escapeChar(char: string): string {
  return SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Whether the frontmatter `yaml` parses without error and without warning in YAML 1.2 and in YAML 1.1, and
 * `check` accepts what each reads: for proving, when a fix is planned, that the fix changes no value.
 */
export function readsBackInBothVersions(yaml: string, check: (data: unknown) => boolean): boolean {
  for (const version of ['1.2', '1.1'] as const) {
    try {
      const document = parseDocument(yaml, { version, prettyErrors: false, uniqueKeys: true });
      if (document.errors.length > 0 || document.warnings.length > 0) return false;
      if (!check(document.toJS())) return false;
    } catch {
      return false;
    }
  }
  return true;
}
