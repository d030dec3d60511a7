import * as vscode from 'vscode';
import { escapeMarkdown as escape, markdownCode, markdownCodeBlock } from '../../core';
import { linkHover } from '../../language/hover';
import { fromVsPosition, toVsRange } from '../../workspace/display/ranges';
import type { Services } from '../../workspace/services';
import { createStubCommandUri } from './createStub';
import { linkReservationCommandUri } from './linkReservation';
import { MEMORY_SELECTOR } from './linkUi';

/**
 * Hovering a link shows its target without opening it: the language layer's {@link linkHover} (as the
 * language server answers it) worded for VS Code, with icons and command links: title, type,
 * description, the first lines of the body and how many links point at it; a dangling link says who
 * reserves it and offers to create it, or to link to the memory it probably meant.
 */
export function registerHover(services: Services): vscode.Disposable {
  return vscode.languages.registerHoverProvider(MEMORY_SELECTOR, {
    provideHover(document, position, token) {
      const current = services.documents.current(document);
      const answer = current && linkHover(current.root.store, current.links, fromVsPosition(position));
      if (!current || !answer || token.isCancellationRequested) return undefined;
      const { root } = current;
      const markdown = new vscode.MarkdownString('', true);
      if (answer.kind === 'dangling') {
        const { target, meant, reservedBy } = answer;
        // With a memory probably meant, creating is the second choice and says so.
        const text = meant
          ? vscode.l10n.t('Create a new memory "{0}"', target)
          : reservedBy === 1
            ? vscode.l10n.t('Reserved by 1 memory — click to create')
            : vscode.l10n.t('Reserved by {0} memories — click to create', reservedBy);
        const command = createStubCommandUri(root, target);
        markdown.isTrusted = { enabledCommands: [command.path, linkReservationCommandUri(root, target, '').path] };
        markdown.appendMarkdown(`**${escape(target)}**\n\n`);
        // A memory that exists under another file name comes first: creating would make a duplicate of it.
        if (meant) {
          const linkCommand = linkReservationCommandUri(root, target, meant.newTarget);
          markdown.appendMarkdown(`$(link) [${escape(vscode.l10n.t('Link to "{0}" ({1}), which exists', meant.title, meant.path))}](${linkCommand.toString()})\n\n`);
        }
        markdown.appendMarkdown(`$(circle-large-outline) [${escape(text)}](${command.toString()})`);
        return new vscode.Hover(markdown, toVsRange(answer.range));
      }
      if (answer.kind === 'ambiguous') {
        markdown.appendMarkdown(`$(warning) ${escape(vscode.l10n.t('{0} memories answer to "{1}":', answer.candidates.length, answer.target))}\n`);
        for (const candidate of answer.candidates) {
          markdown.appendMarkdown(`\n- [${escape(candidate.title)}](${root.uriOf(candidate.path).toString()}) ${markdownCode(candidate.path)}`);
        }
        return new vscode.Hover(markdown, toVsRange(answer.range));
      }
      markdown.appendMarkdown(`**${escape(answer.memory.title)}**`);
      markdown.appendMarkdown(` · ${escape(answer.type ?? vscode.l10n.t('no type'))}\n\n`);
      markdown.appendMarkdown(answer.description ? escape(answer.description) : `_${escape(vscode.l10n.t('No description: this memory will not be recalled.'))}_`);
      // Not appendCodeblock: its fence can be closed by an indented fence in the body.
      if (answer.preview.length > 0) markdown.appendMarkdown(`\n\n---\n\n${markdownCodeBlock(answer.preview.join('\n'), 'markdown')}`);
      markdown.appendMarkdown('\n\n---\n\n');
      markdown.appendMarkdown(`$(references) ${escape(answer.backlinks === 1 ? vscode.l10n.t('1 memory links here') : vscode.l10n.t('{0} memories link here', answer.backlinks))} · ${markdownCode(answer.memory.path)}`);
      return new vscode.Hover(markdown, toVsRange(answer.range));
    },
  });
}
