import { parseFrontmatter } from '../frontmatter';
import { loadedContent, measureIndexLoad } from '../indexLoad';
import { LineIndex } from '../lineIndex';
import { scanPoisoning } from '../poison/poisonScan';
import { indexCutWarning, neutralizeIndexText } from './autoIndexText';
import { findImports, isInside, resolveImport } from './imports';
import { sourceLabel } from './labels';
import { sizeOf } from './measure';
import type { PartKind, SessionEntry, SessionInput, SessionLoad, SessionPart, SessionTotals, SourceFile, TextSize } from './types';
import { parseMemoryIndex } from '../memoryIndex';
import { namedAsTopicIndex } from '../topicIndex';

/**
 * How many `@path` hops Claude Code follows from the file it looked for. The memory docs say five;
 * running 2.1.328 shows four: the file a fourth import names loads, the one it names in turn is
 * dropped without a word.
 */
export const MAX_IMPORT_HOPS = 4;

/** Claude Code's auto memory index limits (200 lines since auto memory; 25,000 characters since 2.1.83). */
export const INDEX_LIMITS = { maxLines: 200, maxChars: 25_000 } as const;

const INDEX_KINDS: ReadonlySet<PartKind> = new Set(['auto-index', 'team-index', 'agent-index']);
const RULE_KINDS: ReadonlySet<PartKind> = new Set(['user-rule', 'project-rule']);
/** The files whose presence anywhere in the project's folders keeps every AGENTS.md from loading. */
const CLAUDE_MD_KINDS: ReadonlySet<PartKind> = new Set(['project', 'local']);
/** Files whose imports outside the project load only once the project approved external imports; the user's own files import anything. */
const ASKS_FOR_EXTERNAL: ReadonlySet<PartKind> = new Set(['project', 'project-rule', 'local', 'agents']);

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
  const claudeMd = input.entries.find((entry) => CLAUDE_MD_KINDS.has(entry.kind) && exists(input.files.get(entry.path)));

  const followImports = (importer: string, text: string, depth: number, chain: readonly string[], rootKind: PartKind): void => {
    for (const { ref } of findImports(text)) {
      const target = resolveImport(ref, importer, input.homeDir, input.pathStyle);
      const base = { kind: 'import' as const, path: target, depth, importedFrom: importer, importRef: ref, label: sourceLabel(rootKind), ...(input.projectRoot !== undefined && !isInside(target, input.projectRoot, sep) ? { external: true } : {}) };
      if (depth > MAX_IMPORT_HOPS) {
        parts.push({ ...base, status: 'too-deep', ...EMPTY, text: '' });
        continue;
      }
      if (base.external && ASKS_FOR_EXTERNAL.has(rootKind) && !input.externalImportsApproved) {
        parts.push({ ...base, status: 'needs-approval', ...EMPTY, text: '' });
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
      const leaves = ASKS_FOR_EXTERNAL.has(rootKind) && (base.external === true || (file.realPath !== undefined && input.projectRealRoot !== undefined && !isInside(file.realPath, input.projectRealRoot, sep)));
      parts.push({ ...base, status: 'loaded', ...sizeOf(body), text: body, ...(leaves ? { leavesProject: true as const } : {}) });
      followImports(target, body, depth + 1, [...chain, keyOf(target)], rootKind);
    }
  };

  for (const entry of input.entries) {
    const file = input.files.get(entry.path);
    if (file === undefined || (file.text === undefined && file.problem === 'missing')) continue;
    if (loaded.has(keyOf(entry.path))) continue;
    const common = { kind: entry.kind, path: entry.path, depth: 0, label: sourceLabel(entry.kind), ...(entry.agent !== undefined ? { agent: entry.agent } : {}) };
    if (file.text === undefined) {
      parts.push({ ...common, status: 'missing', ...EMPTY, text: '', problem: file.problem ?? 'unreadable' });
      continue;
    }
    if (entry.kind === 'agents' && claudeMd !== undefined) {
      parts.push({ ...common, status: 'not-loaded', notLoaded: { why: 'claude-md-present', by: claudeMd.path }, ...EMPTY, text: '' });
      continue;
    }
    if (entry.kind === 'team-index' && !input.teamStores) {
      parts.push({ ...common, status: 'not-loaded', notLoaded: { why: 'no-team-stores' }, ...EMPTY, text: '' });
      continue;
    }
    if (entry.kind === 'pinned') {
      parts.push({ ...common, status: 'not-loaded', notLoaded: { why: 'pinned' }, ...EMPTY, text: '' });
      continue;
    }
    loaded.add(keyOf(entry.path));
    if (INDEX_KINDS.has(entry.kind)) {
      const generated = entry.kind === 'auto-index' && input.generatedIndex !== undefined;
      parts.push({ ...indexPart(common, { ...file, text: file.text }, entry, input), ...(generated ? { generated: true as const } : {}) });
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
    parts.push({ ...common, status: 'loaded', ...sizeOf(body), text: body });
    followImports(entry.path, body, 1, [keyOf(entry.path)], entry.kind);
  }
  return summarize(parts.map(withPoison));
}

/**
 * Marks a part whose text, as Claude Code sends it, carries hidden text, markup imitating the agent's
 * channel or planted instructions: CLAUDE.md and its imports reach the model untouched, so what the
 * memory rules find in memories matters as much in the instruction stack.
 */
function withPoison(part: SessionPart): SessionPart {
  if (part.text === '') return part;
  const found = scanPoisoning(part.text);
  if (found.length === 0) return part;
  const poison: Record<string, number> = {};
  for (const finding of found) poison[finding.kind] = (poison[finding.kind] ?? 0) + 1;
  return { ...part, poison };
}

const EMPTY: TextSize = { chars: 0, lines: 0, tokens: 0 };

function exists(file: SourceFile | undefined): boolean {
  return file !== undefined && (file.text !== undefined || file.problem !== 'missing');
}

/**
 * What Claude Code injects of a CLAUDE.md, rule or import: without frontmatter and whole-line HTML
 * comments (2.1.72), trimmed. Line breaks stay as written unless the file holds a comment: the pass
 * that strips comments reads it as Markdown, which turns CR LF into LF (2.1.328, run).
 */
function loadedText(source: string): string {
  return loadedContent(source.includes('<!--') ? source.replace(/\r\n?/g, '\n') : source).text.trim();
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
  // The auto memory's index is neutralized and warned about (checked against the client); a subagent's
  // index reaches only its agent, where the stand-in cannot see it, so it is shown as written.
  let sent = kept;
  if (entry.kind === 'auto-index') {
    const limits = input.indexLimits ?? INDEX_LIMITS;
    sent = neutralizeIndexText(kept);
    if (cut) sent += `\n\n${indexCutWarning({ whole, kept, maxLines: limits.maxLines, maxChars: limits.maxChars })}`;
  }
  const disabled = entry.disabledBy ? { status: 'disabled' as const, disabledBy: entry.disabledBy } : { status: 'loaded' as const };
  const onDemand = topicIndexesLinked(kept);
  return { ...common, ...disabled, ...sizeOf(sent), text: sent, ...(cut ? { cut } : {}), ...(onDemand.length > 0 ? { readOnDemand: onDemand } : {}) };
}

/** The topic indexes a loaded index links, by name (their text is not read at start, so it is not asked for). */
function topicIndexesLinked(text: string): string[] {
  const found = new Set<string>();
  for (const link of parseMemoryIndex(text).links) if (link.target !== undefined && !link.mention && namedAsTopicIndex(link.target)) found.add(link.target);
  return [...found];
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
