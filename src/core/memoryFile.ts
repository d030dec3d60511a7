import { parseFrontmatter, type FieldLocation, type Frontmatter } from './frontmatter';
import { LineCursor } from './lineCursor';
import { findLinks, type MemoryLink } from './wikiLinks';
import { fileStem } from './rootPath';
import type { RootPath } from './types';

/** Where a file keeps its `type`: Claude Code's current shape nests it under `metadata`. */
export type TypeLocation = 'top-level' | 'metadata';

/** One memory file, parsed. Immutable: an edit produces a new one. */
export interface MemoryFile {
  readonly path: RootPath;
  /** File name without `.md`. */
  readonly stem: string;
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly type: string | undefined;
  readonly typeLocation: TypeLocation | undefined;
  readonly frontmatter: Frontmatter;
  readonly links: readonly MemoryLink[];
  readonly hasBom: boolean;
  readonly eol: '\n' | '\r\n';
  /** Number of lines, for ranges at the end of the file. */
  readonly lineCount: number;
  /**
   * The text without its BOM. Held so rules (dates, secrets, near-duplicates) and edits never go back
   * to the disk or re-read what the store already has; 20,000 memories are about 25 MB.
   */
  readonly text: string;
}

/**
 * Parses a memory file's text. A leading BOM is noted and skipped: positions and offsets are those of
 * the text after it. Never throws: broken input becomes a `frontmatter.status` of `invalid`.
 */
export function parseMemoryFile(path: RootPath, text: string): MemoryFile {
  const hasBom = text.charCodeAt(0) === 0xfeff;
  // Positions count from after the BOM, as an editor shows the text.
  const content = hasBom ? text.slice(1) : text;
  // Keys and links are found in order, so a cursor walking forward places them without a table of line starts.
  const lines = new LineCursor(content);
  const frontmatter = parseFrontmatter(content, lines);
  const data = frontmatter.data;
  const metadata = isRecord(data.metadata) ? data.metadata : undefined;
  const topType = scalarString(data.type);
  const nestedType = metadata ? scalarString(metadata.type) : undefined;
  return {
    path,
    stem: fileStem(path),
    name: scalarString(data.name),
    description: scalarString(data.description),
    type: topType ?? nestedType,
    typeLocation: topType !== undefined || 'type' in data ? 'top-level' : metadata && 'type' in metadata ? 'metadata' : undefined,
    frontmatter,
    links: held(findLinks(content, frontmatter.bodyStart, lines)),
    hasBom,
    eol: detectEol(content),
    lineCount: lines.lineCount,
    text: content,
  };
}

/** The name a person would recognise the memory by. */
export function displayName(memory: MemoryFile): string {
  return memory.name ?? memory.stem;
}

export function fieldLocation(memory: MemoryFile, key: string): FieldLocation | undefined {
  return memory.frontmatter.fields.get(key);
}

const NO_LINKS: readonly MemoryLink[] = Object.freeze([]);

/**
 * The links as the store keeps them: most memories have none, and share one empty list; an array grown
 * by push reserves room for 17 links, 150 bytes where one link needs 24.
 */
function held(links: MemoryLink[]): readonly MemoryLink[] {
  return links.length === 0 ? NO_LINKS : links.slice();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Numbers and booleans are accepted as text (`name: 2026` is still a name); empty strings are absent. */
function scalarString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function detectEol(text: string): '\n' | '\r\n' {
  const lf = text.indexOf('\n');
  return lf > 0 && text.charCodeAt(lf - 1) === 13 ? '\r\n' : '\n';
}
