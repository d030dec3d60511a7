import type { Range } from '../../types';

/**
 * Ranges that problems were made with lately, one per slot of a small table: problems of different
 * files often stand at the same place (every memory's name on line 1 from character 6, a link at the
 * same spot of files written from one template), and a range is three objects, so problems at one
 * place share one range rather than hold a copy each. Ranges are never changed once made, and a
 * shared one holds the same positions, so nothing a consumer reads differs. The table is bounded: at
 * most SLOTS ranges stay held after their problems are gone.
 */
const SLOTS_LOG2 = 13;
const held: (Range | undefined)[] = new Array<Range | undefined>(1 << SLOTS_LOG2).fill(undefined);

/** `range`, or an earlier range with the same positions. */
export function sharedRange(range: Range): Range {
  const { start, end } = range;
  let h = Math.imul(start.line ^ 0x5bd1e995, 0x9e3779b1);
  h = Math.imul(h ^ start.character, 0x85ebca6b);
  h = Math.imul(h ^ end.line, 0xc2b2ae35);
  h = Math.imul(h ^ end.character, 0x27d4eb2f);
  const slot = (h ^ (h >>> 15)) >>> (32 - SLOTS_LOG2);
  const found = held[slot];
  if (found !== undefined && found.start.line === start.line && found.start.character === start.character && found.end.line === end.line && found.end.character === end.character) return found;
  held[slot] = range;
  return range;
}
