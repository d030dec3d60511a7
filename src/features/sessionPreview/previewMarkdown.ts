import * as vscode from 'vscode';
import { characterCount, lineCount, tokenCount } from '../../workspace/display/counts';
import { MAX_IMPORT_HOPS, type PartKind, type SessionLoad, type SessionPart, type SessionTotals } from '../../core/sessionLoad';

/**
 * The session preview as Markdown: totals first, then every part in load order with a link to its
 * file, its size, and what a limit cuts written struck through. The file's own text is quoted line by
 * line, so its headings and lists cannot break the preview's own structure. A file outside the project
 * that a project file imports (`@~/.aws/credentials`) is named with its size, never quoted: a
 * repository chose to name it, and its text is the user's. In an untrusted window it is not even linked.
 */
export function previewMarkdown(folderName: string, load: SessionLoad, trusted: boolean): string {
  const out: string[] = [];
  out.push(`# ${vscode.l10n.t('Session start: {0}', folderName)}`, '');
  out.push(`> ${vscode.l10n.t('What Claude Code puts in context when a session starts in this folder, in load order, by the rules of its current release. Tokens are an estimate.')}`, '');
  out.push(`| | ${vscode.l10n.t('Files')} | ${vscode.l10n.t('Characters')} | ${vscode.l10n.t('Lines')} | ${vscode.l10n.t('~Tokens')} |`, '|---|---:|---:|---:|---:|');
  out.push(row(vscode.l10n.t('Loaded at start'), load.totals));
  if (load.cut.files > 0) out.push(row(vscode.l10n.t('Cut by a limit (not loaded)'), load.cut));
  if (load.conditional.files > 0) out.push(row(vscode.l10n.t('Rules loaded only when a matching file is read'), load.conditional));
  for (const [agent, totals] of load.agents) out.push(row(vscode.l10n.t('Subagent {0} (its own context)', agent), totals));
  out.push('');
  if (load.parts.length === 0) out.push(vscode.l10n.t('Claude Code finds nothing to load here: no CLAUDE.md, rules or memory index.'), '');
  let n = 0;
  for (const part of load.parts) {
    const depth = '  '.repeat(part.depth);
    // Numbers count what reaches the context at start, in order: a file listed only to say it does not
    // load (an AGENTS.md beside a CLAUDE.md, a pinned lesson) took a place in that order it does not have.
    const number = part.depth > 0 ? '- ' : part.status === 'loaded' ? `${++n}. ` : '';
    const hidden = part.leavesProject === true;
    const name = hidden && !trusted ? `\`${part.path.replace(/`/g, "'")}\`` : `[${escapeText(part.path)}](${vscode.Uri.file(part.path).toString()})`;
    out.push(`${part.depth === 0 ? '## ' : `${depth}`}${number}${kindLabel(part.kind)}${part.agent !== undefined ? ` (${vscode.l10n.t('subagent {0}', part.agent)})` : ''}: ${name}`);
    out.push(`${depth}   *${statusText(part)}*`);
    if (part.external) out.push(`${depth}   *${vscode.l10n.t('Outside the project: Claude Code asks once before loading it.')}*`);
    if (hidden) {
      out.push(`${depth}   *${trusted
        ? vscode.l10n.t('A project file imports this file from outside the project; its text is not shown here. Open the file to read it.')
        : vscode.l10n.t('A project file imports this file from outside the project; in an untrusted window its text is never shown.')}*`, '');
      continue;
    }
    if (part.poison) out.push(`${depth}   **${vscode.l10n.t('Holds what could steer the agent: {0}. Claude Code reads this file as instructions; open it to see the findings.', poisonSummary(part.poison))}**`);
    if (part.generated) out.push(`${depth}   *${vscode.l10n.t('There is no MEMORY.md yet: Claude Code writes this index into the folder when the next session starts, newest memory first.')}*`);
    if (part.readOnDemand) out.push(`${depth}   *${vscode.l10n.t('Topic indexes it links, read when a topic comes up, not at start: {0}', part.readOnDemand.map(escapeText).join(', '))}*`);
    if (part.text !== '' && part.status !== 'missing') out.push('', ...quote(part.text, false));
    if (part.cut) {
      const lost = `${characterCount(part.cut.chars)}, ${lineCount(part.cut.lines)}`;
      out.push('', `*${vscode.l10n.t('Cut at the {0} limit, not seen by Claude ({1}):', part.cut.limit === 'lines' ? vscode.l10n.t('200-line') : vscode.l10n.t('25,000-character'), lost)}*`, '', ...quote(part.cut.text, true));
    }
    out.push('');
  }
  return out.join('\n');
}

export function poisonSummary(poison: Readonly<Record<string, number>>): string {
  const names: Record<string, string> = {
    'hidden-text': vscode.l10n.t('hidden characters'),
    'channel-markup': vscode.l10n.t('markup imitating Claude Code\'s own'),
    'planted-instruction': vscode.l10n.t('planted instructions'),
  };
  return Object.entries(poison).map(([kind, count]) => `${names[kind] ?? kind} (${count})`).join(', ');
}

function row(label: string, totals: SessionTotals): string {
  return `| ${label} | ${totals.files} | ${totals.chars} | ${totals.lines} | ${totals.tokens} |`;
}

function quote(text: string, struck: boolean): string[] {
  return text.split('\n').map((line) => (line.trim() === '' ? '>' : `> ${struck ? `~~${line.replace(/~/g, '\\~')}~~` : line}`));
}

function escapeText(text: string): string {
  return text.replace(/([\\[\]])/g, '\\$1');
}

function size(part: SessionPart): string {
  return [characterCount(part.chars), lineCount(part.lines), tokenCount(part.tokens)].join(' · ');
}

export function statusText(part: SessionPart): string {
  switch (part.status) {
    case 'loaded':
      return vscode.l10n.t('loaded') + ' · ' + size(part);
    case 'conditional':
      return vscode.l10n.t('loaded only when Claude reads a file matching {0}', (part.globs ?? []).join(', ')) + ' · ' + size(part);
    case 'disabled': {
      const by = part.disabledBy;
      const why = by?.by === 'environment' ? vscode.l10n.t('turned off by the environment variable {0}', by.variable) : by?.by === 'setting' ? vscode.l10n.t('turned off by the setting {0}', by.setting) : vscode.l10n.t('not loaded until the folder is trusted');
      return why + ' · ' + size(part);
    }
    case 'missing':
      return part.problem === 'missing' || part.problem === undefined ? vscode.l10n.t('not loaded: no such file') : vscode.l10n.t('not loaded: the file cannot be read ({0})', part.problem);
    case 'cycle':
      return vscode.l10n.t('not loaded again: it imports a file already on its import chain');
    case 'duplicate':
      return vscode.l10n.t('not loaded again: already loaded above');
    case 'too-deep':
      return vscode.l10n.t('not loaded: past the {0} import hops Claude Code follows', MAX_IMPORT_HOPS);
    case 'needs-approval':
      return vscode.l10n.t('not loaded yet: outside the project, so Claude Code asks once before it loads files a project imports from elsewhere');
    case 'not-loaded':
      return notLoadedText(part);
  }
}

function notLoadedText(part: SessionPart): string {
  switch (part.notLoaded?.why) {
    case 'claude-md-present':
      return vscode.l10n.t('not loaded: Claude Code reads AGENTS.md only where the project has no CLAUDE.md, and it has {0}', part.notLoaded.by);
    case 'pinned':
      return vscode.l10n.t('not loaded at start: Claude Code no longer loads pinned lessons (since 2.1.285); Claude reads it only when it recalls it');
    case 'no-team-stores':
      return vscode.l10n.t('not loaded: Claude Code loads a team index only where team memory stores are configured (CLAUDE_MEMORY_STORES)');
    default:
      return vscode.l10n.t('not loaded at start');
  }
}

export function kindLabel(kind: PartKind): string {
  switch (kind) {
    case 'managed':
      return vscode.l10n.t('Managed policy');
    case 'user':
      return vscode.l10n.t('User CLAUDE.md');
    case 'user-rule':
      return vscode.l10n.t('User rule');
    case 'project':
      return vscode.l10n.t('Project CLAUDE.md');
    case 'project-rule':
      return vscode.l10n.t('Project rule');
    case 'local':
      return vscode.l10n.t('Local CLAUDE.local.md');
    case 'agents':
      return vscode.l10n.t('AGENTS.md');
    case 'import':
      return vscode.l10n.t('Import');
    case 'auto-index':
      return vscode.l10n.t('Auto memory index');
    case 'team-index':
      return vscode.l10n.t('Team memory index');
    case 'pinned':
      return vscode.l10n.t('Pinned lesson');
    case 'agent-index':
      return vscode.l10n.t('Subagent memory index');
  }
}
