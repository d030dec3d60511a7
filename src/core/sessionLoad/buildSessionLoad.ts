import { parseFrontmatter } from '../frontmatter';
import { loadedContent, measureIndexLoad } from '../indexLoad';
import { LineIndex } from '../lineIndex';
import { MAX_PINNED } from '../memoryShape';
import { findImports, isInside, resolveImport } from './imports';
import { sizeOf } from './measure';
import type { PartKind, SessionEntry, SessionInput, SessionLoad, SessionPart, SessionTotals, SourceFile, TextSize } from './types';

/**
 * How many `@path` hops Claude Code follows from the file it looked for: "a maximum depth of five
 * hops" (memory docs; 5 in every release documented since imports came in 0.2.107).
 */
export const MAX_IMPORT_HOPS = 5;

/** Claude Code's auto memory index limits (200 lines since auto memory; 25,000 characters since 2.1.83). */
export const INDEX_LIMITS = { maxLines: 200, maxChars: 25_000 } as const;

const INDEX_KINDS: ReadonlySet<PartKind> = new Set(['auto-index', 'team-index', 'agent-index']);
const RULE_KINDS: ReadonlySet<PartKind> = new Set(['user-rule', 'project-rule']);

/**
 * The parts of a session's start in Claude Code's load order. Each file loads once (a second sighting,
 * through a link or an import, is marked `duplicate`); a CLAUDE.md's imports follow it, depth first,
 * as Claude Code lists them after the file that names them.
 */
export function buildSessionLoad(input: SessionInput): SessionLoad {
  const sep = input.pathStyle === 'win32' ? '\\' : '/';
  // A second name for a file (through a link) is the same file: it loads once.
  const keyOf = (path: string): string => {
    const same = input.sameFile?.get(path) ?? path;
    return input.pathStyle === 'win32' ? same.toLowerCase() : same;
  };
  const loaded = new Set<string>();
  const parts: SessionPart[] = [];
  let pins = 0;

  const followImports = (importer: string, text: string, depth: number, chain: readonly string[]): void => {
    for (const { ref } of findImports(text)) {
      const target = resolveImport(ref, importer, input.homeDir, input.pathStyle);
      const base = { kind: 'import' as const, path: target, depth, importedFrom: importer, importRef: ref, ...(input.projectRoot !== undefined && !isInside(target, input.projectRoot, sep) ? { external: true } : {}) };
      if (depth > MAX_IMPORT_HOPS) {
        parts.push({ ...base, status: 'too-deep', ...EMPTY, text: '' });
        continue;
      }
      if (chain.includes(keyOf(target))) {
        parts.push({ ...base, status: 'cycle', ...EMPTY, text: '' });
        continue;
      }
      if (loaded.has(keyOf(target))) {
        parts.push({ ...base, status: 'duplicate', ...EMPTY, text: '' });
        continue;
      }
      const file = input.files.get(target);
      if (file?.text === undefined) {
        parts.push({ ...base, status: 'missing', ...EMPTY, text: '', problem: file?.problem ?? 'missing' });
        continue;
      }
      loaded.add(keyOf(target));
      const body = loadedText(file.text);
      parts.push({ ...base, status: 'loaded', ...sizeOf(body), text: body });
      followImports(target, body, depth + 1, [...chain, keyOf(target)]);
    }
  };

  for (const entry of input.entries) {
    const file = input.files.get(entry.path);
    if (file === undefined || (file.text === undefined && file.problem === 'missing')) continue;
    if (loaded.has(keyOf(entry.path))) continue;
    const common = { kind: entry.kind, path: entry.path, depth: 0, ...(entry.agent !== undefined ? { agent: entry.agent } : {}) };
    if (file.text === undefined) {
      parts.push({ ...common, status: 'missing', ...EMPTY, text: '', problem: file.problem ?? 'unreadable' });
      continue;
    }
    loaded.add(keyOf(entry.path));
    if (INDEX_KINDS.has(entry.kind)) {
      parts.push(indexPart(common, { ...file, text: file.text }, entry, input));
      continue;
    }
    const body = loadedText(file.text);
    if (entry.disabledBy) {
      parts.push({ ...common, status: 'disabled', disabledBy: entry.disabledBy, ...sizeOf(body), text: body });
      continue;
    }
    if (RULE_KINDS.has(entry.kind)) {
      const globs = ruleGlobs(file.text);
      if (globs) {
        parts.push({ ...common, status: 'conditional', globs, ...sizeOf(body), text: body });
        continue;
      }
    }
    if (entry.kind === 'pinned') {
      pins++;
      parts.push({ ...common, status: pins > MAX_PINNED ? 'over-pin-limit' : 'loaded', ...sizeOf(body), text: body });
      continue;
    }
    parts.push({ ...common, status: 'loaded', ...sizeOf(body), text: body });
    followImports(entry.path, body, 1, [keyOf(entry.path)]);
  }
  return summarize(parts);
}

const EMPTY: TextSize = { chars: 0, lines: 0, tokens: 0 };

/** What Claude Code injects of a CLAUDE.md, rule or memory: without frontmatter and block HTML comments (2.1.72), trimmed. */
function loadedText(source: string): string {
  return loadedContent(source.replace(/\r\n?/g, '\n')).text.trim();
}

function indexPart(common: Pick<SessionPart, 'kind' | 'path' | 'depth' | 'agent'>, file: SourceFile & { text: string }, entry: SessionEntry, input: SessionInput): SessionPart {
  const source = file.text.replace(/\r\n?/g, '\n');
  const measure = measureIndexLoad(source, input.indexLimits ?? INDEX_LIMITS);
  const visible = loadedContent(source);
  const whole = visible.text.trim();
  let kept = whole;
  let cut: SessionPart['cut'];
  if (measure.cut) {
    const keptSource = loadedContent(source.slice(0, measure.cut.offset)).text.trim();
    const rest = loadedContent('\n' + source.slice(measure.cut.offset)).text.trim();
    kept = keptSource;
    cut = { ...sizeOf(rest), text: rest, limit: measure.cut.limit };
  }
  const disabled = entry.disabledBy ? { status: 'disabled' as const, disabledBy: entry.disabledBy } : { status: 'loaded' as const };
  return { ...common, ...disabled, ...sizeOf(kept), text: kept, ...(cut ? { cut } : {}) };
}

/** The `paths:` globs of a rule (a YAML list since 2.1.84, a comma-separated string before), or undefined when it always applies. */
export function ruleGlobs(text: string): string[] | undefined {
  const front = parseFrontmatter(text.replace(/^\uFEFF/, ''), new LineIndex(text));
  const paths = front.status === 'ok' ? front.data['paths'] : undefined;
  const list = typeof paths === 'string' ? paths.split(',') : Array.isArray(paths) ? paths.filter((item): item is string => typeof item === 'string') : [];
  const globs = list.map((glob) => glob.trim()).filter((glob) => glob !== '');
  return globs.length > 0 ? globs : undefined;
}

function summarize(parts: SessionPart[]): SessionLoad {
  const add = (into: Map<string, MutableTotals>, key: string, size: TextSize): void => {
    const totals = into.get(key) ?? { chars: 0, lines: 0, tokens: 0, files: 0 };
    totals.chars += size.chars;
    totals.lines += size.lines;
    totals.tokens += size.tokens;
    totals.files++;
    into.set(key, totals);
  };
  const sums = new Map<string, MutableTotals>();
  const agents = new Map<string, MutableTotals>();
  for (const part of parts) {
    if (part.status === 'loaded') {
      if (part.agent !== undefined) add(agents, part.agent, part);
      else add(sums, 'main', part);
    }
    if (part.status === 'conditional') add(sums, 'conditional', part);
    if (part.cut && part.status === 'loaded' && part.agent === undefined) add(sums, 'cut', part.cut);
  }
  const zero: SessionTotals = { chars: 0, lines: 0, tokens: 0, files: 0 };
  return { parts, totals: sums.get('main') ?? zero, cut: sums.get('cut') ?? zero, conditional: sums.get('conditional') ?? zero, agents };
}

interface MutableTotals {
  chars: number;
  lines: number;
  tokens: number;
  files: number;
}
