import type { MemoryIndex } from './memoryIndex';
import type { MemoryStore } from './memoryStore';
import type { MemoryFile, TypeLocation } from './memoryFile';
import { baseName, fileStem } from './rootPath';
import type { RootPath } from './types';

/** The language a memory is written in, as far as new files' headings need to know. */
export type MemoryLanguage = 'en' | 'ko' | 'ja';

/** How a root writes things, so a new file looks like its neighbours. */
export interface RootConventions {
  /** The word separator in file names: `feedback_math.md` or `feedback-math.md`. */
  readonly fileSeparator: '_' | '-';
  /** Where `type` goes in the frontmatter. */
  readonly typeLocation: TypeLocation;
  readonly eol: '\n' | '\r\n';
  /** The dash between an index entry's link and its hook. */
  readonly indexDash: '—' | '–' | '-';
  /** The language most memories are written in: a new memory's headings are written in it. */
  readonly language: MemoryLanguage;
}

/**
 * The one majority vote on how a root's memories are written: file-name separator, frontmatter shape,
 * line ending and language. Counts can be taken back, so the problem engine keeps one current as files
 * change instead of recounting the root; ties and empty roots take Claude Code's own habits
 * (`feedback_math.md`, `metadata.type`, `\n`, English).
 */
export class ConventionTally {
  private underscore = 0;
  private hyphen = 0;
  private metadata = 0;
  private topLevel = 0;
  private crlf = 0;
  private lf = 0;
  private readonly languages: Record<MemoryLanguage, number> = { en: 0, ko: 0, ja: 0 };

  /** Counts `memory` in (`delta` 1) or back out (`delta` -1). */
  count(memory: MemoryFile, delta: 1 | -1): void {
    if (memory.stem.includes('_')) this.underscore += delta;
    else if (memory.stem.includes('-')) this.hyphen += delta;
    if (memory.typeLocation === 'metadata') this.metadata += delta;
    else if (memory.typeLocation === 'top-level') this.topLevel += delta;
    if (memory.lineCount > 1) {
      if (memory.eol === '\r\n') this.crlf += delta;
      else this.lf += delta;
    }
    const language = memoryLanguage(memory);
    if (language) this.languages[language] += delta;
  }

  fileSeparator(): '_' | '-' {
    return this.hyphen > this.underscore ? '-' : '_';
  }

  typeLocation(): TypeLocation {
    return this.topLevel > this.metadata ? 'top-level' : 'metadata';
  }

  eol(): '\n' | '\r\n' {
    return this.crlf > this.lf ? '\r\n' : '\n';
  }

  language(): MemoryLanguage {
    const { en, ko, ja } = this.languages;
    if (ko > en && ko >= ja) return 'ko';
    if (ja > en && ja > ko) return 'ja';
    return 'en';
  }
}

/** The majority of the root's files decides; see {@link ConventionTally}. */
export function rootConventions(store: MemoryStore): RootConventions {
  const tally = new ConventionTally();
  for (const memory of store.memories()) tally.count(memory, 1);
  return {
    fileSeparator: tally.fileSeparator(),
    typeLocation: tally.typeLocation(),
    eol: tally.eol(),
    indexDash: indexDash(store.index),
    language: tally.language(),
  };
}

// How much of a memory is read to tell its language: the description and the start of the body say it.
const LANGUAGE_SAMPLE = 2000;
const languageCache = new WeakMap<MemoryFile, MemoryLanguage | null>();

/**
 * The language a memory is written in: Korean where Hangul outweighs the rest, Japanese where kana
 * and kanji do, English where Latin letters do, and undefined with no letters at all. A Hangul
 * syllable, a kana or a kanji says about as much as three Latin letters, so Latin letters count a
 * third, and code and URLs not at all: `확인은 \`npm run test:unit\`로 한다` is Korean, `use the 한글
 * font in Word` English.
 */
export function memoryLanguage(memory: MemoryFile): MemoryLanguage | undefined {
  const cached = languageCache.get(memory);
  if (cached !== undefined) return cached ?? undefined;
  const body = memory.text.slice(memory.frontmatter.bodyStart, memory.frontmatter.bodyStart + LANGUAGE_SAMPLE);
  const language = languageOfText(`${memory.description ?? ''}\n${body}`);
  languageCache.set(memory, language ?? null);
  return language;
}

// Code and addresses are written in Latin letters whatever the language of the prose around them.
const NOT_PROSE = /`[^`]*`|\bhttps?:\/\/\S+/g;

function languageOfText(sample: string): MemoryLanguage | undefined {
  const text = sample.replace(NOT_PROSE, ' ');
  let hangul = 0;
  let japanese = 0;
  let kana = 0;
  let latin = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) latin++;
    } else if ((c >= 0xac00 && c <= 0xd7a3) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f)) {
      hangul++;
    } else if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0xff66 && c <= 0xff9f)) {
      kana++;
      japanese++;
    } else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf)) {
      japanese++;
    }
  }
  // Kanji alone, without kana, could be Chinese or Korean hanja: they count for Japanese only beside kana.
  if (kana === 0) japanese = 0;
  const english = latin / 3;
  if (hangul === 0 && japanese === 0 && latin === 0) return undefined;
  if (hangul >= japanese && hangul >= english && hangul > 0) return 'ko';
  if (japanese >= english && japanese > 0) return 'ja';
  return 'en';
}

// An index is immutable, and every unlisted memory's fix asks for the same one's dash: counted once
// per index, not once per memory (which made index-unlisted quadratic in a long MEMORY.md).
const dashes = new WeakMap<MemoryIndex, RootConventions['indexDash']>();

/** The dash most of MEMORY.md's entries put before their hook; `—` when none has one. */
export function indexDash(index: MemoryIndex | undefined): RootConventions['indexDash'] {
  if (!index) return '—';
  let dash = dashes.get(index);
  if (dash === undefined) dashes.set(index, (dash = countDashes(index)));
  return dash;
}

function countDashes(index: MemoryIndex): RootConventions['indexDash'] {
  const counts = new Map<string, number>();
  for (const entry of index.entries) {
    if (!entry.hookRange) continue;
    const between = entry.text.slice(entry.hrefRange.end.character, entry.hookRange.start.character);
    const dash = /[—–-]/.exec(between)?.[0];
    if (dash) counts.set(dash, (counts.get(dash) ?? 0) + 1);
  }
  let best: RootConventions['indexDash'] = '—';
  let bestCount = 0;
  for (const dash of ['—', '–', '-'] as const) {
    const count = counts.get(dash) ?? 0;
    if (count > bestCount) [best, bestCount] = [dash, count];
  }
  return best;
}

/**
 * The file name for a memory called `name`: its words joined the way the root joins them, so the
 * stem still folds to the name (`[[feedback-report-writing]]` -> `feedback_report_writing.md`).
 */
export function memoryFileName(name: string, separator: '_' | '-'): string {
  const stem = name.trim().replace(/\s+/g, separator).replace(separator === '_' ? /-/g : /_/g, separator);
  return `${stem}.md`;
}

/** The separator a file name already uses, or undefined when it has none. */
export function separatorOf(path: RootPath): '_' | '-' | undefined {
  const stem = fileStem(baseName(path));
  if (stem.includes('_')) return '_';
  if (stem.includes('-')) return '-';
  return undefined;
}
