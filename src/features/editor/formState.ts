import * as vscode from 'vscode';
import { frontmatterEntries, isPinned, MAX_PINNED, typePath, type MemoryFile } from '../../core';
import { rootShape } from '../../workspace/roots/rootShape';
import type { BacklinkView, FieldView, FormState, LinkView, ProblemView } from '../../webview/editor/protocol';
import { splitStamp } from '../../webview/editor/stampFacts';
import { localized } from '../../workspace/display/localized';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import type { Services } from '../../workspace/services';
import { editorMemory } from './editorMemory';

const OWN_FIELDS = new Set(['name', 'description', 'type']);

/** What the form shows for a document now; everything comes from the document's current text. */
export function buildFormState(document: vscode.TextDocument, services: Services): FormState {
  const { memory, root, held } = editorMemory(services, document);
  const entries = frontmatterEntries(memory);
  const typeKey = typePath(memory);
  const value = (path: string): string => entries.find((entry) => entry.path === path)?.value ?? '';
  // A durable-lesson root (or one the setting forces so) shows a Pinned toggle, as the tree shows a Pinned group.
  const typing = root ? rootShape(root, services.config).typing : 'typed';
  const pinToggle = typing === 'untyped' && memory.typeLocation === undefined;
  const fields: FieldView[] = entries.filter((entry) => !OWN_FIELDS.has(entry.path) && entry.path !== typeKey && !(pinToggle && entry.path === 'metadata.pinned'));
  // Claude Code's stamp is a record of the write: a line of facts, not fields to edit.
  const { stamp, others } = splitStamp(fields);
  const backlinks: BacklinkView[] = root && held
    ? root.store.backlinks(held).map(({ source, link }) => ({
      // Named as the tree names it: a slug or a file name says less than a title (issue #40).
      source: memoryTitle(root, source),
      path: source.path,
      line: link.range.start.line,
      text: (source.text.split(/\r\n|\n|\r/)[link.range.start.line] ?? '').trim(),
    }))
    : [];
  const links: LinkView[] = [];
  const seen = new Set<string>();
  for (const link of memory.links) {
    if (seen.has(link.target)) continue;
    seen.add(link.target);
    links.push({ target: link.target, status: root ? root.store.resolveLink(link.target).status : 'dangling' });
  }
  const otherNames = root ? [...root.store.memories()].filter((other) => other.path !== memory.path && other.name).map((other) => other.name!) : [];
  return {
    version: document.version,
    title: root ? memoryTitle(root, memory) : memory.name ?? memory.stem,
    // An auto memory lives outside the workspace: its absolute path wrapped over three lines of the header.
    fileName: root && !vscode.workspace.getWorkspaceFolder(document.uri) ? `${root.info.label} › ${memory.path}` : vscode.workspace.asRelativePath(document.uri, false),
    frontmatter: memory.frontmatter.status,
    errors: memory.frontmatter.errors.map((error) => ({ line: error.range.start.line + 1, message: error.message })),
    name: value('name'),
    description: value('description'),
    type: value(typeKey),
    typePath: typeKey,
    types: services.config.typeSet().types,
    typing,
    pinned: isPinned(memory),
    pinnedCount: root ? [...root.store.memories()].filter((other) => other.path !== memory.path && isPinned(other)).length + (isPinned(memory) ? 1 : 0) : (isPinned(memory) ? 1 : 0),
    maxPinned: MAX_PINNED,
    others,
    ...(stamp ? { stamp } : {}),
    otherNames,
    inRoot: root !== undefined,
    problems: (services.problems.problemsAt(document)?.problems ?? []).map((problem): ProblemView => ({
      code: problem.code,
      severity: problem.severity,
      message: localized(problem.messageText, problem.message),
      line: problem.range.start.line,
      fixes: (problem.fixes ?? []).map((fix) => localized(fix.titleText, fix.title)),
    })),
    backlinks,
    body: memory.text.slice(memory.frontmatter.bodyStart),
    links,
  };
}

/** The value the form shows for `path` in `memory`, `type` wherever the file keeps it. */
export function fieldValue(memory: MemoryFile, path: string): string {
  const resolved = path === 'type' ? typePath(memory) : path;
  return frontmatterEntries(memory).find((entry) => entry.path === resolved)?.value ?? '';
}
