import * as vscode from 'vscode';
import { escapeMarkdown } from '../../core';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';

/**
 * The first-run question as a row at the top of a root never seen before, where the person looks at
 * what it is about: Yes and No on the row; clicking it asks the same in a picker with both answers spelt out.
 */
export function firstRunItem(root: MemoryRoot, count: number): vscode.TreeItem {
  const label = count === 1
    ? vscode.l10n.t('Count the 1 memory already here as reviewed?')
    : vscode.l10n.t('Count the {0} memories already here as reviewed?', count);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = `${root.uri.toString()}#first-run`;
  item.iconPath = new vscode.ThemeIcon('question');
  item.contextValue = 'firstRun';
  item.tooltip = new vscode.MarkdownString([
    vscode.l10n.t('Memory Shelf lists memories an agent writes or changes under "To review", until a person approves them.'),
    // A folder's name is anyone's text: in Markdown it could be an image that calls a server.
    vscode.l10n.t('Yes: what is in "{0}" now counts as reviewed; only what changes from now on waits.', escapeMarkdown(root.info.label)),
    vscode.l10n.t('No: every memory here waits under To review until you approve it.'),
  ].join('\n\n'));
  // No arguments: VS Code keeps a row command's arguments only until the row is redrawn, and a click
  // during a refresh then says "Actual command not found". The command finds the roots that still ask.
  item.command = { command: Commands.reviewFirstRun, title: vscode.l10n.t('Answer') };
  return item;
}
