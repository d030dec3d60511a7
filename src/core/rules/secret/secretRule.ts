import { LineIndex } from '../../lineIndex';
import { messageOf, ProblemCode, titleOf, type Problem } from '../../problems';
import { msg, type Text } from '../../text';
import { readsTextOnly, type TextRule } from '../shared/ruleContext';
import { couldBePassword, isExampleToken, looksGenerated, namesASecret, runsIntoCjk } from './credentialShape';
import { ALL_KINDS, cjkWords, ENCRYPTION_KEY_KO, englishWords, QUALIFIED_KEYS_CJK } from './credentialWords';
import { FindingSet, type Finding } from './findingSet';
import {
  isKeyMaterial,
  isPlaceholder,
  kindOf,
  PRIVATE_KEY,
  PRIVATE_KEY_UNTERMINATED,
  TOKEN_PATTERNS,
  URL_CREDENTIALS,
  type SecretPattern,
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
/** The token patterns a text that passes no token gate may still hold (in TOKEN_PATTERNS' order, as findings are merged in it). */
const KEYWORD_TOKEN_PATTERNS = TOKEN_PATTERNS.filter((entry) => entry.outsideTokenGates);
const ASSIGNMENT_GATES: readonly RegExp[] = [/passw|passphrase|secret|key|token/i, new RegExp(cjkWords(...ALL_KINDS))];

/**
 * `password: hunter2`, `API_KEY = "..."`, `"client_secret": "..."`, `**Token**: ...`, `비밀번호: ...`: a
 * key naming a credential, as its last word, then `=`, `:`, `=>` or `：`, then the value (quoted, in
 * `<...>` or `{...}` up to the closing bracket, since `<your password>` is one stand-in and not a
 * value `<your`, or else up to the next space). Adapted from the keyword list of gitleaks' generic-api-key rule; its entropy test is
 * replaced by the placeholder and shape tests in {@link acceptsAssigned}, which suit prose better.
 */
export const ASSIGNMENT = new RegExp(
  String.raw`(?<key>(?<![\p{L}\d_.-])(?:[A-Za-z0-9]+[_.-])*(?<word>password|passwd|passphrase|client[_ -]?secret|secret[_ -]?key|secret|api[_ -]?key|apikey|access[_ -]?key|access[_ -]?token|auth[_ -]?token|refresh[_ -]?token|bearer[_ -]?token|token|private[_ -]?key)|(?<cjkPassword>${cjkWords('password')})|(?<cjkCredential>${cjkWords('token', 'secret')}|${QUALIFIED_KEYS_CJK.join('|')}))["'*_\x60]*[ \t]*(?:=>|:=|=|:|：)[ \t]*(?:"(?<dq>[^"\r\n]*)"|'(?<sq>[^'\r\n]*)'|\x60(?<bq>[^\x60\r\n]*)\x60|(?<bracketed><[^<>\r\n]*>|\{[^{}\r\n]*\})|(?<bare>[^\s"'\x60,;]+))`,
  'giu',
);

/**
 * The `secret` rule: credentials anywhere in a memory or MEMORY.md (frontmatter, body and code blocks
 * alike: a token in a code block is as usable). The range is the secret value; the message names its
 * kind and never repeats it; the fix replaces it with `<redacted>`, preferred but not safe for `--fix`,
 * since the credential has to be rotated by a person either way.
 */
export const secret: TextRule = (input) => {
  const { text } = input;
  const found = findSecrets(text);
  if (found.length === 0) return [];
  const lines = new LineIndex(text);
  // A file pasted full of keys has thousands of findings sharing a few sentences: each is formatted once.
  const messages = new Map<string, ReturnType<typeof messageOf>>();
  return found.map((finding): Problem => {
    const range = lines.rangeAt(finding.start, finding.end);
    const key = `${finding.message.template}\u0000${finding.message.args.join('\u0000')}`;
    let message = messages.get(key);
    if (!message) messages.set(key, (message = messageOf(finding.message)));
    return {
      code: ProblemCode.Secret,
      severity: SEVERITY,
      path: input.path,
      range,
      ...message,
      fixes: [{ ...REDACT_TITLE, preferred: true, safe: false, edits: [{ kind: 'edit', path: input.path, edits: [{ range, newText: REDACTED }] }] }],
    };
  });
};

readsTextOnly(secret);

const REDACT_TITLE = titleOf(msg('Replace with {0}', REDACTED));

/** Every credential in `text`, in order of position, none overlapping another. */
export function findSecrets(text: string): readonly Finding[] {
  const findings = new FindingSet();
  const keywords = ASSIGNMENT_GATES.some((gate) => gate.test(text));
  // Every token pattern's own gate passes a token gate, but for the few found by their key name (which
  // the keyword gates cover): one file in five holds a keyword ("key" is a common word), and two
  // searches then spare it the two dozen gates of patterns it cannot hold.
  if (TOKEN_GATES.some((gate) => gate.test(text))) scanTokens(text, findings, TOKEN_PATTERNS);
  else if (keywords) scanTokens(text, findings, KEYWORD_TOKEN_PATTERNS);
  if (text.includes('PRIVATE KEY')) scanPrivateKeys(text, findings);
  if (text.includes('://')) scanUrls(text, findings);
  if (keywords) {
    scanAssignments(text, findings);
    scanProse(text, findings);
    if (PROSE_PASSWORD_GATE.test(text)) scanProsePasswords(text, findings);
    scanHeadingValues(text, findings);
    if (text.includes('|') && text.includes('---')) scanTables(text, findings);
  }
  if (AUTH_HEADER_GATE.test(text)) scanAuthHeaders(text, findings);
  return findings.all;
}

// Each kind of finding has a whole sentence of its own. A token's kind is the name its vendor gives
// it ("GitHub personal access token"), an argument kept as written like any other name.
function scanTokens(text: string, findings: FindingSet, patterns: readonly SecretPattern[]): void {
  for (const entry of patterns) {
    if (!entry.gate.test(text)) continue;
    const batch: Finding[] = [];
    for (const match of text.matchAll(entry.pattern)) {
      const value = match.groups?.value ?? match[0];
      if (isExampleToken(value) || (entry.accept && !entry.accept(value, match))) continue;
      const start = match.index + match[0].indexOf(value);
      batch.push({ start, end: start + value.length, message: msg('{0} stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', kindOf(entry, value)) });
    }
    findings.add(batch);
  }
}

function scanPrivateKeys(text: string, findings: FindingSet): void {
  for (const pattern of [PRIVATE_KEY, PRIVATE_KEY_UNTERMINATED]) {
    const batch: Finding[] = [];
    for (const match of text.matchAll(pattern)) {
      const body = match.groups?.value ?? '';
      if (!isKeyMaterial(body)) continue;
      const start = match.index + match[0].indexOf(body);
      batch.push({ start, end: start + body.length, message: msg('Private key stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.') });
    }
    findings.add(batch, true);
  }
}

function scanUrls(text: string, findings: FindingSet): void {
  const batch: Finding[] = [];
  for (const match of text.matchAll(URL_CREDENTIALS)) {
    const { user = '', value = '' } = match.groups ?? {};
    if ((user !== '' && isPlaceholder(user)) || !isUrlPassword(value, user)) continue;
    const start = match.index + match[0].indexOf(':', match[0].indexOf('://') + 3) + 1;
    batch.push({
      start,
      end: start + value.length,
      message: /^https?|^ftps?/i.test(match.groups?.scheme ?? '')
        ? msg('Password in a URL stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.')
        : msg('Database password in a connection string stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.'),
    });
  }
  findings.add(batch);
}

/** Passwords that ship as a server's default (`postgres://postgres:postgres@localhost`): no leak. */
const DEFAULT_PASSWORDS = new Set(['postgres', 'root', 'admin', 'guest', 'test', 'dev', 'mysql', 'redis', 'rabbitmq', 'mongo', 'sa']);

function isUrlPassword(value: string, user: string): boolean {
  if (value.length < 3 || isPlaceholder(value) || namesASecret(value)) return false;
  return value !== user && !DEFAULT_PASSWORDS.has(value.toLowerCase());
}

/**
 * A key word right before its `=`, `:`, `=>` or `：`, which every ASSIGNMENT match holds (its `word`
 * or CJK group, then the same quotes, spaces and separator), found from the separator back: one cheap
 * scan, where ASSIGNMENT itself tries its lookbehind at every letter. Same flags, so the same case
 * folding (`K` Kelvin sign matches in both).
 */
const ASSIGNMENT_HINT = new RegExp(String.raw`[=:：](?<=(?:${englishWords(...ALL_KINDS)}|${cjkWords(...ALL_KINDS)})["'*_\x60]*[ \t]*[=:：])`, 'giu');

/**
 * Every ASSIGNMENT match of `text`, as a global search would find them, with its index in `text`. A
 * match never holds a line break and its lookbehind sees the same non-letter at a line's start as
 * after a break, so only the lines with a hint need the full pattern, each searched alone.
 */
export function* assignmentMatches(text: string): Generator<{ readonly match: RegExpExecArray; readonly index: number }> {
  ASSIGNMENT_HINT.lastIndex = 0;
  for (let hint = ASSIGNMENT_HINT.exec(text); hint; hint = ASSIGNMENT_HINT.exec(text)) {
    const lineStart = text.lastIndexOf('\n', hint.index) + 1;
    const lineBreak = text.indexOf('\n', hint.index);
    const lineEnd = lineBreak < 0 ? text.length : lineBreak;
    for (const match of text.slice(lineStart, lineEnd).matchAll(ASSIGNMENT)) yield { match, index: lineStart + match.index };
    ASSIGNMENT_HINT.lastIndex = lineEnd;
  }
}

function scanAssignments(text: string, findings: FindingSet): void {
  const batch: Finding[] = [];
  for (const { match, index } of assignmentMatches(text)) {
    const groups = match.groups ?? {};
    const quoted = groups.dq ?? groups.sq ?? groups.bq;
    let unquoted = groups.bracketed ?? groups.bare ?? '';
    // A query parameter's value ends at the next parameter: `?api_key=&country=KR` holds no key.
    if (quoted === undefined && /[?&]/.test(text[index - 1] ?? '')) unquoted = unquoted.replace(/[&#].*$/s, '');
    // Running text without a space (a line of Korean or Japanese) is no credential, and not worth many passes.
    if ((quoted ?? unquoted).length > MAX_ASSIGNED_VALUE) continue;
    const value = quoted ?? trimTrailingPunctuation(unquoted);
    if (namesPublicHalf(text, index, groups.key ?? '') || (isBareKey(groups.word) && isLookupKey(value, lineBefore(text, index) + (groups.key ?? '')))) continue;
    const isPassword = groups.cjkPassword !== undefined || (groups.word !== undefined && /pass/i.test(groups.word));
    if (!acceptsAssigned(value, quoted !== undefined, isPassword)) continue;
    const key = groups.key ?? '';
    const written = groups.bracketed ?? groups.bare ?? '';
    const valueAt = quoted !== undefined ? match[0].length - quoted.length - 1 : match[0].length - written.length;
    const start = index + valueAt;
    batch.push({
      start,
      end: start + value.length,
      message: isPassword
        ? msg('Password ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', key)
        : msg('Credential ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', key),
    });
  }
  findings.add(batch);
}

/**
 * Whether the key is said to be public: "VAPID public key:", "Mapbox public token:", "Publishable key:",
 * `NEXT_PUBLIC_MAP_TOKEN=`, "공개 키:", "公開鍵:". Such values ship to every browser by design (round-2
 * probe, issue #23: three of 33 real-shaped non-secret lines were public keys reported at error).
 */
function namesPublicHalf(text: string, index: number, key: string): boolean {
  if (/public|publishable/i.test(key)) return true;
  return PUBLIC_BEFORE_KEY.test(lineBefore(text, index));
}

/**
 * The 30 characters before `index`, cut at a line break: searching back to the line's start cost each
 * match a whole line of `password=…` repeated (the linear-time test).
 */
function lineBefore(text: string, index: number): string {
  const before = text.slice(Math.max(0, index - 30), index);
  return before.slice(before.lastIndexOf('\n') + 1);
}
const PUBLIC_WORD = /\bpublic|\bpublishable|공개|公開/i;
const PUBLIC_BEFORE_KEY = /(?:\bpublic|\bpublishable|공개|公開)[\p{L}\d \t_-]{0,14}$/iu;

/**
 * A UUID after the bare word "key" ("Project key: 123e4567-…", "the record key is …") names a record,
 * a project or an idempotency key; a credential shaped as a UUID is called an API key, a token or a secret.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isLookupKey(value: string, context: string): boolean {
  if (CREDENTIAL_KEY.test(context)) return false;
  return UUID.test(value) || LOOKUP_SHAPE.test(value) || LOOKUP_KEY_CONTEXT.test(context);
}
const BARE_KEY = new RegExp(`^(?:keys?|${cjkWords('key')})$`, 'i');
function isBareKey(word: string | undefined): boolean {
  return word !== undefined && BARE_KEY.test(word);
}

/** Keys made to be published: Stripe's and Clerk's `pk_live_`/`pk_test_`, Mapbox's `pk.eyJ…` public token. */
function isPublishable(value: string): boolean {
  return /^pk_(?:live|test)_|^pk\.ey/.test(value);
}

/** Longer than any key or password written after a keyword; longer tokens (JWTs) are found by their shape. */
const MAX_ASSIGNED_VALUE = 1024;

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
 * Whether an assigned value is a credential rather than a stand-in, a name or prose ("password: see the
 * vault", "token: 1500 per request", "secret: ~/.config/app/key.json", "secret: NOTION_WEBHOOK_SECRET").
 */
function acceptsAssigned(value: string, quoted: boolean, isPassword: boolean): boolean {
  if (isPlaceholder(value) || namesASecret(value) || isPublishable(value)) return false;
  // Documentation stand-ins are refused after a key name as they are alone: AWS's `...EXAMPLEKEY` comes with its `aws_secret_access_key =`.
  if (isExampleToken(value)) return false;
  if (isPathOrAddress(value)) return false;
  if (/[()[\]]/.test(value)) return false;
  if (!quoted && (/^\p{L}+$/u.test(value) || runsIntoCjk(value))) return false;
  return isPassword ? couldBePassword(value, quoted) : looksGenerated(value);
}

// ---------------------------------------------------------------------------------------------------
// Credentials written in prose: "the token is 3f9a… — keep it out of git", "write token for the hosting
// API: `…`", "토큰은 `…`", "トークンは `…`" (the topic particle is Japanese's "is"), and a value line
// under a heading that names the key ("## 암호화 키" then "값: `…`"). Only machine-generated values count
// here, never a word or a short code, and not after the words that make a hash or an id of them
// ("cache key", "commit", "SHA", "public key"). Korean and Japanese words need no boundary before them:
// "APIトークンは `…`" glues the word to "API".

const PROSE_CREDENTIAL = new RegExp(
  String.raw`(?<word>(?<![\p{L}\d_-])(?:tokens?|api[ _-]?keys?|keys?|secrets?|passwords?|passphrases?|credentials?)|${ENCRYPTION_KEY_KO}|${cjkWords(...ALL_KINDS)})(?<mid>[^\n:=：\x60<>]{0,50}?)(?:\s+(?:is|was|are)\s+|[은는]\s+|は[ \t]*|[ \t]*[:=：][ \t]*)(?:\x60(?<bq>[^\x60\n]{16,512})\x60|(?<bare>[A-Za-z0-9_+/=-]{16,512})(?![A-Za-z0-9_+/=-]))`,
  'giu',
);
// Words that make the value something other than a credential: a hash, an id, a public half, a lookup key.
const NOT_A_CREDENTIAL = /\b(?:cache|primary|foreign|partition|sort|row|lookup|idempotency|object|map|dict|hash|public|ssh|gpg|pgp|license|product|registry|commit|sha\d*|digest|checksum|uuid|id|ids|voice|wallet|contract|address)\b|공개\s?키|公開鍵|ハッシュ|해시/i;
/**
 * The bare word "key" (키, キー, 鍵) names lookup keys far more often than credentials, which notes call
 * an API key, an access key, a secret: a bare key is a lookup key when its value is a path or a
 * namespaced name (`session:…`, `uploads/…/x.png`, `home.hero.title`, `created_at#…`) or the words
 * before it say so ("Redis key", "キャッシュキー", "主キー", "객체 키", "JSONのキー"). Only for a bare
 * key: "the Redis password is …" stays a password. Round-2 probe, issue #23: of 24 lookup keys in
 * en/ko/ja, 13 were errors before this (9 after reading "キーは `…`", 4 from the start).
 */
const LOOKUP_KEY_CONTEXT = /\b(?:json|redis|i18n|translation|s3|field|column|sort|partition)\b|캐시|キャッシュ|主キー|外部キー|複合キー|ソート|パーティション|オブジェクト|ライセンス|冪等|べき等|辞書|マップ|翻訳|フィールド|(?:기본|외래|정렬|파티션|객체)\s?키|라이선스|라이센스|멱등|사전|번역|필드/i;
/**
 * A namespaced name (`session:…`, `created_at#…`), a dotted name (`home.hero.title`) or a path to a file
 * (`uploads/2026/03/x.png`). Not a `/` alone: Base64 keys hold `/`, `+` and `=`.
 */
const LOOKUP_SHAPE = /[:#]|^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$|^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)+\.[A-Za-z0-9]{1,5}$/;
/** Words that make a bare key a credential whatever its value: "the encryption key is …", "アクセスキーは". */
const CREDENTIAL_KEY = /\b(?:api|access|secret|private|signing|encryption|master|auth)\b|암호|비밀|액세스|暗号|秘密|アクセス|認証/i;

function acceptsProseValue(value: string): boolean {
  if (isPlaceholder(value) || namesASecret(value) || isExampleToken(value) || isPublishable(value)) return false;
  if (/^\d+$/.test(value) || /[\s()[\]]/.test(value) || isPathOrAddress(value)) return false;
  return looksGenerated(value);
}

/**
 * Where a credential is kept or used rather than the credential: a URL, a path on any system (`~/…`,
 * `C:\Users\…\keys.txt`), a file of keys (`…/key.json`, `.env`) or a host and its path
 * (`api.example.com/v1/videos`). Seen on a public memory folder: "API key location: `C:\…\env.txt`" and
 * "… Secret Key from x.md. API: `api.….com/v1/…`" reported as credentials.
 */
function isPathOrAddress(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
    || /^(?:~|\.{1,2})?\//.test(value)
    || /^[A-Za-z]:[\\/]/.test(value)
    || /\.(?:json|pem|key|env|txt|ya?ml|p12|pfx|crt|cer|ini|cfg|conf|toml)$/i.test(value)
    || /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[\w.~-]*)+$/i.test(value);
}

/**
 * Whether `text` holds anything a prose credential's value could be that may look machine-generated,
 * as every value `acceptsProseValue` takes does: a code span's content, or a run of value characters
 * (a value after `key=` begins inside one, so any tail of it). PROSE_CREDENTIAL tries its lookbehind at
 * every letter, which cost more than the rest of the rule in a long MEMORY.md; where nothing could
 * pass, it would find nothing. One pass over the characters, so a text of any shape costs its length.
 */
function mayHoldProseValue(text: string): boolean {
  let runStart = 0;
  let spanStart = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 10;
    if (isValueCharacter(c)) continue;
    if (mayLookGenerated(text, runStart, i)) return true;
    runStart = i + 1;
    if (c === 0x60) {
      if (spanStart >= 0 && mayLookGenerated(text, spanStart, i)) return true;
      spanStart = i + 1;
    } else if (c === 10) {
      spanStart = -1;
    }
  }
  return false;
}

/**
 * Whether `looksGenerated` could take a value within `text` from `start` to `end` (the whole or a tail
 * of it): 16 characters or more, and three switches between digits, lower and upper case within its
 * letter-and-digit parts (a tail has no more than the whole), or a hexadecimal tail of 32 characters.
 */
function mayLookGenerated(text: string, start: number, end: number): boolean {
  if (end - start < MIN_PROSE_VALUE) return false;
  let switches = 0;
  let previous = 0;
  let hexTail = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const kind = c >= 48 && c <= 57 ? DIGIT : c >= 65 && c <= 90 ? UPPER : c >= 97 && c <= 122 ? LOWER : 0;
    if (kind !== 0 && previous !== 0 && kind !== previous && !(previous === UPPER && kind === LOWER)) switches++;
    previous = kind;
    hexTail = kind === DIGIT || c === 45 || ((c | 0x20) >= 97 && (c | 0x20) <= 102) ? hexTail + 1 : 0;
  }
  return switches >= 3 || hexTail >= 32;
}

const DIGIT = 1;
const UPPER = 2;
const LOWER = 3;

/** `[A-Za-z0-9_+/=-]`, the characters of PROSE_CREDENTIAL's bare value. */
function isValueCharacter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 47 && c <= 57) || c === 95 || c === 43 || c === 61 || c === 45;
}

const MIN_PROSE_VALUE = 16;

function scanProse(text: string, findings: FindingSet): void {
  if (!mayHoldProseValue(text)) return;
  scanSentenceValues(text, findings, PROSE_CREDENTIAL, acceptsProseValue, (word) => msg('Credential ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', word));
}

/**
 * Each value `pattern` finds after a credential's word in a sentence (groups `word`, `mid`, then `bq`
 * for a code span or `bare`), unless the words before it make it a hash, an id or a public half, or
 * `accepts` refuses it.
 */
function scanSentenceValues(text: string, findings: FindingSet, pattern: RegExp, accepts: (value: string, quoted: boolean) => boolean, message: (word: string) => Text): void {
  const batch: Finding[] = [];
  for (const match of text.matchAll(pattern)) {
    const groups = match.groups ?? {};
    const quoted = groups.bq !== undefined;
    const written = groups.bq ?? groups.bare ?? '';
    const value = quoted ? written : trimTrailingPunctuation(written);
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const context = text.slice(Math.max(lineStart, match.index - 30), match.index) + groups.word + (groups.mid ?? '');
    // The credential's word in a sentence before the value's ("… Secret Key from x.md. API: `…`") names something else.
    if (/[.!?。](?:\s|$)/.test(groups.mid ?? '')) continue;
    if (NOT_A_CREDENTIAL.test(context) || (isBareKey(groups.word) && isLookupKey(value, context)) || !accepts(value, quoted)) continue;
    const start = match.index + match[0].length - written.length - (quoted ? 1 : 0);
    batch.push({ start, end: start + value.length, message: message(groups.word) });
  }
  findings.add(batch);
}

// A password said in a sentence: "the deploy password is hunter2-Zx9!q", "비밀번호는 qwe123!@#ZX 이다",
// "パスワードは Xy7#kLm92p です". Passwords are short and rarely look generated, so the value must be one
// word holding a letter and a digit or a symbol (as after `password:`); one glued to Korean or Japanese
// ("1Password에 저장") is prose, and one saying how passwords are stored ("argon2-hashed") is no value.
const PROSE_PASSWORD_GATE = new RegExp(`passw|passphrase|${cjkWords('password')}`, 'i');
const PROSE_PASSWORD = new RegExp(
  String.raw`(?<word>(?<![\p{L}\d_-])(?:passwords?|passphrases?)|${cjkWords('password')})(?<mid>[^\n:=：\x60<>.。]{0,40}?)(?:\s+(?:is|was)\s+|[은는]\s+|は\s*)(?:\x60(?<bq>[^\x60\s]{4,128})\x60|(?<bare>[^\s"'\x60,;。、]{6,64}))`,
  'giu',
);

function scanProsePasswords(text: string, findings: FindingSet): void {
  scanSentenceValues(text, findings, PROSE_PASSWORD, acceptsProsePassword, (word) => msg('Password ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', word));
}

function acceptsProsePassword(value: string, quoted: boolean): boolean {
  if (isPlaceholder(value) || namesASecret(value) || isExampleToken(value)) return false;
  if (/^(?:~|\.{1,2})?\//.test(value) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /[()[\]<>{}]/.test(value)) return false;
  if (/hash|crypt|salt|argon|sha-?\d|md5/i.test(value)) return false;
  if (runsIntoCjk(value) || !/\p{L}/u.test(value) || !/[\d!@#$%^&*+=?~]/.test(value)) return false;
  return couldBePassword(value, quoted);
}

// "값: `…`", "value: `…`", "値: `…`" on a line of its own, under a heading naming the key.
const VALUE_LINE = /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:값|value|値|내용)(?:\*\*)?[ \t]*[:：][ \t]*\x60(?<value>[^\x60\n]{16,512})\x60/gimu;
// Korean and Japanese write "secret" in their own letters too: "## 결제 웹훅 시크릿", "## Webhookシークレット".
const KEY_HEADING = new RegExp(String.raw`\b(?:key|token|secret|password|passphrase|credential)s?\b|암호|${cjkWords(...ALL_KINDS)}`, 'i');

function scanHeadingValues(text: string, findings: FindingSet): void {
  const batch: Finding[] = [];
  for (const match of text.matchAll(VALUE_LINE)) {
    const value = match.groups?.value ?? '';
    // The nearest heading above, within a few lines' reach.
    const above = text.slice(Math.max(0, match.index - 600), match.index);
    const heading = /(?:^|\n) {0,3}#{1,6}[ \t]+([^\n]*)\n(?:(?!\s{0,3}#)[^\n]*\n){0,6}$/.exec(above);
    if (!heading || !KEY_HEADING.test(heading[1]) || NOT_A_CREDENTIAL.test(heading[1]) || !acceptsProseValue(value)) continue;
    const start = match.index + match[0].length - value.length - 1;
    batch.push({ start, end: start + value.length, message: msg('Credential ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', heading[1].trim().slice(0, 40)) });
  }
  findings.add(batch);
}

// `Authorization: Bearer …`, `-H "Authorization: Token …"`, `Bearer …` in a curl line: the header names
// no key word, so neither the assignment nor the prose scan saw it (round-2 probe, issue #23: 3 of 3
// header lines missed). The value must look generated: `Bearer $TOKEN` and `Bearer <token>` name one.
const AUTH_HEADER_GATE = /[Bb]earer|BEARER|[Aa]uthorization|AUTHORIZATION/;
const AUTH_HEADER = /(?:\bauthorization["']?[ \t]*[:=][ \t]*["']?(?:bearer|token|basic)|\bbearer)[ \t]+(?<value>[A-Za-z0-9._~+/=-]{16,1024})(?![A-Za-z0-9._~+/=-])/gi;

function scanAuthHeaders(text: string, findings: FindingSet): void {
  const batch: Finding[] = [];
  for (const match of text.matchAll(AUTH_HEADER)) {
    const value = trimTrailingPunctuation(match.groups?.value ?? '');
    if (!acceptsProseValue(value)) continue;
    const start = match.index + match[0].length - (match.groups?.value ?? '').length;
    batch.push({ start, end: start + value.length, message: msg('Credential ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', 'Authorization') });
  }
  findings.add(batch);
}

// A Markdown table whose column is headed by a credential's name ("| Service | API key |") or whose row
// names one in the cell before the value ("| API 토큰 | `…` |"): the value sits in a cell, with no `:`
// or "is" before it (round-2 probe, issue #23: 2 of 2 table lines missed). Values must look generated.
// No two runs of blanks meet without a `|` between them: `[ \t]*\|?[ \t]*` could split one run in as many
// ways as it is long, at each cell, and a line of tabs around `---|---` took time cubic in its length.
const TABLE_DELIMITER = /^[ \t]*(?:\|[ \t]*)?:?-{3,}:?(?:[ \t]*\|[ \t]*:?-{3,}:?)+[ \t]*(?:\|[ \t]*)?$/gm;

interface Cell {
  readonly text: string;
  readonly start: number;
}

function scanTables(text: string, findings: FindingSet): void {
  const batch: Finding[] = [];
  TABLE_DELIMITER.lastIndex = 0;
  for (let delimiter = TABLE_DELIMITER.exec(text); delimiter; delimiter = TABLE_DELIMITER.exec(text)) {
    const headerEnd = delimiter.index - 1;
    if (headerEnd < 0) continue;
    const headerStart = text.lastIndexOf('\n', headerEnd - 1) + 1;
    const header = cellsOf(text, headerStart, headerEnd);
    let rowStart = delimiter.index + delimiter[0].length + 1;
    while (rowStart < text.length) {
      const lineBreak = text.indexOf('\n', rowStart);
      const rowEnd = lineBreak < 0 ? text.length : lineBreak;
      if (!text.slice(rowStart, rowEnd).includes('|')) break;
      const cells = cellsOf(text, rowStart, rowEnd);
      for (let i = 0; i < cells.length; i++) {
        const name = namesCredential(header[i]?.text) ? header[i].text : i > 0 && namesCredential(cells[i - 1].text) ? cells[i - 1].text : undefined;
        if (name === undefined) continue;
        const cell = cells[i];
        const quoted = /^`[^`]+`$/.test(cell.text);
        const value = quoted ? cell.text.slice(1, -1) : cell.text;
        if (!acceptsProseValue(value)) continue;
        const start = cell.start + (quoted ? 1 : 0);
        batch.push({ start, end: start + value.length, message: msg('Credential ("{0}") stored in memory. Memory is read into prompts and often committed: remove it, and rotate it if it is real.', name.slice(0, 40)) });
      }
      rowStart = rowEnd + 1;
    }
    // The next table starts past these rows: a row is read once, however many delimiter lines follow.
    TABLE_DELIMITER.lastIndex = Math.max(TABLE_DELIMITER.lastIndex, Math.min(rowStart, text.length));
  }
  findings.add(batch);
}

/** A short cell naming a credential, not a hash, an id or a public half ("Key ID", "Public key", "Cache key"). */
function namesCredential(cell: string | undefined): cell is string {
  return cell !== undefined && cell.length <= 40 && KEY_HEADING.test(cell) && !NOT_A_CREDENTIAL.test(cell) && !PUBLIC_WORD.test(cell);
}

/** The cells of the table row from `start` to `end`, trimmed, each with its offset in `text`. */
function cellsOf(text: string, start: number, end: number): Cell[] {
  const row = text.slice(start, end);
  const cells: Cell[] = [];
  const parts = row.split('|');
  let offset = start;
  parts.forEach((part, i) => {
    const edge = (i === 0 || i === parts.length - 1) && part.trim() === '';
    if (!edge) {
      const lead = part.length - part.trimStart().length;
      cells.push({ text: part.trim(), start: offset + lead });
    }
    offset += part.length + 1;
  });
  return cells;
}
