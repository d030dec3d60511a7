import { entryLine, indexEntryLine, planIndexLine } from '../../edits/indexEntry';
import { indexLineTitle } from '../../memoryLabel';
import type { MemoryFile } from '../../memoryFile';
import { foldedKeys, type MemoryStore } from '../../memoryStore';
import type { FileEdit } from '../../problems';
import { foldName, INDEX_FILE_NAME } from '../../rootPath';
import type { RootPath } from '../../types';
import { IndexText } from '../../indexText';
import type { MemoryLink } from '../../wikiLinks';
import { rootConventions } from '../../conventions';
import { linksTo, type LinkOccurrence } from '../references';

export type PromotePlan =
  | {
      readonly ok: true;
      /** Edits of the root the memory leaves: its index lines removed, then the file deleted (to the trash). */
      readonly source: readonly FileEdit[];
      /** Edits of the root it joins: the file created with the same bytes, then its index line. */
      readonly target: readonly FileEdit[];
      /** Where the memory lands in the target root: the same root-relative path it had. */
      readonly path: RootPath;
      /** What happened to its MEMORY.md line: moved across, written new (it had none), or already listed in the target. */
      readonly indexLine: 'moved' | 'added' | 'already-listed';
      /** Links left in the source root that named the memory: they stay as written and become reservations there. */
      readonly backlinksLeft: readonly LinkOccurrence[];
      /** The memory's own links to memories that stay behind: reservations in the target root. */
      readonly linksLeft: readonly MemoryLink[];
      /** Links in the target root that reserved its name and now resolve to it. */
      readonly reservationsResolved: number;
      /** Other links of the source MEMORY.md to the file (in prose, tables), off the removed lines: they will point at nothing. */
      readonly indexLinksLeft: number;
    }
  | { readonly ok: false; readonly reason: 'name-taken' | 'file-taken'; readonly path: RootPath };

/**
 * Moves a memory from one root to another (Claude Code's machine-local auto memory into the project's
 * committed `memory/`): the file with its exact bytes, and its MEMORY.md line, title and hook as the
 * person wrote them, from the source index to the target's, in the target's dash and line ending.
 *
 * Links: a `[[name]]` resolves inside its own root only (each root is one MemoryStore, and Claude Code
 * has no syntax for a link into another folder). Links elsewhere in the source root that named the moved
 * memory are left as written, not rewritten: the name still says which fact they mean, and the agent
 * that reads the auto memory also reads the project memory, where the fact now is. Rewriting them to a
 * path would write a machine-specific absolute path into a file, and unlinking would lose the pointer.
 * In the source root they show as reservations; the plan lists them (and the memory's own links to
 * facts that stay behind) so the confirmation can say so before anything changes.
 *
 * Refuses, writing nothing, when the target already holds a memory the moved one's name or file stem
 * would collide with (same name, or same stem or name with case and `_`/`-` folded: its links would
 * turn ambiguous) or a memory at the same path.
 */
export function planPromoteToRoot(source: MemoryStore, memory: MemoryFile, target: MemoryStore, types: readonly string[]): PromotePlan {
  const path = memory.path;
  const fileClash = [...target.memories()].find((other) => other.path.toLowerCase() === path.toLowerCase());
  if (fileClash) return { ok: false, reason: 'file-taken', path: fileClash.path };
  const keys = foldedKeys(memory);
  for (const key of keys) {
    const [clash] = target.withFoldedKey(key);
    if (clash) return { ok: false, reason: 'name-taken', path: clash.path };
  }
  const nameClash = memory.name === undefined ? undefined : target.findByName(memory.name)[0];
  if (nameClash) return { ok: false, reason: 'name-taken', path: nameClash.path };

  const sourceEdits: FileEdit[] = [];
  const entries = source.indexEntriesFor(path);
  if (source.index && entries.length > 0) {
    const lines = new IndexText(source.index);
    const removals = [...new Set(entries.map((entry) => entry.line))].sort((a, b) => a - b).map((line) => lines.removeLine(line));
    sourceEdits.push({ kind: 'edit', path: INDEX_FILE_NAME, edits: removals });
  }
  sourceEdits.push({ kind: 'delete', path });

  const targetEdits: FileEdit[] = [{ kind: 'create', path, content: (memory.hasBom ? '\uFEFF' : '') + memory.text }];
  const style = rootConventions(target);
  let indexLine: 'moved' | 'added' | 'already-listed';
  if (target.indexEntriesFor(path).length > 0) {
    indexLine = 'already-listed';
  } else {
    const moved = entries[0];
    // The moved line keeps the person's title and hook (as MEMORY.md holds it); a memory the source
    // index did not list gets the line a new memory gets, so the project index does not miss it.
    const line = moved
      ? entryLine(moved.title, path, moved.hook, style.indexDash)
      : indexEntryLine(path, { title: indexLineTitle(memory, types), description: memory.description }, style.indexDash);
    indexLine = moved ? 'moved' : 'added';
    targetEdits.push(planIndexLine(target.index, line, style));
  }

  const backlinksLeft = linksTo(source, memory).filter((occurrence) => occurrence.path !== path);
  const linksLeft = memory.links.filter((link) => {
    const before = source.resolveLink(link.target);
    if (before.status === 'dangling' || before.targets.every((other) => other === memory)) return false;
    return target.resolveLink(link.target).status === 'dangling';
  });
  let reservationsResolved = 0;
  for (const reservation of target.reservations()) {
    if (keys.has(foldName(reservation.name))) reservationsResolved += reservation.references.length;
  }
  const removedLines = new Set(entries.map((entry) => entry.line));
  const indexLinksLeft = source.indexLinksFor(path).filter((link) => !removedLines.has(link.line)).length;
  return { ok: true, source: sourceEdits, target: targetEdits, path, indexLine, backlinksLeft, linksLeft, reservationsResolved, indexLinksLeft };
}
