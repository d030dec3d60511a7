// Letters, digits, `_`, `-`, `.` and inner spaces, not starting with a digit, `-` or `.`: YAML reads these
// back as the same string. Anything else is double-quoted.
const PLAIN = /^[\p{L}_][\p{L}\p{N}\p{M}_. -]*$/u;
const KEYWORD = /^(?:null|true|false|yes|no|on|off|y|n)$/i;

/**
 * `value` as a YAML scalar for a `key: value` line: plain when YAML reads the plain form back as the
 * same string, double-quoted otherwise (a JSON string is a valid YAML double-quoted scalar).
 */
export function yamlScalar(value: string): string {
  if (PLAIN.test(value) && !value.endsWith(' ') && !KEYWORD.test(value)) return value;
  return JSON.stringify(value);
}
