import * as path from 'node:path';
import * as vscode from 'vscode';
import { characterCount, lineCount } from '../../workspace/display/counts';
import type { SessionLoad, SessionPart } from '../../core/sessionLoad';
import type { FileRef, NotLoadedFolder, PartTone, PartView, PreviewView, TotalsRow } from '../../webview/sessionPreview/protocol';
import { kindLabel, poisonSummary, statusText } from './previewMarkdown';

/** A memory folder of the project that no CLAUDE.md imports, as the panel offers to load it. */
export interface UnloadedFolder {
  readonly label: string;
  readonly root: string;
}

/**
 * The session preview as the panel shows it: the same parts and totals as the Markdown document, as
 * rows a person reads (the file's name first, its sizes, a visible cut), each file openable. A file
 * outside the project that a project file imports keeps its text out, and in an untrusted window it
 * cannot even be opened from here.
 */
export function previewView(folderName: string, load: SessionLoad, trusted: boolean, unloaded: readonly UnloadedFolder[]): PreviewView {
  const totals: TotalsRow[] = [{ label: vscode.l10n.t('Loaded at start'), ...load.totals, tone: 'loaded' }];
  if (load.cut.files > 0) totals.push({ label: vscode.l10n.t('Cut by a limit (not loaded)'), ...load.cut, tone: 'cut' });
  if (load.conditional.files > 0) totals.push({ label: vscode.l10n.t('Rules loaded only when a matching file is read'), ...load.conditional, tone: 'conditional' });
  for (const [agent, sums] of load.agents) totals.push({ label: vscode.l10n.t('Subagent {0} (its own context)', agent), ...sums, tone: 'off' });
  let n = 0;
  const parts = load.parts.map((part) => partView(part, trusted, part.depth === 0 && part.status === 'loaded' ? ++n : undefined));
  const notLoaded: NotLoadedFolder[] = unloaded.map((folder) => ({
    text: load.totals.files === 0
      ? vscode.l10n.t('The memory folder {0} exists, but nothing loads it: no CLAUDE.md imports its MEMORY.md, so Claude Code does not read it at session start.', folder.label)
      : vscode.l10n.t('The memory folder {0} is not in this list: no CLAUDE.md imports its MEMORY.md, so Claude Code does not read it at session start.', folder.label),
    action: vscode.l10n.t('Load in Claude Code (add the import to CLAUDE.md)'),
    root: folder.root,
  }));
  return {
    title: vscode.l10n.t('Session start: {0}', folderName),
    intro: vscode.l10n.t('What Claude Code puts in context when a session starts in this folder, in load order, by the rules of its current release. Tokens are an estimate.'),
    columns: ['', vscode.l10n.t('Files'), vscode.l10n.t('Characters'), vscode.l10n.t('Lines'), vscode.l10n.t('~Tokens')],
    totals,
    parts,
    ...(load.parts.length === 0 || load.totals.files === 0 ? { nothing: vscode.l10n.t('Nothing loads at session start here: Claude Code finds no CLAUDE.md, rule or memory index it reads.') } : {}),
    notLoaded,
    strings: {
      openAtCut: vscode.l10n.t('Open at the cut'),
      showText: vscode.l10n.t('Text as Claude Code receives it'),
      asMarkdown: vscode.l10n.t('Open as Markdown'),
    },
  };
}

function toneOf(part: SessionPart): PartTone {
  return part.status === 'loaded' ? 'loaded' : part.status === 'conditional' ? 'conditional' : 'off';
}

function partView(part: SessionPart, trusted: boolean, number: number | undefined): PartView {
  const hidden = part.leavesProject === true;
  const notes: string[] = [];
  if (part.agent !== undefined) notes.push(vscode.l10n.t('subagent {0}', part.agent));
  if (part.external) notes.push(vscode.l10n.t('Outside the project: Claude Code asks once before loading it.'));
  if (hidden) notes.push(trusted
    ? vscode.l10n.t('A project file imports this file from outside the project; its text is not shown here. Open the file to read it.')
    : vscode.l10n.t('A project file imports this file from outside the project; in an untrusted window its text is never shown.'));
  if (part.generated) notes.push(vscode.l10n.t('There is no MEMORY.md yet: Claude Code writes this index into the folder when the next session starts, newest memory first.'));
  const view: PartView = {
    ...(number !== undefined ? { number } : {}),
    depth: part.depth,
    kind: kindLabel(part.kind),
    path: part.path,
    file: baseName(part.path),
    status: statusText(part),
    tone: toneOf(part),
    notes,
    ...(!hidden && part.poison ? { warning: vscode.l10n.t('Holds what could steer the agent: {0}. Claude Code reads this file as instructions; open it to see the findings.', poisonSummary(part.poison)) } : {}),
    ...(!hidden && part.text !== '' && part.status !== 'missing' ? { text: part.text } : {}),
    ...(!hidden && part.cut ? {
      cut: {
        heading: vscode.l10n.t('Cut at the {0} limit, not seen by Claude ({1}):', part.cut.limit === 'lines' ? vscode.l10n.t('200-line') : vscode.l10n.t('25,000-character'), `${characterCount(part.cut.chars)}, ${lineCount(part.cut.lines)}`),
        marker: vscode.l10n.t('Claude Code stops reading here'),
        text: part.cut.text,
      },
    } : {}),
    openable: part.status !== 'missing' && (!hidden || trusted),
    ...(!hidden && part.readOnDemand && part.readOnDemand.length > 0 ? {
      readOnDemand: { label: vscode.l10n.t('Topic indexes it links, read when a topic comes up, not at start:'), files: part.readOnDemand.map((ref) => topicRef(part.path, ref)) },
    } : {}),
  };
  return view;
}

/** A topic index as the index links it, resolved beside the index so it opens. */
function topicRef(indexPath: string, ref: string): FileRef {
  const style = indexPath.includes('\\') && !indexPath.includes('/') ? path.win32 : path.posix;
  return { label: ref, path: style.resolve(style.dirname(indexPath), ref) };
}

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}
