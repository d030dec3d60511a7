import { memoryFileName, separatorOf } from '../../conventions';
import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, titleOf, type FileEdit, type Problem, type ProblemFix } from '../../problems';
import { baseName, dirName, fileStem, foldName, INDEX_FILE_NAME } from '../../rootPath';
import { msg } from '../../text';
import type { RootPath } from '../../types';
import { fieldAnchor } from '../shared/problemAnchors';
import { setFieldEdit } from '../../edits/frontmatterEdits';
import { retargetIndexHref, writtenIndexLink } from '../../edits/indexEntry';
import { makeProblem } from '../shared/makeProblem';
import { nameStyle, namesFile } from './nameConvention';
import { isSlug, suggestSlug } from '../../slug';

/**
 * `name-file-mismatch`: the name and the file stem name different things. Case, `_`/`-` and
 * Claude Code's `<type>_` prefix never make a mismatch: `feedback_testing.md` matches `testing`,
 * `feedback-testing` and `feedback_testing`. Only identifiers are compared: a name written as a title
 * never matches a file name, and `name-not-slug` speaks for it where the folder's names are slugs. The rename fix also rewrites the
 * file's links in MEMORY.md (entries, prose, tables), so that fixing one problem does not create two (a missing file and an
 * unlisted memory); this is why the rule reads the index and is re-run when it changes. No rename is
 * offered onto a file that exists, so the rule is also re-run when such a file comes or goes.
 */
export function checkNameFileMismatch(memory: MemoryFile, store: MemoryStore): Problem[] {
  const { name, stem, path } = memory;
  if (memory.frontmatter.status !== 'ok' || name === undefined || nameStyle(name) !== 'identifier' || namesFile(name, stem)) return [];
  const fixes: (ProblemFix | undefined)[] = [];
  // The folder's way of writing file names: this file's separator, else Claude Code's `feedback_x.md`.
  const newBase = memoryFileName(name, separatorOf(path) ?? '_');
  const folder = dirName(path);
  const newPath = folder ? `${folder}/${newBase}` : newBase;
  if (isSlug(name) && !fileTaken(store, memory, newPath)) {
    const edits: FileEdit[] = [];
    const index = store.index;
    // Every link of MEMORY.md to the file, prose and tables included, as a rename retargets them.
    const links = index ? index.links.filter((link) => link.target === path) : [];
    if (index && links.length > 0) {
      edits.push({ kind: 'edit', path: INDEX_FILE_NAME, edits: links.map((link) => ({ range: link.hrefRange, newText: retargetIndexHref(writtenIndexLink(index, link), newPath) })) });
    }
    // Text edits first, the rename last, as the rename planner orders them.
    edits.push({ kind: 'rename', path, newPath });
    fixes.push({ ...titleOf(msg('Rename the file to {0}', newBase)), preferred: true, edits });
  }
  const slug = suggestSlug(undefined, stem);
  if (slug && foldName(slug) === foldName(stem)) {
    const edit = setFieldEdit(memory, 'name', slug);
    if (edit) fixes.push({ ...titleOf(msg('Change the name to {0}', slug)), edits: [{ kind: 'edit', path, edits: [edit] }] });
  }
  return [makeProblem(ProblemCode.NameFileMismatch, path, fieldAnchor(memory, 'name'), msg('The name "{0}" does not match the file name {1}.', name, stem + path.slice(-3)), undefined, fixes)];
}

/**
 * Whether renaming to `newPath` would land on another file (or MEMORY.md) where case does not tell
 * names apart, as on macOS and Windows: the rename would fail or overwrite it, and the index entries
 * it retargets would point at the other file.
 */
function fileTaken(store: MemoryStore, memory: MemoryFile, newPath: RootPath): boolean {
  const folded = newPath.toLowerCase();
  if (baseName(folded) === INDEX_FILE_NAME.toLowerCase()) return true;
  return store.withFoldedKey(foldName(fileStem(newPath))).some((other) => other !== memory && other.path.toLowerCase() === folded);
}
