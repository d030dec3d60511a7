/**
 * Whether a value after `password:`, `api_key=` or `token:` could be the credential itself. Notes name
 * their secrets far more often than they hold them (`x-webhook-secret: NOTION_WEBHOOK_SECRET`,
 * `token: ${GITHUB_TOKEN}`, `secret: worker-binding-name`), and a false `secret` error fails CI, so a
 * value must have the shape of a credential: generated keys mix digits and letters or cases the way
 * words and identifiers do not; people's passwords at least carry a digit or a symbol.
 */

/** An environment variable or constant: NOTION_WEBHOOK_SECRET, SMTP_PASSWORD, GITHUB_TOKEN. */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** One upper-case word naming a credential: TOKEN, APIKEY, PASSWORD. */
const CREDENTIAL_WORD = /^[A-Z]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD)[A-Z]*$/;
/** camelCase or PascalCase words: apiKey, stripeSecretKey, WebhookSecret. */
const CASED_WORDS = /^[a-z]+(?:[A-Z][a-z]+)+$|^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/;
/** Lower-case words joined, with small numbers: worker-binding-name, rotated-daily, valid-for-30-days. */
const JOINED_WORDS = /^[a-z]+(?:[-_.](?:[a-z]+|\d{1,4}))+$/;
/** A property path: env.STRIPE_KEY, c.env.HOLIDAY_API_KEY, config.apiKey, secrets.GH_TOKEN. */
const PROPERTY_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}/;
/** Hangul, kana and kanji: an unquoted value running into them is prose (`1Password에`, `.env에서`). */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

/** Where people keep secrets: a value naming one says where the secret is, not what it is. */
const SECRET_STORES = new Set([
  '1password', 'bitwarden', 'lastpass', 'keepass', 'keepassxc', 'dashlane', 'doppler', 'vault', 'keychain', 'infisical',
  'sops', 'gopass', 'ssm', 'kms', 'wrangler', 'github-secrets', 'secrets-manager', 'secretsmanager', 'parameter-store',
]);

/** Whether `value` names a secret (a variable, a property, a store) rather than being one. */
export function namesASecret(value: string): boolean {
  if (CONSTANT_NAME.test(value) || CREDENTIAL_WORD.test(value) || CASED_WORDS.test(value) || JOINED_WORDS.test(value)) return true;
  if (SECRET_STORES.has(value.toLowerCase())) return true;
  return PROPERTY_PATH.test(value) && value.split('.').every((part) => !isGeneratedPart(part));
}

/**
 * Whether `value` looks machine-generated, as API keys, tokens and client secrets are: long enough,
 * and its parts (split where separators are) switching between digits, lower and upper case at least
 * three times in all, or a long hexadecimal string. `abc123def456`, a UUID and `Zq8xV2mN5pL1kJ7h` do;
 * `v2-release-2026`, `gpt-4o-mini`, `cl100k_base` and `stripeSecretKey` do not.
 */
export function looksGenerated(value: string): boolean {
  if (value.length < 8 || DATE_OR_TIME.test(value)) return false;
  if (/^[0-9a-f-]{32,}$/i.test(value) && /\d/.test(value) && /[a-f]/i.test(value)) return true;
  let switches = 0;
  for (const part of value.split(/[^A-Za-z0-9]+/)) switches += classSwitches(part);
  return switches >= 3;
}

/**
 * Whether `value` could be a person's password: four characters or more, and, unless it was quoted
 * (`DB_PASSWORD: "correct horse battery"`), not a word or words alone: a digit or a symbol in it, or a
 * generated shape. Digits alone need six, so `password: 2026` is a year, not a PIN.
 */
export function couldBePassword(value: string, quoted: boolean): boolean {
  if (value.length < 4 || DATE_OR_TIME.test(value)) return false;
  if (/^\d+$/.test(value)) return value.length >= 6;
  if (quoted) return true;
  return /[\d!@#$%^&*+=?~]/.test(value) || looksGenerated(value);
}

/** Whether an unquoted value runs into prose in Korean or Japanese. */
export function runsIntoCjk(value: string): boolean {
  return CJK.test(value);
}

function isGeneratedPart(part: string): boolean {
  return classSwitches(part) >= 3 || (part.length >= 20 && /\d/.test(part));
}

/**
 * How often a run of characters switches between digits and letters, or from lower to upper case
 * (upper to lower is only a word's capital, as in camelCase).
 */
function classSwitches(part: string): number {
  let switches = 0;
  let previous = 0;
  for (let i = 0; i < part.length; i++) {
    const c = part.charCodeAt(i);
    const kind = c >= 48 && c <= 57 ? DIGIT : c >= 65 && c <= 90 ? UPPER : c >= 97 && c <= 122 ? LOWER : 0;
    if (kind === 0) continue;
    if (previous !== 0 && kind !== previous && !(previous === UPPER && kind === LOWER)) switches++;
    previous = kind;
  }
  return switches;
}

const DIGIT = 1;
const UPPER = 2;
const LOWER = 3;

/**
 * Whether a token found by its vendor prefix is a documentation stand-in: `ghp_` followed by
 * `xxxxxxxx...`, `AKIA` + `EXAMPLE`, `sk-...your-key`. A generated token has no run of six equal
 * characters and no English word of this kind.
 */
export function isExampleToken(value: string): boolean {
  return /(.)\1{5,}/.test(value) || /example|placeholder|dummy|sample|redacted|your|fake|\.\.\.|…|<|>|\*/i.test(value);
}
