import { bodyPreview, linkAt, linksTo, linksToReservation, memoryTitle, probableTarget, type MemoryFile, type MemoryLink, type MemoryStore, type Position, type Range, type RootPath } from '../core';

const PREVIEW_LINES = 6;

/** A memory as a hover or completion names it. */
export interface MemoryMention {
  readonly title: string;
  readonly path: RootPath;
}

/** What hovering a `[[link]]` tells, before a door words it (Markdown for the language server, a hover card in VS Code). */
export type LinkHover = { readonly range: Range } & (
  | {
      /** No memory answers: who reserves the name, and the existing memory it probably meant. */
      readonly kind: 'dangling';
      readonly target: string;
      /** The existing memory it probably meant, and the link text that would reach it. */
      readonly meant: (MemoryMention & { readonly newTarget: string }) | undefined;
      readonly reservedBy: number;
    }
  | { readonly kind: 'ambiguous'; readonly target: string; readonly candidates: readonly MemoryMention[] }
  | {
      readonly kind: 'memory';
      readonly memory: MemoryMention;
      readonly type: string | undefined;
      readonly description: string | undefined;
      /** The first lines of the body. */
      readonly preview: readonly string[];
      /** How many memories link to it. */
      readonly backlinks: number;
    }
);

/** The hover of the `[[link]]` at `position` among `links` (a document model's), if one is there. */
export function linkHover(store: MemoryStore, links: readonly MemoryLink[], position: Position): LinkHover | undefined {
  const link = linkAt(links, position);
  if (!link) return undefined;
  const resolution = store.resolveLink(link.target);
  const mention = (memory: MemoryFile): MemoryMention => ({ title: memoryTitle(store, memory), path: memory.path });
  if (resolution.status === 'dangling') {
    const meant = probableTarget(link.target, store);
    return {
      range: link.range,
      kind: 'dangling',
      target: link.target,
      meant: meant ? { title: memoryTitle(store, meant.candidate), path: meant.candidate.path, newTarget: meant.newTarget } : undefined,
      reservedBy: new Set(linksToReservation(store, link.target).map((occurrence) => occurrence.path)).size,
    };
  }
  if (resolution.status === 'ambiguous') return { range: link.range, kind: 'ambiguous', target: link.target, candidates: resolution.targets.map(mention) };
  const memory = resolution.targets[0];
  return {
    range: link.range,
    kind: 'memory',
    memory: mention(memory),
    type: memory.type,
    description: memory.description,
    preview: bodyPreview(memory, PREVIEW_LINES),
    backlinks: new Set(linksTo(store, memory).map((occurrence) => occurrence.path)).size,
  };
}
