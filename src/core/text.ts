/**
 * A sentence core shows to people, kept as an English template with `{0}`, `{1}` placeholders and the
 * values that fill them, so that an adapter can translate the template (VS Code's `l10n.t` takes the
 * same form, keyed by the English template) while the CLI prints the English {@link formatText}.
 * Arguments are data (names, paths, dates, counts), never words of the sentence: a sentence that
 * varies in its words is another template, so translators always get whole sentences.
 */
export interface Text {
  readonly template: string;
  readonly args: readonly (string | number)[];
}

/**
 * A {@link Text}. The template must be a string literal at the call: the localization test finds every
 * template by reading the calls, and requires a Korean and a Japanese translation of each.
 */
export function msg(template: string, ...args: (string | number)[]): Text {
  const held = lastByTemplate.get(template);
  if (held !== undefined && sameArgs(held.text.args, args)) return held.text;
  const text: Text = Object.freeze({ template, args: Object.freeze(args) });
  lastByTemplate.set(template, { text, formatted: undefined });
  return text;
}

/**
 * The last Text made of each template, and its English once formatted. A rule says the same sentence
 * for many files in a row (19,800 times "Listed in MEMORY.md, but past line 200" in a big root): they
 * share one frozen Text and one message string rather than holding a copy each. Templates are string
 * literals, so this holds one entry a template the code has.
 */
interface HeldText {
  readonly text: Text;
  formatted: string | undefined;
}

const lastByTemplate = new Map<string, HeldText>();

function sameArgs(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// vscode.l10n.t leaves a template without arguments untouched and fills `{n}` only where argument n
// exists; core's templates hold no other braces, so this is its result for each of them.

/** The English sentence: each `{n}` replaced by argument n, as vscode.l10n.t fills an untranslated template. */
export function formatText(text: Text): string {
  if (text.args.length === 0) return text.template;
  const held = lastByTemplate.get(text.template);
  if (held?.text !== text) return format(text);
  return (held.formatted ??= format(text));
}

function format(text: Text): string {
  const { template, args } = text;
  // A hand scan for `{n}` rather than replace() with a callback: every problem of a root formats its
  // message and its related locations' at check time, and the callback cost more than the rest of it.
  // The pieces are joined once, so the message held is one flat string, not a rope of slices.
  let parts: string[] | undefined;
  let copied = 0;
  for (let open = template.indexOf('{'); open >= 0; open = template.indexOf('{', open + 1)) {
    let end = open + 1;
    while (end < template.length && template.charCodeAt(end) >= 48 && template.charCodeAt(end) <= 57) end++;
    // A placeholder is `{0}` or `{n}` with no leading zero, as /\{(0|[1-9]\d*)\}/g reads them.
    if (end === open + 1 || template.charCodeAt(end) !== 125 || (template.charCodeAt(open + 1) === 48 && end > open + 2)) continue;
    const value = args[Number(template.slice(open + 1, end))];
    if (value === undefined) continue;
    (parts ??= []).push(template.slice(copied, open), String(value));
    copied = end + 1;
    open = end;
  }
  if (!parts) return template;
  parts.push(template.slice(copied));
  return parts.join('');
}
