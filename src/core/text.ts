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
  return { template, args };
}

// vscode.l10n.t leaves a template without arguments untouched and fills `{n}` only where argument n
// exists; core's templates hold no other braces, so this is its result for each of them.
const PLACEHOLDER = /\{(0|[1-9]\d*)\}/g;

/** The English sentence: each `{n}` replaced by argument n, as vscode.l10n.t fills an untranslated template. */
export function formatText(text: Text): string {
  if (text.args.length === 0) return text.template;
  return text.template.replace(PLACEHOLDER, (placeholder, index: string) => {
    const value = text.args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}
