import { MarkupKind, type Hover, type HoverParams } from 'vscode-languageserver/node';
import { bodyPreview, escapeMarkdown as escape, linkAt, linksTo, linksToReservation, markdownCode, markdownCodeBlock, memoryTitle, probableTarget } from '../core';
import { t } from './l10n';
import type { MemoryShelfServer } from './server';

const PREVIEW_LINES = 6;

/**
 * Hovering a `[[link]]` shows its target without opening it, as in VS Code: title, type, description,
 * the first lines of the body and how many memories link to it; a dangling link says who reserves it
 * and which existing memory it probably meant.
 */
export function hover(server: MemoryShelfServer, params: HoverParams): Hover | undefined {
  const model = server.documentModel(params.textDocument.uri);
  const link = model && linkAt(model.links, params.position);
  if (!model || !link) return undefined;
  const { root } = model;
  const resolution = root.store.resolveLink(link.target);
  const parts: string[] = [];
  if (resolution.status === 'dangling') {
    const sources = new Set(linksToReservation(root.store, link.target).map((occurrence) => occurrence.path)).size;
    parts.push(`**${escape(link.target)}**`);
    const meant = probableTarget(link.target, root.store);
    if (meant) parts.push(escape(t('Link to "{0}" ({1}), which exists', memoryTitle(root.store, meant.candidate), meant.candidate.path)));
    parts.push(escape(sources === 1 ? t('Reserved by 1 memory, not written yet') : t('Reserved by {0} memories, not written yet', sources)));
  } else if (resolution.status === 'ambiguous') {
    parts.push(escape(t('{0} memories answer to "{1}":', resolution.targets.length, link.target)));
    parts.push(resolution.targets.map((target) => `- [${escape(memoryTitle(root.store, target))}](${server.uriOfFile(root, target.path)}) ${markdownCode(target.path)}`).join('\n'));
  } else {
    const memory = resolution.targets[0];
    const backlinks = new Set(linksTo(root.store, memory).map((occurrence) => occurrence.path)).size;
    parts.push(`**${escape(memoryTitle(root.store, memory))}** · ${escape(memory.type ?? t('no type'))}`);
    parts.push(memory.description ? escape(memory.description) : `_${escape(t('No description: this memory will not be recalled.'))}_`);
    const preview = bodyPreview(memory, PREVIEW_LINES);
    if (preview.length > 0) parts.push('---', markdownCodeBlock(preview.join('\n'), 'markdown'));
    parts.push('---', `${escape(backlinks === 1 ? t('1 memory links here') : t('{0} memories link here', backlinks))} · ${markdownCode(memory.path)}`);
  }
  return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n') }, range: link.range };
}
