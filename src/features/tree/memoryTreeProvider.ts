import * as vscode from 'vscode';
import { changedLines, escapeMarkdown, isKnownType, isTeamMemoryPath, lessonGroups, markdownCode, memoryLabelOf, shownGroups, STALE_CANDIDATE_DAYS, teamGroup, typedRootGroups, type MemoryFile, type RootPath, type TypeGroup, type TypeSet } from '../../core';
import { Commands } from '../../commands';
import { typeIcon } from '../../workspace/display/typeIcons';
import { Disposable } from '../../workspace/dispose';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { ReviewEntry } from '../../workspace/review/reviewService';
import type { Services } from '../../workspace/services';
import { changesMarkdown } from './reviewChanges';
import { openCommand } from './rowCommands';
import { TypingLinks } from './typingLinks';
import { rootShape } from '../../workspace/roots/rootShape';
import { reservationItem, reservationsGroupItem, reservingItem, reservingMemories } from './reservationItems';
import { firstRunItem } from './firstRunItem';
import type { MemoryTreeNode } from './treeNodes';
import type { RootExpansion } from './rootExpansion';
import { deletedItem, reviewChildren, reviewSessionItem } from './reviewItems';
import { problemHoverLines } from './problemHover';
import { markPoisoned, poisonFindings } from './poisonMarks';
import type { ProblemTally } from '../../workspace/problems/problemTally';

/**
 * Roots -> type groups -> memories. Nodes are rebuilt from the store on each call, never cached
 * between calls; `id`s keep VS Code's expansion and selection across refreshes.
 */
export class MemoryTreeProvider extends Disposable implements vscode.TreeDataProvider<MemoryTreeNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<MemoryTreeNode | undefined>());
  // VS Code finds a refreshed element by object identity, so each root keeps one node object.
  private readonly rootNodes = new WeakMap<MemoryRoot, MemoryTreeNode>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly typingLinks: TypingLinks;
  /** The files marked as holding poisoning, by URI, so a diagnostics change redraws only where a mark comes or goes. */
  private readonly poisoned = new Set<string>();

  constructor(private readonly services: Services, private readonly expansion: RootExpansion) {
    super();
    this.typingLinks = this._register(new TypingLinks(() => services.roots.roots, (root) => this.fireRoot(root)));
    // Refreshing only the changed root keeps the other roots' nodes (and their expansion) untouched.
    this._register(services.roots.onDidChange((root) => this.fireRoot(root)));
    // One root's waiting memories redraw that root only (VS Code merges it with the root's own refresh).
    this._register(services.review.onDidChange((root) => this.fireRoot(root)));
    // Problem counts in the tooltips are final once the root's check finishes (rules run after the tree shows).
    this._register(services.problems.onDidCheck((root) => this.fireRoot(root)));
    // A memory that arrives holding poisoning is marked, and listed first under To review, once its diagnostics are published.
    // Only a file whose marking flips redraws its root: a root's first check publishes thousands of files.
    this._register(vscode.languages.onDidChangeDiagnostics((event) => {
      const flipped = new Set<MemoryRoot>();
      for (const uri of event.uris) {
        const root = services.roots.rootOf(uri)?.root;
        if (!root) continue;
        const key = uri.toString();
        const poisoned = poisonFindings(uri).length > 0;
        if (poisoned === this.poisoned.has(key)) continue;
        if (poisoned) this.poisoned.add(key);
        else this.poisoned.delete(key);
        flipped.add(root);
      }
      for (const root of flipped) this.fireRoot(root);
    }));
    this._register(services.config.onDidChange((change) => {
      if (change.affects('typesPreset', 'typesCustom', 'treeHideEmptyGroups', 'shapeTyping', 'shapeIndex')) this.refresh();
    }));
  }

  private typeSet(): TypeSet {
    return this.services.config.typeSet();
  }

  refresh(): void {
    this.changeEmitter.fire(undefined);
  }

  getChildren(node?: MemoryTreeNode): MemoryTreeNode[] {
    if (!node) return this.services.roots.roots.map((root) => this.rootNode(root));
    // A folder that cannot be listed would look like an empty one: say why instead.
    if (node.kind === 'root' && node.root.listError !== undefined) return [{ kind: 'error', root: node.root, error: node.root.listError }];
    if (node.kind === 'root') {
      const hideEmpty = this.services.config.settings.treeHideEmptyGroups;
      const all = [...node.root.store.memories()];
      const own = all.filter((memory) => !isTeamMemoryPath(memory.path));
      // A team/ with its own index is a root of its own (the root excludes it); else its memories are the Team group.
      const team = node.root.info.exclude ? [] : all.filter((memory) => isTeamMemoryPath(memory.path));
      const shape = rootShape(node.root, this.services.config);
      const byShape = shape.typing === 'untyped' ? lessonGroups(own) : typedRootGroups(own, this.typeSet());
      const groups: MemoryTreeNode[] = shownGroups([...byShape, ...(team.length > 0 ? [teamGroup(team)] : [])], hideEmpty)
        .map((group) => ({ kind: 'group', root: node.root, group }));
      // Reservations come last: they are what is still to be written.
      if (this.typingLinks.shown(node.root, node.root.store.reservations()).length > 0) groups.push({ kind: 'reservations', root: node.root });
      // Shown only while something waits, so a reviewed folder looks as it always did; first, where it
      // is seen before a hundred rows of type groups.
      if (this.services.review.pending(node.root).length > 0) groups.unshift({ kind: 'review', root: node.root });
      // The question about what is already there comes before all: it decides what To review lists.
      if (this.services.review.asksFirstRun(node.root)) groups.unshift({ kind: 'firstRun', root: node.root });
      return groups;
    }
    if (node.kind === 'group') return node.group.memories.map((memory) => ({ kind: 'memory', root: node.root, memory, group: node.group }));
    if (node.kind === 'reservations') return this.typingLinks.shown(node.root, node.root.store.reservations()).map((reservation) => ({ kind: 'reservation', root: node.root, reservation }));
    if (node.kind === 'review') return reviewChildren(node.root, this.services.review.pending(node.root), (entry) => entry.reason !== 'deleted' && poisonFindings(node.root.uriOf(entry.memory.path)).length > 0);
    if (node.kind === 'reviewSession') return node.entries.map((entry) => ({ kind: 'reviewItem', root: node.root, entry }));
    if (node.kind === 'reservation') return reservingMemories(node.reservation).map((reference) => ({ kind: 'reserving', root: node.root, reservation: node.reservation, reference }));
    return [];
  }

  getParent(node: MemoryTreeNode): MemoryTreeNode | undefined {
    if (node.kind === 'root') return undefined;
    if (node.kind === 'group' || node.kind === 'reservations' || node.kind === 'review' || node.kind === 'error' || node.kind === 'firstRun') return this.rootNode(node.root);
    if (node.kind === 'reviewSession') return { kind: 'review', root: node.root };
    if (node.kind === 'reservation') return { kind: 'reservations', root: node.root };
    if (node.kind === 'reserving') return { kind: 'reservation', root: node.root, reservation: node.reservation };
    if (node.kind === 'reviewItem') return { kind: 'review', root: node.root };
    return { kind: 'group', root: node.root, group: node.group };
  }

  /**
   * A changed memory's hover, when it is shown: what changed since the version last approved, read from
   * the history (a few lines, secrets masked). Read then, not for every row the tree draws.
   */
  async resolveTreeItem(item: vscode.TreeItem, node: MemoryTreeNode): Promise<vscode.TreeItem> {
    if (!isChangedEntry(node) || item.tooltip !== undefined) return item;
    const base = this.reviewItemOf(node).tooltip;
    const approved = this.services.review.approvedHash(node.root, node.entry.memory.path);
    const bytes = approved ? await this.services.history.blob(node.root, approved).catch(() => undefined) : undefined;
    const change = bytes && changedLines(new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes), node.entry.memory.text);
    item.tooltip = change && change.lines.length > 0 && base instanceof vscode.MarkdownString
      ? new vscode.MarkdownString(`${base.value}\n\n${changesMarkdown(change)}`, true)
      : base;
    return item;
  }

  /** A changed memory's hover is made when shown (resolveTreeItem): VS Code asks only for a tooltip left unset. */
  private reviewRow(node: Extract<MemoryTreeNode, { kind: 'reviewItem' }>): vscode.TreeItem {
    const item = this.reviewItemOf(node);
    if (isChangedEntry(node)) item.tooltip = undefined;
    return item;
  }

  private reviewItemOf(node: Extract<MemoryTreeNode, { kind: 'reviewItem' }>): vscode.TreeItem {
    const item = reviewItem(node.root, node.entry, this.typeSet(), this.services.problems.problemTally(node.root, node.entry.memory.path));
    return withPoisonMark(item, node.root, node.entry.memory.path);
  }

  getTreeItem(node: MemoryTreeNode): vscode.TreeItem {
    switch (node.kind) {
      case 'root':
        return rootItem(node.root, this.expansion.stateOf(node.root, this.services.roots.roots, this.services.review.pending(node.root).length));
      case 'firstRun':
        return firstRunItem(node.root, this.services.review.firstRunCount(node.root));
      case 'group':
        return groupItem(node.root, node.group);
      case 'memory':
        return withPoisonMark(withLessonIcon(memoryItem(node.root, node.memory, this.typeSet(), this.services.problems.problemTally(node.root, node.memory.path)), node.group), node.root, node.memory.path);
      case 'reservations':
        return reservationsGroupItem(node.root, this.typingLinks.shown(node.root, node.root.store.reservations()));
      case 'reservation':
        return reservationItem(node.root, node.reservation);
      case 'reserving':
        return reservingItem(node.root, node.reservation, node.reference, this.typeSet());
      case 'review':
        return reviewGroupItem(node.root, this.services.review.pending(node.root).length);
      case 'reviewItem':
        return node.entry.reason === 'deleted'
          ? deletedItem(node.root, node.entry, this.typeSet(), node.entry.deletion && this.services.historyTexts.uriOf(node.root, node.entry.memory.path, node.entry.deletion.lastHash))
          : this.reviewRow(node);
      case 'reviewSession':
        return reviewSessionItem(node.root, node.session, node.entries);
      case 'error':
        return errorItem(node.root, node.error);
    }
  }

  /**
   * Redraws one root, or all when it is no longer listed: after a merge or promote the roots are found
   * anew, and a late event for a root object the tree no longer shows would make VS Code log
   * "TreeError: Data tree node not found".
   */
  private fireRoot(root: MemoryRoot | undefined): void {
    this.changeEmitter.fire(root && this.services.roots.roots.includes(root) ? this.rootNode(root) : undefined);
  }

  private rootNode(root: MemoryRoot): MemoryTreeNode {
    let node = this.rootNodes.get(root);
    if (!node) this.rootNodes.set(root, (node = { kind: 'root', root }));
    return node;
  }
}

function rootItem(root: MemoryRoot, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const item = new vscode.TreeItem(root.info.label, state);
  item.id = root.uri.toString();
  item.description = root.info.load.short ?? root.info.load.detail;
  item.iconPath = new vscode.ThemeIcon(root.info.kind === 'auto' ? 'sparkle' : root.info.kind === 'agent' ? 'hubot' : 'archive');
  // No resourceUri: VS Code would paint the row in the colour of the worst problem inside, which reads as
  // "this folder is broken" on a folder that is only not loaded. The memory rows carry their problems.
  const notLoaded = !root.info.load.loadedByClaude && (root.info.kind === 'workspace' || root.info.kind === 'settings');
  // `root.<kind>[.noIndex][.notLoaded]`: the menus offer Create MEMORY.md, the index commands, the import.
  item.contextValue = `root.${root.info.kind}${root.store.index ? '' : '.noIndex'}${notLoaded ? '.notLoaded' : ''}`;
  const count = root.store.size;
  item.tooltip = new vscode.MarkdownString(
    [
      `**${escapeMarkdown(root.info.label)}**`,
      escapeMarkdown(root.info.load.detail),
      ...(!root.info.load.loadedByClaude && root.info.kind !== 'auto' && root.info.kind !== 'agent'
        ? [escapeMarkdown(vscode.l10n.t('Claude Code reads a project\'s memory folder only when a CLAUDE.md imports its index (@memory/MEMORY.md); otherwise the agent sees these files only if it goes looking.'))]
        : []),
      ...(notLoaded ? [`$(plug) ${escapeMarkdown(vscode.l10n.t('Load in Claude Code (on this row) adds the import to CLAUDE.md; Undo takes it out again.'))}`] : []),
      markdownCode(root.uri.fsPath || root.uri.toString()),
      count === 1 ? vscode.l10n.t('1 memory') : vscode.l10n.t('{0} memories', count),
      ...(root.info.warnings ?? []).map((warning) => `$(warning) ${escapeMarkdown(warning)}`),
    ].join('\n\n'),
    true,
  );
  return item;
}

function errorItem(root: MemoryRoot, error: string): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('This folder could not be read'), vscode.TreeItemCollapsibleState.None);
  item.id = `${root.uri.toString()}#error`;
  item.description = error;
  item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
  item.contextValue = 'error';
  item.tooltip = new vscode.MarkdownString([
    escapeMarkdown(vscode.l10n.t('Memory Shelf could not list {0} ({1}), so it shows no memories here; the folder may hold some. Check that it exists and that you may read it, then refresh.', root.uri.fsPath || root.uri.toString(), error)),
  ].join('\n\n'));
  item.command = { title: vscode.l10n.t('Refresh'), command: Commands.refresh };
  return item;
}

function groupItem(root: MemoryRoot, group: TypeGroup): vscode.TreeItem {
  const label = groupLabel(group);
  const state = group.memories.length === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded;
  const item = new vscode.TreeItem(label, state);
  item.id = `${root.uri.toString()}#group:${group.kind}:${group.type}`;
  item.description = String(group.memories.length);
  item.iconPath = group.kind === 'unknown' ? new vscode.ThemeIcon('warning') : group.kind === 'type' ? typeIcon(group.type) : new vscode.ThemeIcon(GROUP_ICONS[group.kind]);
  item.contextValue = group.kind === 'type' ? 'group' : `group.${group.kind}`;
  item.tooltip = groupTooltip(group);
  return item;
}

const GROUP_ICONS = { pinned: 'pinned', lessons: 'lightbulb', team: 'organization' } as const;

/** A durable lesson has no type by design: its row shows its group's icon, not the unknown type's. */
function withPoisonMark(item: vscode.TreeItem, root: MemoryRoot, path: RootPath): vscode.TreeItem {
  markPoisoned(item, poisonFindings(root.uriOf(path)));
  return item;
}

function withLessonIcon(item: vscode.TreeItem, group: TypeGroup): vscode.TreeItem {
  if (group.kind === 'pinned' || group.kind === 'lessons') item.iconPath = new vscode.ThemeIcon(GROUP_ICONS[group.kind]);
  return item;
}

function groupLabel(group: TypeGroup): string {
  switch (group.kind) {
    case 'type':
      return group.type;
    case 'unknown':
      return vscode.l10n.t('Untyped / unknown');
    case 'pinned':
      return vscode.l10n.t('Pinned');
    case 'lessons':
      return vscode.l10n.t('Lessons');
    case 'team':
      return vscode.l10n.t('Team');
  }
}

function groupTooltip(group: TypeGroup): string {
  const count = group.memories.length;
  switch (group.kind) {
    case 'type':
      return count === 1 ? vscode.l10n.t('1 memory of type "{0}"', group.type) : vscode.l10n.t('{0} memories of type "{1}"', count, group.type);
    case 'unknown':
      return count === 1 ? vscode.l10n.t('1 memory with no type or a type outside the configured set') : vscode.l10n.t('{0} memories with no type or a type outside the configured set', count);
    case 'pinned':
      return vscode.l10n.t('{0} pinned memories: Claude Code applies them to every session (at most 4)', count);
    case 'lessons':
      return vscode.l10n.t('{0} durable lessons, not pinned: recalled when they apply', count);
    case 'team':
      return vscode.l10n.t('{0} team memories (team/), shared with everyone working in this repository', count);
  }
}

export function memoryItem(root: MemoryRoot, memory: MemoryFile, typeSet: TypeSet, problems: ProblemTally): vscode.TreeItem {
  const uri = root.uriOf(memory.path);
  const label = memoryLabelOf(memory, root.store.indexEntriesFor(memory.path)[0]?.title, typeSet.types);
  const item = new vscode.TreeItem(label.text, vscode.TreeItemCollapsibleState.None);
  item.id = `${root.uri.toString()}#memory:${memory.path}`;
  // A label read from the description would be said twice.
  item.description = label.source === 'description' ? '' : memory.description ?? '';
  item.resourceUri = uri;
  item.iconPath = isKnownType(typeSet, memory.type) ? typeIcon(memory.type) : typeIcon(undefined);
  // `memory.auto`: Claude Code's machine-local auto memory, whose memories can be promoted to the project.
  item.contextValue = root.info.kind === 'auto' ? 'memory.auto' : 'memory';
  item.command = openCommand(uri);
  const lines = [`**${escapeMarkdown(label.text)}**`];
  if (memory.description) lines.push(escapeMarkdown(memory.description));
  else lines.push(`_${vscode.l10n.t('No description: this memory will not be recalled.')}_`);
  lines.push(vscode.l10n.t('Type: {0}', memory.type !== undefined ? escapeMarkdown(memory.type) : vscode.l10n.t('none')));
  if (memory.frontmatter.status !== 'ok') lines.push(`$(warning) ${vscode.l10n.t('The frontmatter is missing or does not parse.')}`);
  lines.push(...problemHoverLines(problems));
  lines.push(markdownCode(memory.path));
  item.tooltip = new vscode.MarkdownString(lines.join('\n\n'), true);
  return item;
}

function reviewGroupItem(root: MemoryRoot, count: number): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('To review'), vscode.TreeItemCollapsibleState.Expanded);
  item.id = `${root.uri.toString()}#review`;
  item.description = String(count);
  item.iconPath = new vscode.ThemeIcon('eye');
  item.contextValue = 'review';
  item.tooltip = count === 1
    ? vscode.l10n.t('1 memory written or changed outside VS Code since a person last approved it')
    : vscode.l10n.t('{0} memories written or changed outside VS Code since a person last approved them', count);
  return item;
}

function isChangedEntry(node: MemoryTreeNode): node is Extract<MemoryTreeNode, { kind: 'reviewItem' }> {
  return node.kind === 'reviewItem' && node.entry.reason === 'changed';
}

function reviewItem(root: MemoryRoot, entry: ReviewEntry, typeSet: TypeSet, problems: ProblemTally): vscode.TreeItem {
  const item = memoryItem(root, entry.memory, typeSet, problems);
  item.id = `${root.uri.toString()}#review:${entry.memory.path}`;
  const reasons = { new: vscode.l10n.t('new'), changed: vscode.l10n.t('changed'), candidate: vscode.l10n.t('candidate'), 'stale-candidate': vscode.l10n.t('stale candidate, untouched {0}+ days', STALE_CANDIDATE_DAYS), deleted: vscode.l10n.t('deleted') };
  item.description = item.description ? `${reasons[entry.reason]} · ${item.description}` : reasons[entry.reason];
  // A stale candidate is offered for archiving rather than approval: it looks set aside.
  if (entry.reason === 'stale-candidate') item.iconPath = new vscode.ThemeIcon('history', new vscode.ThemeColor('disabledForeground'));
  // The reason shows in the icon too: inline buttons cut the description short.
  else if (entry.reason === 'new') item.iconPath = new vscode.ThemeIcon('diff-added', new vscode.ThemeColor('gitDecoration.addedResourceForeground'));
  else if (entry.reason === 'changed') item.iconPath = new vscode.ThemeIcon('diff-modified', new vscode.ThemeColor('gitDecoration.modifiedResourceForeground'));
  const why = entry.approvalChangedOutside ? vscode.l10n.t('Why here: its approval record was changed outside Memory Shelf (by an agent\'s shell or a script), so it counts as not approved.') : {
    new: vscode.l10n.t('Why here: written outside VS Code (by an agent or a script), not approved yet.'),
    changed: vscode.l10n.t('Why here: changed outside VS Code since a person last approved it.'),
    candidate: vscode.l10n.t('Why here: a candidate (`status: pending`) waiting for approval.'),
    'stale-candidate': vscode.l10n.t('Why here: a candidate nobody touched for {0} days or more; archive it or approve it.', STALE_CANDIDATE_DAYS),
    deleted: vscode.l10n.t('Why here: deleted outside VS Code; restore it or let it go.'),
  }[entry.reason];
  const modified = root.modifiedTime(entry.memory.path);
  const since = modified === undefined ? '' : `\n\n${vscode.l10n.t('Last written {0}.', new Date(modified).toLocaleString(vscode.env.language))}`;
  const session = entry.session;
  const from = session
    ? `\n\n${vscode.l10n.t('Claude Code session {0}.', session)}`
    : entry.reason === 'changed' ? `\n\n${vscode.l10n.t('Changed on disk, not by Memory Shelf; install the hook (`memory-shelf hook install`) to know which session changed it.')}` : '';
  const rest = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : '';
  item.tooltip = new vscode.MarkdownString(`**${why}**${since}${from}\n\n${rest}`, true);
  // `memory.review.<reason>`: the menus offer Approve, Edit, Reject, Show changes, Archive by reason.
  item.contextValue = `memory.review.${entry.reason}`;
  return item;
}
