import { MarkupKind, type Hover, type HoverParams } from 'vscode-languageserver/node';
import { escapeMarkdown as escape, markdownCode, markdownCodeBlock } from '../core';
import { linkHover } from '../language/hover';
import { t } from './l10n';
import type { ServerContext } from './context';

/**
 * Hovering a `[[link]]` shows its target without opening it, as in VS Code (the language layer's
 * {@link linkHover}, worded here as Markdown): title, type, description, the first lines of the body
 * and how many memories link to it; a dangling link says who reserves it and which existing memory it
 * probably meant.
 */
export function hover(server: ServerContext, params: HoverParams): Hover | undefined {
  const model = server.documentModel(params.textDocument.uri);
  const answer = model && linkHover(model.root.store, model.links, params.position);
  if (!model || !answer) return undefined;
  const parts: string[] = [];
  if (answer.kind === 'dangling') {
    parts.push(`**${escape(answer.target)}**`);
    if (answer.meant) parts.push(escape(t('Link to "{0}" ({1}), which exists', answer.meant.title, answer.meant.path)));
    parts.push(escape(answer.reservedBy === 1 ? t('Reserved by 1 memory, not written yet') : t('Reserved by {0} memories, not written yet', answer.reservedBy)));
  } else if (answer.kind === 'ambiguous') {
    parts.push(escape(t('{0} memories answer to "{1}":', answer.candidates.length, answer.target)));
    parts.push(answer.candidates.map((target) => `- [${escape(target.title)}](${server.uriOfFile(model.root, target.path)}) ${markdownCode(target.path)}`).join('\n'));
  } else {
    parts.push(`**${escape(answer.memory.title)}** · ${escape(answer.type ?? t('no type'))}`);
    parts.push(answer.description ? escape(answer.description) : `_${escape(t('No description: this memory will not be recalled.'))}_`);
    if (answer.preview.length > 0) parts.push('---', markdownCodeBlock(answer.preview.join('\n'), 'markdown'));
    parts.push('---', `${escape(answer.backlinks === 1 ? t('1 memory links here') : t('{0} memories link here', answer.backlinks))} · ${markdownCode(answer.memory.path)}`);
  }
  return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n') }, range: answer.range };
}
