/**
 * What the `secret` rule looks for, adapted from secretlint's recommended preset
 * (@secretlint/secretlint-rule-preset-recommend 12/13, MIT) and, where secretlint has no rule, from
 * gitleaks' default config (config/gitleaks.toml, MIT).
 *
 * Why a table here rather than the preset itself: the preset's only public entry point,
 * `@secretlint/core`'s `lintSource`, is asynchronous, while rules here are synchronous functions of the
 * text; the preset ships as one ESM-only bundle that imports `node:path`, and `node:fs` and WebCrypto for
 * its PKCS#12 check, which the pure core must not pull in; its current major (13) requires Node 22 while
 * this project supports Node 20; its messages print the secret they found; and it has no rule for
 * `password:`-style assignments, which are what people paste into notes. The patterns themselves are
 * secretlint's where it has one, cited per entry; bump them from its rule sources when formats change.
 */

/** One kind of credential, found by a pattern whose group `value` (or whole match) is the secret. */
export interface SecretPattern {
  /** Names the kind in the problem message, never the value. */
  readonly kind: string;
  readonly pattern: RegExp;
  /**
   * A literal search that every match of `pattern` passes (its fixed prefix): tested first, so a file
   * without the prefix never runs the pattern, whose boundary lookbehinds cost far more than a literal scan.
   */
  readonly gate: RegExp;
  /** Rejects matches that are examples or placeholders. */
  readonly accept?: (value: string, match: RegExpExecArray) => boolean;
  /**
   * True where a match need not pass the rule's token gates (its prefixes, case-sensitive): the AWS
   * secret access key is found by its key name, a Slack webhook URL in any case. A file that passes
   * only the keyword gates is searched for these alone.
   */
  readonly outsideTokenGates?: true;
}

/** AWS's documented example values, which secretlint ignores too. */
const AWS_EXAMPLES = new Set(['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']);

/** Random keys mix cases and digits; a kebab-case name after `sk-` does not. */
function looksRandom(value: string): boolean {
  return /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value);
}

const GITHUB_KINDS: Record<string, string> = {
  ghp: 'GitHub personal access token',
  gho: 'GitHub OAuth access token',
  ghu: 'GitHub user-to-server token',
  ghs: 'GitHub server-to-server token',
  ghr: 'GitHub refresh token',
};

const SLACK_KINDS: Record<string, string> = {
  xoxb: 'Slack bot token',
  xoxp: 'Slack user token',
  xapp: 'Slack app token',
  xoxa: 'Slack workspace access token',
  xoxr: 'Slack refresh token',
  xoxo: 'Slack token',
};

const ANTHROPIC_KINDS: Record<string, string> = {
  api: 'Anthropic API key',
  admin: 'Anthropic admin API key',
  oat: 'Anthropic OAuth token',
  ort: 'Anthropic OAuth refresh token',
  sid: 'Anthropic session key',
};

/**
 * Token formats with a fixed prefix. `kind` may be refined per match (GitHub, Slack, Anthropic) by
 * {@link kindOf}. Boundaries are secretlint's: no letter right before, no token character right after.
 */
export const TOKEN_PATTERNS: readonly SecretPattern[] = [
  // secretlint-rule-github (CLASSIC_GITHUB_TOKEN_PATTERN, FINE_GRAINED_GITHUB_TOKEN_PATTERN)
  { kind: 'GitHub token', pattern: /(?<![\p{L}\d_])(?<value>(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36})(?![A-Za-z0-9_])/gu, gate: /gh[pousr]_/ },
  { kind: 'GitHub fine-grained personal access token', pattern: /(?<![\p{L}\d_])(?<value>github_pat_[A-Za-z0-9_]{82})(?![A-Za-z0-9_])/gu, gate: /github_pat_/ },
  // secretlint-rule-gitlab (GITLAB_PERSONAL_ACCESS_TOKEN_PATTERN)
  { kind: 'GitLab personal access token', pattern: /(?<![\p{L}\d_])(?<value>glpat-[A-Za-z0-9_-]{20,128})(?![A-Za-z0-9_-])/gu, gate: /glpat-/ },
  // secretlint-rule-slack (SLACK_TOKEN_PATTERN, IncomingWebhooksPattern)
  { kind: 'Slack token', pattern: /\b(?<value>(?:xoxb|xoxp|xapp|xoxa|xoxo|xoxr)-(?:\d-)?(?:[a-zA-Z0-9]{1,40}-)+[a-zA-Z0-9]{1,40})\b/g, gate: /x(?:ox[bpaor]|app)-/ },
  { kind: 'Slack incoming webhook URL', pattern: /(?<value>https:\/\/hooks\.slack\.com\/services\/T[a-zA-Z0-9]{1,40}\/B[a-zA-Z0-9]{1,40}\/[a-zA-Z0-9]{1,40})/gi, gate: /hooks\.slack\.com\/services\//i, outsideTokenGates: true },
  // secretlint-rule-aws: access key IDs (its enableIDScanRule, off there because an ID alone grants
  // nothing; in a memory it is still a credential half worth flagging) and secret access keys.
  {
    kind: 'AWS access key ID',
    pattern: /\b(?<value>(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16})\b/g,
    gate: /A(?:3T|KIA|GPA|IDA|ROA|IPA|NPA|NVA|SIA)/,
    accept: (value) => !AWS_EXAMPLES.has(value),
  },
  {
    kind: 'AWS secret access key',
    pattern: /["']?(?:AWS|aws|Aws)?_?(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)["']?\s*(?::|=>|=)\s*["']?(?<value>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/g,
    gate: /(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)/,
    outsideTokenGates: true,
    accept: (value) => !AWS_EXAMPLES.has(value),
  },
  // secretlint-rule-anthropic, widened to admin, OAuth (Claude Code's own sign-in) and session keys and
  // to keys cut short: a truncated key pasted into a note is still one.
  { kind: 'Anthropic key', pattern: /(?<![\p{L}\d_-])(?<value>sk-ant-(?:api|admin|oat|ort|sid)\d{2}-[A-Za-z0-9_-]{20,})/gu, gate: /sk-ant-/ },
  // secretlint-rule-openai matches only keys carrying OpenAI's T3BlbkFJ marker; project, service-account
  // and other providers' `sk-` keys lack it, so any long random `sk-` key counts.
  {
    kind: 'OpenAI-style API key',
    pattern: /(?<![\p{L}\d_-])(?<value>sk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})(?![A-Za-z0-9_-])/gu,
    gate: /sk-/,
    accept: (value) => looksRandom(value.replace(/^sk-(?:proj-|svcacct-|admin-)?/, '')),
  },
  // gitleaks gcp-api-key (secretlint's gcp rule covers service-account files only)
  { kind: 'Google API key', pattern: /(?<![A-Za-z0-9_-])(?<value>AIza[0-9A-Za-z_-]{35})(?![A-Za-z0-9_-])/g, gate: /AIza/ },
  // secretlint-rule-npm (NPM_ACCESS_TOKEN_PATTERN)
  { kind: 'npm access token', pattern: /(?<![\p{L}\d_])(?<value>npm_[A-Za-z0-9]{36})(?![A-Za-z0-9_])/gu, gate: /npm_/ },
  // secretlint-rule-huggingface
  { kind: 'Hugging Face access token', pattern: /(?<![\p{L}\d_])(?<value>hf_[a-zA-Z]{34})(?![a-zA-Z])/gu, gate: /hf_/ },
  // secretlint-rule-groq
  { kind: 'Groq API key', pattern: /(?<![\p{L}\d_])(?<value>gsk_[a-zA-Z0-9]{52})(?![a-zA-Z0-9])/gu, gate: /gsk_/ },
  // gitleaks stripe-access-token
  {
    kind: 'Stripe secret key',
    pattern: /(?<![\p{L}\d_])(?<value>(?:sk|rk)_(?:live|test|prod)_[a-zA-Z0-9]{10,99})(?![a-zA-Z0-9])/gu,
    gate: /[sr]k_(?:live|test|prod)_/,
    accept: (value) => looksRandom(value.slice(8)),
  },
  // secretlint-rule-sendgrid (69 characters)
  { kind: 'SendGrid API key', pattern: /(?<![\p{L}\d_])(?<value>SG\.[\w-]{22}\.[\w-]{43})(?![\w-])/gu, gate: /SG\./ },
  // secretlint-rule-docker, -notion, -linear, -figma, -vercel, -databricks, -hashicorp-vault, -1password, -grafana, -shopify
  { kind: 'Docker personal access token', pattern: /(?<![\p{L}\d_])(?<value>dckr_pat_[a-zA-Z0-9_-]{27})(?![a-zA-Z0-9_-])/gu, gate: /dckr_pat_/ },
  { kind: 'Notion integration token', pattern: /(?<![\p{L}\d_])(?<value>ntn_[0-9]{11}[A-Za-z0-9]{35})(?![A-Za-z0-9])/gu, gate: /ntn_/ },
  { kind: 'Linear API key', pattern: /(?<![\p{L}\d_])(?<value>lin_api_[a-zA-Z0-9_]{32,128})(?![a-zA-Z0-9_])/gu, gate: /lin_api_/ },
  { kind: 'Figma access token', pattern: /(?<![\p{L}\d_])(?<value>figd_[A-Za-z0-9_-]{40,200})(?![A-Za-z0-9_-])/gu, gate: /figd_/ },
  { kind: 'Vercel token', pattern: /(?<![\p{L}\d_])(?<value>(?:vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60})(?![A-Za-z0-9])/gu, gate: /vc[pickar]_/ },
  { kind: 'Databricks access token', pattern: /(?<![\p{L}\d_])(?<value>dapi[A-Fa-f0-9]{32}(?:-[0-9])?)(?![A-Fa-f0-9])/gu, gate: /dapi/ },
  { kind: 'HashiCorp Vault token', pattern: /(?<![\p{L}\d_])(?<value>hv[sbr]\.[A-Za-z0-9_-]{90,300})(?![A-Za-z0-9_-])/gu, gate: /hv[sbr]\./ },
  { kind: '1Password service account token', pattern: /(?<![\p{L}\d_])(?<value>ops_ey[A-Za-z0-9+/=]{100,1280})(?![A-Za-z0-9+/=])/gu, gate: /ops_ey/ },
  { kind: 'Grafana token', pattern: /(?<![\p{L}\d_])(?<value>glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})(?![A-Za-z0-9+/=])/gu, gate: /gl(?:c|sa)_/ },
  { kind: 'Shopify access token', pattern: /(?<![\p{L}\d_])(?<value>(?:shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64})(?![a-zA-Z0-9])/gu, gate: /shp(?:pa|ca|at|ss)_/ },
  // gitleaks jwt: a signed-in session or API token.
  {
    kind: 'JSON Web Token',
    pattern: /\b(?<value>ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9\/\\_-]{17,}\.(?:[a-zA-Z0-9\/\\_-]{10,}={0,2})?)(?![a-zA-Z0-9\/\\_=-])/g,
    gate: /ey[a-zA-Z0-9]{17}/,
    // jwt.io's example token, quoted in every tutorial, signs nothing.
    accept: (value) => !value.endsWith('.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'),
  },
];

/** The message kind for one match, where a prefix says more than the pattern's kind. */
export function kindOf(pattern: SecretPattern, value: string): string {
  if (pattern.kind === 'GitHub token') return GITHUB_KINDS[value.slice(0, 3)] ?? pattern.kind;
  if (pattern.kind === 'Slack token') return SLACK_KINDS[value.slice(0, 4)] ?? pattern.kind;
  if (pattern.kind === 'Anthropic key') return ANTHROPIC_KINDS[/^sk-ant-([a-z]+)/.exec(value)?.[1] ?? ''] ?? pattern.kind;
  return pattern.kind;
}

/**
 * secretlint-rule-privatekey's PEM_CONTENT_PATTERN, keeping its header forms and Base64 check but not its
 * 100-character minimum or its ASN.1 magic bytes: a memory may hold a key cut short, and PGP blocks do
 * not start with them. `value` is the key body between the markers, what a redaction replaces. The
 * blanks after the BEGIN marker are taken whole, `(?=([ \t]*))\1`: handing them back to the body one by
 * one retried the body's 20,000 characters from each (a marker and a long run of blanks took minutes),
 * and a body that only grows long enough with blanks in it is under 16 characters of key material.
 */
export const PRIVATE_KEY = /-----BEGIN[ ]?(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?=([ \t]*))\1(?:\r?\n|\\n)?(?<value>[^-]{16,20000}?)(?:\r?\n|\\n)?-----END[ ]?(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;

/** A BEGIN marker with key lines and no END marker: a key pasted in part. Whole lines of Base64, padding only at the end. */
export const PRIVATE_KEY_UNTERMINATED =
  /-----BEGIN[ ]?(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[ \t]*(?:\r?\n|\\n)(?<value>(?:[A-Za-z0-9+/]{16,}(?:\r?\n|\\n))*[A-Za-z0-9+/]{16,}={0,2})(?=\r?\n|\\n|$)/g;

/** Whether a private key block's body holds key material rather than "..." or "<redacted>". */
export function isKeyMaterial(body: string): boolean {
  // Armor headers (Proc-Type:, Version:) are not key material; JSON-escaped line breaks are line breaks.
  const base64 = body
    .replace(/\\n/g, '\n')
    .split(/\r?\n/)
    .filter((line) => !line.includes(':'))
    .join('')
    .replace(/\s/g, '');
  return base64.length >= 16 && /^[A-Za-z0-9+/]+=*$/.test(base64);
}

/**
 * secretlint-rule-basicauth's URL_PATTERN and secretlint-rule-database-connection-string's URI
 * patterns in one: `scheme://user:password@host`. `value` is the password, what a redaction replaces.
 */
export const URL_CREDENTIALS =
  /\b(?<scheme>https?|ftps?|postgres(?:ql)?|mysqlx?|mongodb(?:\+srv)?|redis|rediss|amqps?):\/\/(?<user>[^\s:@\/]{0,100}):(?<value>[^\s@\/]{1,200})@(?<host>[^\s\/?#]{1,100})/gi;

/** secretlint-rule-basicauth's placeholder words and variable forms, used for every value. */
const PLACEHOLDER_WORDS = new Set([
  'password', 'mypassword', 'passwd', 'pass', 'secret', 'token', 'apikey', 'api_key', 'key', 'changeme', 'change_me', 'example',
  'dummy', 'placeholder', 'redacted', 'hidden', 'masked', 'none', 'null', 'nil', 'undefined', 'true', 'false', 'yes', 'no',
  'todo', 'tbd', 'n/a', 'empty', 'required', 'optional', 'string', 'username', 'user', 'localhost', 'your_password', 'your_password_here',
]);

/** Whether a value is a stand-in: `<redacted>`, `***`, `xxx`, `${ENV}`, `{{var}}`, `%VAR%`, `$VAR`, `your-key`, `...`. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (PLACEHOLDER_WORDS.has(v.toLowerCase())) return true;
  return (
    /^<[^<>]*>$/.test(v) ||
    /^\[[^\[\]]*\]$/.test(v) ||
    /^[*xX•·.…_\-#?]+$/.test(v) ||
    /\$\{[^}]{0,80}\}|\{\{[^}]{0,80}\}\}|^\{[^}]{0,80}\}$|%[A-Za-z_]{1,40}%|^\$[A-Za-z_][A-Za-z0-9_]*$/.test(v) ||
    // A template cut at its first space, as a bare value is: `${{ secrets.TOKEN }}`, `{{ vault_pw }}`, `<%= pw %>`.
    /^(?:\$\{|\{\{|\$\(|<%|%\()/.test(v) ||
    /^(?:your|insert|replace|enter)(?:[-_ A-Z]|$)/i.test(v) ||
    /^my[-_]?(?:password|pass|secret|token|key|api[-_]?key)$/i.test(v) ||
    /(?:\.\.\.|…|\*{3,}|x{4,})/i.test(v) ||
    /(?:process\.env|os\.environ|getenv|ENV\[|secrets\.|vault:|op:\/\/|keychain)/i.test(v)
  );
}
