import { formatText, type Text } from '../core';

/**
 * Sentences the server shows. For now in English: core's templates are the keys of the extension's
 * l10n bundles, so a translation can be plugged in here without touching any feature.
 */
export function t(template: string, ...args: (string | number)[]): string {
  return formatText({ template, args });
}

/** A sentence core made, in the display language. */
export function localized(text: Text | undefined, english: string): string {
  return text ? t(text.template, ...text.args) : english;
}
