import * as vscode from 'vscode';

/** Codicons per known type; custom types share a neutral note icon. */
const TYPE_ICONS: Readonly<Record<string, string>> = {
  user: 'account',
  feedback: 'comment-discussion',
  project: 'project',
  reference: 'references',
  preference: 'heart',
  fact: 'info',
  decision: 'law',
  pattern: 'symbol-misc',
  postmortem: 'flame',
  event: 'calendar',
};

export function typeIcon(type: string | undefined): vscode.ThemeIcon {
  if (type === undefined) return new vscode.ThemeIcon('question');
  return new vscode.ThemeIcon(TYPE_ICONS[type] ?? 'note');
}
