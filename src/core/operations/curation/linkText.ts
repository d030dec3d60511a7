import type { MemoryLink } from '../../wikiLinks';

/**
 * What a `[[link]]` reads as in prose once it no longer links: its alias (`[[a|the a memory]]`), else
 * its target as written. Used when a person chooses to unlink the backlinks of a deleted memory.
 */
export function plainTextOfLink(text: string, link: MemoryLink, offsetOf: (position: MemoryLink['range']['start']) => number): string {
  const inner = text.slice(offsetOf(link.range.start) + 2, offsetOf(link.range.end) - 2);
  const bar = inner.indexOf('|');
  if (bar >= 0 && inner.slice(bar + 1).trim() !== '') return inner.slice(bar + 1).trim();
  return link.target;
}
