import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { buildSessionLoad, type SessionLoad, type SessionPart, type SessionTotals } from '../core/sessionLoad';
import { nodeReaderHost } from '../reader';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { gatherSessionFiles } from '../rootLocations/sessionFiles';
import type { PreviewOptions } from './args';
import { isDirectory } from './findDefaultRoot';
import { terminalSafe } from './terminalText';

/**
 * `memory-shelf preview`: the session start of a folder, for a CI log. The project's own settings are
 * not trusted here unless `--trust-claude-settings` says so, as in `check`: a cloned repository must
 * not point the preview at another folder.
 * Exit 1 when an index is cut, so a pull request that pushes one past what loads can fail its job.
 */
export async function preview(options: PreviewOptions, cwd: string): Promise<number> {
  const folder = resolve(cwd, options.folder ?? '.');
  if (!(await isDirectory(folder))) {
    process.stderr.write(`memory-shelf: ${terminalSafe(options.folder ?? '.')}: not a readable folder\n`);
    return 2;
  }
  const gathered = await gatherSessionFiles({ folder, homeDir: homedir(), env: process.env, platform: process.platform, trusted: options.trustClaudeSettings }, nodeReaderHost, nodeRootsHost);
  const load = buildSessionLoad(gathered.input);
  process.stdout.write((options.json ? JSON.stringify(previewJson(folder, load, options.withText), null, 2) : previewText(folder, load)) + '\n');
  return load.parts.some((part) => part.cut && part.status === 'loaded') ? 1 : 0;
}

/**
 * The JSON form: totals, then every part without its text (a log is no place for the instructions
 * themselves) unless `withText` asks for it, as the conformance suite does to compare with what Claude Code sends.
 */
export function previewJson(folder: string, load: SessionLoad, withText = false): object {
  return {
    folder,
    totals: load.totals,
    cut: load.cut,
    conditional: load.conditional,
    agents: Object.fromEntries(load.agents),
    parts: load.parts.map(({ text, cut, ...part }) => ({
      ...part,
      ...(withText ? { text } : {}),
      ...(cut ? { cut: { chars: cut.chars, lines: cut.lines, tokens: cut.tokens, limit: cut.limit, ...(withText ? { text: cut.text } : {}) } } : {}),
    })),
  };
}

/** The human form: one line per part in load order. */
export function previewText(folder: string, load: SessionLoad): string {
  const lines = [`Session start for ${terminalSafe(folder)} (tokens are an estimate)`, `  loaded: ${totals(load.totals)}`];
  if (load.cut.files > 0) lines.push(`  cut:    ${totals(load.cut)}`);
  if (load.conditional.files > 0) lines.push(`  conditional rules (when a matching file is read): ${totals(load.conditional)}`);
  for (const [agent, sums] of load.agents) lines.push(`  subagent ${terminalSafe(agent)}: ${totals(sums)}`);
  lines.push('');
  for (const part of load.parts) lines.push(partLine(part));
  return lines.join('\n');
}

function totals(sums: SessionTotals): string {
  return `${sums.files} file(s), ${sums.chars} chars, ${sums.lines} lines, ~${sums.tokens} tokens`;
}

function partLine(part: SessionPart): string {
  const indent = '  '.repeat(part.depth);
  const size = `${part.chars} chars, ${part.lines} lines, ~${part.tokens} tokens`;
  const where = terminalSafe(part.path) + (part.agent !== undefined ? ` [subagent ${terminalSafe(part.agent)}]` : '');
  const status = statusText(part);
  const why = part.status === 'not-loaded' ? ` (${notLoadedText(part)})` : '';
  const generated = part.generated ? ' [no MEMORY.md yet: Claude Code writes this index at the next start]' : '';
  const onDemand = part.readOnDemand ? `; topic indexes it links, read when a topic comes up, not at start: ${part.readOnDemand.join(', ')}` : '';
  const poison = part.poison ? ` [holds ${Object.entries(part.poison).map(([kind, count]) => `${kind} x${count}`).join(', ')}]` : '';
  const cut = part.cut ? `; cut at the ${part.cut.limit === 'lines' ? '200-line' : '25,000-character'} limit: ${part.cut.chars} chars, ${part.cut.lines} lines not loaded` : '';
  return `${indent}${part.kind.padEnd(12)} ${status.padEnd(10)} ${where}${part.status === 'loaded' || part.status === 'conditional' || part.status === 'disabled' ? ` (${size})` : ''}${cut}${part.external && part.status !== 'needs-approval' ? ' [outside the project]' : ''}${part.status === 'needs-approval' ? ' [outside the project: not loaded until you approve it in Claude Code]' : ''}${why}${generated}${onDemand}${poison}`;
}

function statusText(part: SessionPart): string {
  switch (part.status) {
    case 'conditional':
      return `when ${part.globs?.map(terminalSafe).join(', ')}`;
    case 'disabled':
      return part.disabledBy?.by === 'environment' ? `off (${part.disabledBy.variable})` : part.disabledBy?.by === 'setting' ? `off (${part.disabledBy.setting})` : 'off (trust)';
    case 'missing':
      return `missing${part.problem && part.problem !== 'missing' ? ` (${part.problem})` : ''}`;
    case 'not-loaded':
      return 'not loaded';
    case 'needs-approval':
      return 'asks first';
    default:
      return part.status;
  }
}

function notLoadedText(part: SessionPart): string {
  switch (part.notLoaded?.why) {
    case 'claude-md-present':
      return `AGENTS.md is read only where the project has no CLAUDE.md; it has ${terminalSafe(part.notLoaded.by)}`;
    case 'pinned':
      return 'pinned lessons are not loaded at start since 2.1.285';
    case 'no-team-stores':
      return 'a team index loads only where team memory stores are configured (CLAUDE_MEMORY_STORES)';
    default:
      return 'not loaded at start';
  }
}
