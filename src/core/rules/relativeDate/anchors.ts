import type { MemoryFile } from '../../memoryFile';
import type { RootPath } from '../../types';
import { fileNameDay } from './absoluteDates';
import { parseIsoDate } from './calendar';
import type { CalendarDate } from '../../types';

/** Frontmatter keys that date a memory, most specific first: the day its relative dates count from. */
export const RELATIVE_DATE_ANCHOR_KEYS: readonly string[] = [
  'modified', 'metadata.modified', 'date', 'metadata.date', 'updated', 'metadata.updated', 'created', 'metadata.created',
];

/**
 * Where the day a relative date counts from came from, most trusted first. All but `modified-time`
 * come from the text or its history; the file's modification time is the last checkout or copy as
 * often as the writing, so a fix counted from it is only a guess. `typed` is words the editor saw
 * being typed (a {@link TypedSpan} of a line's record): their day is known, not guessed.
 */
export type AnchorSource = 'section' | 'file-name' | 'frontmatter' | 'index-entry' | 'history' | 'typed' | 'modified-time';

export interface DateAnchor {
  readonly day: CalendarDate;
  readonly source: AnchorSource;
  /** The frontmatter key, for `frontmatter`. */
  readonly key?: string;
}

export type UtcOffset = (epochMs: number) => number;

/** The day a memory itself says it was written: a date in its file name, then its frontmatter's date keys. */
export function statedAnchor(path: RootPath, memory: MemoryFile | undefined, offset: UtcOffset): DateAnchor | undefined {
  const named = fileNameDay(path);
  if (named) return { day: named, source: 'file-name' };
  if (memory?.frontmatter.status !== 'ok') return undefined;
  for (const key of RELATIVE_DATE_ANCHOR_KEYS) {
    const day = dayOf(valueAt(memory.frontmatter.data, key), offset);
    if (day) return { day, source: 'frontmatter', key };
  }
  return undefined;
}

/**
 * What of a memory its relative dates, and MEMORY.md's line for it, count from: the values of
 * {@link RELATIVE_DATE_ANCHOR_KEYS}, or undefined without a memory or readable frontmatter. Equal
 * values mean equal anchors, so a change that keeps them need not re-check MEMORY.md.
 */
export function relativeDateAnchorData(memory: MemoryFile | undefined): unknown[] | undefined {
  if (memory?.frontmatter.status !== 'ok') return undefined;
  const data = memory.frontmatter.data;
  return RELATIVE_DATE_ANCHOR_KEYS.map((key) => valueAt(data, key));
}

export function localOffset(epochMs: number): number {
  return -new Date(epochMs).getTimezoneOffset();
}

/** The calendar day of an instant in a zone `offset` minutes east of UTC. */
export function localDay(epochMs: number, offset: UtcOffset): CalendarDate {
  const shifted = new Date(epochMs + offset(epochMs) * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function valueAt(data: Readonly<Record<string, unknown>>, dotted: string): unknown {
  let value: unknown = data;
  for (const part of dotted.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** A timestamp with a zone (Claude Code writes UTC) becomes the local day it was written on; a bare date is taken as written. */
function dayOf(value: unknown, offset: UtcOffset): CalendarDate | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : localDay(value.getTime(), offset);
  if (typeof value !== 'string') return undefined;
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return undefined;
  const date = parseIsoDate(match[1]);
  if (!date || !match[2]) return date;
  const zone = match[2].toUpperCase() === 'Z' ? 'Z' : match[2].replace(/^([+-]\d{2}):?(\d{2})?$/, (_z, h: string, m?: string) => `${h}:${m ?? '00'}`);
  const instant = Date.parse(value.trim().replace(/\s*(Z|z|[+-]\d{2}(?::?\d{2})?)$/, '').replace(/[t ]/, 'T') + zone);
  return Number.isNaN(instant) ? date : localDay(instant, offset);
}
