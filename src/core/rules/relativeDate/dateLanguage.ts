import type { CalendarDate } from '../../types';
import type { DateMention } from './mention';

/**
 * A language whose relative dates a table of its own finds (one file per language): the search every
 * file passes first (its letters, then its words), and the finder behind it. The rule's gates and its
 * table finder are built from the list of them, so a new language is one file and one list entry.
 */
export interface DateLanguage {
  readonly name: string;
  readonly gate: { test(text: string): boolean };
  readonly findMentions: (prose: string, reference: CalendarDate) => DateMention[];
}
