import { LineIndex } from '../../lineIndex';
import { messageOf, ProblemCode, titleOf, type Problem } from '../../problems';
import { msg, type Text } from '../../text';
import type { TextRule } from '../engine/ruleContext';
import {
  isKeyMaterial,
  isPlaceholder,
  kindOf,
  PRIVATE_KEY,
  PRIVATE_KEY_UNTERMINATED,
  TOKEN_PATTERNS,
  URL_CREDENTIALS,
} from './secretPatterns';

/** What the `secret` fix writes in place of a credential. */
export const REDACTED = '<redacted>';

const SEVERITY = 'error';

/**
 * Gates that every file holding a credential passes and nearly every other file fails, each one literal
 * search: token prefixes by the `_` or `-` that ends them, upper-case prefixes and key markers, the
 * assignment keywords. One alternation of all prefixes costs several times their sum, so they are apart.
 */
const TOKEN_GATES: readonly RegExp[] = [
  /[_-](?<=(?:gh[pousr]|github_pat|npm|hf|gsk|dckr_pat|ntn|lin_api|figd|vc[pickar]|ops|glc|glsa|[sr]k_(?:live|test|prod)|shp(?:pa|ca|at|ss))_|(?:glpat|xox[abopr]|xapp|sk)-)/,
  /A(?:KIA|SIA|3T|GPA|IDA|ROA|IPA|NPA|NVA|Iza)|SG\.|ey[A-Za-z0-9]{17}|hooks\.slack|dapi|hv[sbr]\./,
];
const ASSIGNMENT_GATES: readonly RegExp[] = [/passw|passphrase|secret|key|token/i, /비밀번호|패스워드|パスワード|密码/];

/**
 * `password: hunter2`, `API_KEY = "..."`, `"client_secret": "..."`, `**Token**: ...`, `비밀번호: ...`: a
 * key naming a credential, as its last word, then `=`, `:`, `=>` or `：`, then the value (quoted, in
 * `<...>` or `{...}` up to the closing bracket, since `<your password>` is one stand-in and not a
 * value `<your`, or else up to the next space). Adapted from the keyword list of gitleaks' generic-api-key rule; its entropy test is
 * replaced by the placeholder and shape tests in {@link acceptsAssigned}, which suit prose better.
 */
const ASSIGNMENT = new RegExp(
  String.raw`(?<key>(?<![\p{L}\d_.-])(?:[A-Za-z0-9]+[_.-])*(?<word>password|passwd|passphrase|client[_-]?secret|secret[_-]?key|secret|api[_-]?key|apikey|access[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|bearer[_-]?token|token|private[_-]?key)|비밀번호|패스워드|パスワード|密码)["'*_\x60]*[ \t]*(?:=>|:=|=|:|：)[ \t]*(?:"(?<dq>[^"\r\n]*)"|'(?<sq>[^'\r\n]*)'|\x60(?<bq>[^\x60\r\n]*)\x60|(?<bracketed><[^<>\r\n]*>|\{[^{}\r\n]*\})|(?<bare>[^\s"'\x60,;]+))`,
  'giu',
);

interface Finding {
  readonly start: number;
  readonly end: number;
  readonly message: Text;
}

/**
 * The `secret` rule: credentials anywhere in a memory or MEMORY.md (frontmatter, body and code blocks
 * alike: a token in a code block is as usable). The range is the secret value; the message names its
 * kind and never repeats it; the fix replaces it with `<redacted>`, preferred but not safe for `--fix`,
 * since the credential has to be rotated by a person either way.
 */
export const secret: TextRule = (input) => {
  const { text } = input;
  const findings: Finding[] = [];
  // Of overlapping findings the first (most specific) stays, except that a private key's body takes in
  // what it holds whole: one that happens to contain "AKIA..." is one private key.
  const add: Add = (start, end, message, absorbs = false) => {
    if (end <= start) return;
    const overlapping = findings.filter((f) => end > f.start && start < f.end);
    if (overlapping.length > 0 && !(absorbs && overlapping.every((f) => start <= f.start && f.end <= end))) return;
    for (const f of overlapping) findings.splice(findings.indexOf(f), 1);
    findings.push({ start, end, message });
  };

  const keywords = ASSIGNMENT_GATES.some((gate) => gate.test(text));
  // The AWS secret access key is found by its key name, which the keyword gate covers.
  if (keywords || TOKEN_GATES.some((gate) => gate.test(text))) scanTokens(text, add);
  if (text.includes('PRIVATE KEY')) scanPrivateKeys(text, add);
  if (text.includes('://')) scanUrls(text, add);
  if (keywords) scanAssignments(text, add);

  if (findings.length === 0) return [];
  const lines = new LineIndex(text);
  return findings
    .sort((a, b) => a.start - b.start)
    .map((finding): Problem => {
      const range = lines.rangeAt(finding.start, finding.end);
      return {
        code: ProblemCode.Secret,
        severity: SEVERITY,
        path: input.path,
        range,
        ...messageOf(finding.message),
        fixes: [
          {
            ...titleOf(msg('Replace with {0}', REDACTED)),
            preferred: true,
            safe: false,
            edits: [{ kind: 'edit', path: input.path, edits: [{ range, newText: REDACTED }] }],
          },
        ],
      };
    });
};

/** Records a finding unless an earlier, more specific one covers part of it. */
type Add = (start: number, end: number, message: Text, absorbs?: boolean) => void;

// Each kind of finding has a whole sentence of its own. A token's kind is the name its vendor gives
// it ("GitHub personal access token"), an argument kept as written like any other name.
function scanTokens(text: string, add: Add): void {
  for (const entry of TOKEN_PATTERNS) {
    for (const match of text.matchAll(entry.pattern)) {
      const value = match.groups?.value ?? match[0];
      if (entry.accept && !entry.accept(value, match)) continue;
      const start = match.index + match[0].indexOf(value);
      add(start, start + value.length, msg('{0} stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', kindOf(entry, value)));
    }
  }
}

function scanPrivateKeys(text: string, add: Add): void {
  for (const pattern of [PRIVATE_KEY, PRIVATE_KEY_UNTERMINATED]) {
    for (const match of text.matchAll(pattern)) {
      const body = match.groups?.value ?? '';
      if (!isKeyMaterial(body)) continue;
      const start = match.index + match[0].indexOf(body);
      add(start, start + body.length, msg('Private key stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.'), true);
    }
  }
}

function scanUrls(text: string, add: Add): void {
  for (const match of text.matchAll(URL_CREDENTIALS)) {
    const { user = '', value = '' } = match.groups ?? {};
    if (isPlaceholder(user) || isPlaceholder(value) || value.length < 3) continue;
    const start = match.index + match[0].indexOf(':', match[0].indexOf('://') + 3) + 1;
    add(start, start + value.length, /^https?|^ftps?/i.test(match.groups?.scheme ?? '')
      ? msg('Password in a URL stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.')
      : msg('Database password in a connection string stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.'));
  }
}

function scanAssignments(text: string, add: Add): void {
  for (const match of text.matchAll(ASSIGNMENT)) {
    const groups = match.groups ?? {};
    const quoted = groups.dq ?? groups.sq ?? groups.bq;
    const unquoted = groups.bracketed ?? groups.bare ?? '';
    if (quoted === undefined && isPlaceholder(unquoted)) continue;
    const value = quoted ?? trimTrailingPunctuation(unquoted);
    const key = groups.key ?? '';
    const isPassword = !groups.word || /pass/i.test(groups.word);
    if (!acceptsAssigned(value, quoted !== undefined, isPassword)) continue;
    const valueAt = quoted !== undefined ? match[0].length - quoted.length - 1 : match[0].length - unquoted.length;
    const start = match.index + valueAt;
    add(start, start + value.length, isPassword
      ? msg('Password ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', key)
      : msg('Credential ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', key));
  }
}

/** A sentence's full stop or a closing parenthesis is not part of the value: "(password: hunter2)." */
function trimTrailingPunctuation(value: string): string {
  // "!" and "?" are left: passwords end with them far more often than a note's sentence does.
  let trimmed = value.replace(/[.,;:。、]+$/u, '');
  for (const [open, close] of ['()', '[]', '{}', '<>']) {
    while (trimmed.endsWith(close) && count(trimmed, close) > count(trimmed, open)) trimmed = trimmed.slice(0, -1).replace(/[.,;:。、]+$/u, '');
  }
  return trimmed;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/**
 * Whether an assigned value is a credential rather than a stand-in or prose ("password: see the
 * vault", "token: 1500 per request", "secret: ~/.config/app/key.json").
 */
function acceptsAssigned(value: string, quoted: boolean, isPassword: boolean): boolean {
  if (isPlaceholder(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  if (/^(?:~|\.{1,2})?\//.test(value) || /\.(?:json|pem|key|env|txt|ya?ml|p12|pfx|crt|cer)$/i.test(value)) return false;
  if (/[()[\]]/.test(value)) return false;
  if (!quoted && /^\p{L}+$/u.test(value)) return false;
  if (isPassword) return value.length >= 4;
  return value.length >= 8 && !/^\d+$/.test(value);
}
