import type { MemoryFile } from '../../memoryFile';
import type { IndexEntry } from '../../memoryIndex';
import { shorten } from '../../edits/shorten';
import { indexHref } from '../../edits/indexEntry';
import type { RootPath } from '../../types';

/** A hook a person can read on one line of the index: Claude Code shows it next to the title. */
export const HOOK_LENGTH = 150;

/**
 * The hook a description makes: one line, at most {@link HOOK_LENGTH} characters cut at a word
 * boundary, with brackets escaped so no text of it reads as a link (any link in MEMORY.md lists a memory).
 */
export function hookFromDescription(description: string): string {
  return escapeMarkdownBrackets(shorten(description.replace(/\s+/g, ' ').trim(), HOOK_LENGTH));
}

/** The hook of `memory`, or undefined when it has no description. */
export function memoryHook(memory: MemoryFile): string | undefined {
  return memory.description ? hookFromDescription(memory.description) : undefined;
}

/** `- [Title](path) — hook`, as the index writes entries. */
export function entryLine(title: string, path: RootPath, hook: string | undefined, dash: string, marker = '-'): string {
  return `${marker} [${title.replace(/[\\[\]]/g, '\\$&')}](${indexHref(path)})${hook ? ` ${dash} ${hook}` : ''}`;
}

/** The hook as a reader sees it: escapes undone. */
export function readHook(entry: IndexEntry): string | undefined {
  return entry.hook?.replace(/\\([\\[\]*_`])/g, '$1');
}

function escapeMarkdownBrackets(text: string): string {
  return text.replace(/[[\]]/g, '\\$&');
}
