import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatText, type Text } from '../core';

/**
 * Sentences the server shows, in the client's language: the extension's l10n bundles are keyed by the
 * English template, and core's sentences and the server's own use the same templates, so one bundle
 * serves both. Without a bundle for the language (or beside the server, as in the npm package), English.
 */
let bundle: Readonly<Record<string, string>> = {};

/** Where the bundles are: beside dist/ in the repository and the extension, or above out/src/lsp when compiled for tests. */
const BUNDLE_FOLDERS = [join(__dirname, '..', 'l10n'), join(__dirname, '..', '..', '..', 'l10n')];

/** The client's `locale` from `initialize` (`ko`, `ja-JP`); anything else, or none, keeps English. */
export function useLocale(locale: string | undefined): void {
  bundle = {};
  const language = locale?.toLowerCase().split(/[-_]/)[0];
  if (!language || language === 'en' || !/^[a-z]{2,3}$/.test(language)) return;
  for (const folder of BUNDLE_FOLDERS) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(join(folder, `bundle.l10n.${language}.json`), 'utf8'));
      if (typeof parsed === 'object' && parsed !== null) {
        bundle = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
        return;
      }
    } catch {
      // Not there, or not a bundle: the next folder, else English.
    }
  }
}

export function t(template: string, ...args: (string | number)[]): string {
  return formatText({ template: bundle[template] ?? template, args });
}

/** A sentence core made, in the client's language. */
export function localized(text: Text | undefined, english: string): string {
  return text ? t(text.template, ...text.args) : english;
}
