import * as vscode from 'vscode';
import { bodyPreview, escapeMarkdown as escape, linkAt, linksTo, linksToReservation, markdownCode, markdownCodeBlock, probableTarget } from '../../core';
import { fromVsPosition, toVsRange } from '../../workspace/display/ranges';
import type { Services } from '../../workspace/services';
import { createStubCommandUri } from './createStub';
import { linkReservationCommandUri } from './linkReservation';
import { MEMORY_SELECTOR, memoryTitle } from './linkUi';

const PREVIEW_LINES = 6;

/**
 * Hovering a link shows its target without opening it: title, type, description, the first lines of
 * the body and how many links point at it; a dangling link says who reserves it and offers to create it.
 */
export function registerHover(services: Services): vscode.Disposable {
  return vscode.languages.registerHoverProvider(MEMORY_SELECTOR, {
    provideHover(document, position, token) {
      const current = services.documents.current(document);
      const link = current && linkAt(current.links, fromVsPosition(position));
      if (!current || !link || token.isCancellationRequested) return undefined;
      const { root } = current;
      const resolution = root.store.resolveLink(link.target);
      const markdown = new vscode.MarkdownString('', true);
      if (resolution.status === 'dangling') {
        const sources = new Set(linksToReservation(root.store, link.target).map((occurrence) => occurrence.path)).size;
        const meant = probableTarget(link.target, root.store);
        // With a memory probably meant, creating is the second choice and says so.
        const text = meant
          ? vscode.l10n.t('Create a new memory "{0}"', link.target)
          : sources === 1
            ? vscode.l10n.t('Reserved by 1 memory — click to create')
            : vscode.l10n.t('Reserved by {0} memories — click to create', sources);
        const command = createStubCommandUri(root, link.target);
        markdown.isTrusted = { enabledCommands: [command.path, linkReservationCommandUri(root, link.target, '').path] };
        markdown.appendMarkdown(`**${escape(link.target)}**\n\n`);
        // A memory that exists under another file name comes first: creating would make a duplicate of it.
        if (meant) {
          const linkCommand = linkReservationCommandUri(root, link.target, meant.newTarget);
          markdown.appendMarkdown(`$(link) [${escape(vscode.l10n.t('Link to "{0}" ({1}), which exists', memoryTitle(root, meant.candidate), meant.candidate.path))}](${linkCommand.toString()})\n\n`);
        }
        markdown.appendMarkdown(`$(circle-large-outline) [${escape(text)}](${command.toString()})`);
        return new vscode.Hover(markdown, toVsRange(link.range));
      }
      if (resolution.status === 'ambiguous') {
        markdown.appendMarkdown(`$(warning) ${escape(vscode.l10n.t('{0} memories answer to "{1}":', resolution.targets.length, link.target))}\n`);
        for (const target of resolution.targets) {
          markdown.appendMarkdown(`\n- [${escape(memoryTitle(root, target))}](${root.uriOf(target.path).toString()}) ${markdownCode(target.path)}`);
        }
        return new vscode.Hover(markdown, toVsRange(link.range));
      }
      const memory = resolution.targets[0];
      const backlinks = new Set(linksTo(root.store, memory).map((occurrence) => occurrence.path)).size;
      markdown.appendMarkdown(`**${escape(memoryTitle(root, memory))}**`);
      markdown.appendMarkdown(` · ${escape(memory.type ?? vscode.l10n.t('no type'))}\n\n`);
      markdown.appendMarkdown(memory.description ? escape(memory.description) : `_${escape(vscode.l10n.t('No description: this memory will not be recalled.'))}_`);
      const preview = bodyPreview(memory, PREVIEW_LINES);
      // Not appendCodeblock: its fence can be closed by an indented fence in the body.
      if (preview.length > 0) markdown.appendMarkdown(`\n\n---\n\n${markdownCodeBlock(preview.join('\n'), 'markdown')}`);
      markdown.appendMarkdown('\n\n---\n\n');
      markdown.appendMarkdown(`$(references) ${escape(backlinks === 1 ? vscode.l10n.t('1 memory links here') : vscode.l10n.t('{0} memories link here', backlinks))} · ${markdownCode(memory.path)}`);
      return new vscode.Hover(markdown, toVsRange(link.range));
    },
  });
}
