import * as vscode from 'vscode';
import type { Strings } from '../../webview/editor/protocol';

/** The form's words in the display language; the webview has no vscode.l10n of its own. */
export function editorStrings(): Strings {
  return {
    name: vscode.l10n.t('Name'),
    description: vscode.l10n.t('Description'),
    type: vscode.l10n.t('Type'),
    otherKeys: vscode.l10n.t('Other keys'),
    addKey: vscode.l10n.t('Add a key'),
    addKeyName: vscode.l10n.t('Key'),
    addKeyValue: vscode.l10n.t('Value'),
    add: vscode.l10n.t('Add'),
    problems: vscode.l10n.t('Problems'),
    noProblems: vscode.l10n.t('No problems.'),
    backlinks: vscode.l10n.t('Backlinks'),
    noBacklinks: vscode.l10n.t('No memory links here yet.'),
    body: vscode.l10n.t('Body'),
    openAsText: vscode.l10n.t('Open as text'),
    frontmatterInvalid: vscode.l10n.t('The frontmatter does not parse, so the form will not write to this file. Fix it as text:'),
    frontmatterMissing: vscode.l10n.t('This file has no frontmatter (a first line "---"). Add one as text.'),
    errorAtLine: vscode.l10n.t('Line {0}:'),
    renameEverywhere: vscode.l10n.t('Rename everywhere (links and index)'),
    setNameOnly: vscode.l10n.t('Change only this file'),
    nameNotSlug: vscode.l10n.t('Use lowercase letters, digits and single hyphens (kebab-case): links are typed with it.'),
    nameTaken: vscode.l10n.t('Another memory in this folder already has this name.'),
    nameEmpty: vscode.l10n.t('A memory needs a name: links find it by it.'),
    characters: vscode.l10n.t('{0} / {1} characters'),
    descriptionVague: vscode.l10n.t('Too vague to be recalled: say when this fact applies.'),
    descriptionLong: vscode.l10n.t('Too long to be recalled: keep it to one short line.'),
    descriptionGood: vscode.l10n.t('A good recall key.'),
    unknownType: vscode.l10n.t('not in the configured types; kept as it is'),
    changedOnDisk: vscode.l10n.t('The file changed while you were typing; it now says "{0}".'),
    useMine: vscode.l10n.t('Keep mine'),
    useTheirs: vscode.l10n.t('Take the file\'s'),
    refused: vscode.l10n.t('This value could not be written safely.'),
    reservation: vscode.l10n.t('Reservation: no memory has this name yet. Click to create it.'),
    ambiguous: vscode.l10n.t('Several memories answer to this name.'),
    line: vscode.l10n.t('Line {0}'),
    readOnly: vscode.l10n.t('A list: edit it as text.'),
    notInRoot: vscode.l10n.t('This file is not in a memory folder, so links to it are not tracked.'),
  };
}
