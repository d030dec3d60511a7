import * as assert from 'node:assert/strict';
import { createMemoryLanguage } from '../../../src/language/memoryLanguage';
import type { RootSession } from '../../../src/language/rootSession';
import { answerRoot, FILES } from './answerRoot';

const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });

describe('the language layer\'s navigation and file moves, without VS Code or a language server', () => {
  const language = createMemoryLanguage();
  let session: RootSession;
  let dispose: () => void;
  before(async () => ({ session, dispose } = await answerRoot()));
  after(() => dispose());

  it('definition: a [[link]] leads to its memory, a MEMORY.md entry to its file, a dangling link nowhere', () => {
    const link = language.definition(session, 'commit-style.md', FILES['commit-style.md'], { line: 5, character: 45 });
    assert.deepEqual(link && { range: link.range, paths: link.memories.map((memory) => memory.path) }, { range: range(5, 41, 57), paths: ['deploy-steps.md'] });
    const entry = language.definition(session, 'MEMORY.md', FILES['MEMORY.md'], { line: 2, character: 20 });
    assert.deepEqual(entry && { range: entry.range, paths: entry.memories.map((memory) => memory.path) }, { range: range(2, 17, 32), paths: ['commit-style.md'] });
    assert.equal(language.definition(session, 'deploy-steps.md', FILES['deploy-steps.md'], { line: 5, character: 35 }), undefined);
  });

  it('document links: the links that lead to one memory, in memories and in MEMORY.md', () => {
    assert.deepEqual(language.documentLinks(session, 'commit-style.md', FILES['commit-style.md']), [{ range: range(5, 41, 57), path: 'deploy-steps.md' }]);
    assert.deepEqual(language.documentLinks(session, 'deploy-steps.md', FILES['deploy-steps.md']), []);
    assert.deepEqual(language.documentLinks(session, 'MEMORY.md', FILES['MEMORY.md']), [{ range: range(2, 17, 32), path: 'commit-style.md' }, { range: range(3, 17, 32), path: 'deploy-steps.md' }]);
  });

  it('references: on a name, its declaration and every link to it; on a dangling link, the links reserving the name', () => {
    const onName = language.references(session, 'deploy-steps.md', FILES['deploy-steps.md'], { line: 1, character: 8 }, true);
    assert.deepEqual(onName, [{ path: 'deploy-steps.md', range: range(1, 6, 18) }, { path: 'commit-style.md', range: range(5, 41, 57) }]);
    assert.deepEqual(language.references(session, 'deploy-steps.md', FILES['deploy-steps.md'], { line: 1, character: 8 }, false), [{ path: 'commit-style.md', range: range(5, 41, 57) }]);
    assert.deepEqual(language.references(session, 'deploy-steps.md', FILES['deploy-steps.md'], { line: 5, character: 35 }, true), [{ path: 'deploy-steps.md', range: range(5, 29, 46) }]);
    assert.equal(language.references(session, 'deploy-steps.md', FILES['deploy-steps.md'], { line: 5, character: 2 }, true), undefined);
  });

  it('references: on a name typed ahead of the root, the declaration is where the document shows it; the links are the root\'s', () => {
    // A line typed above `name:` that the root has not taken in yet.
    const typed = FILES['deploy-steps.md'].replace('---\nname:', '---\nowner: ops\nname:');
    assert.deepEqual(language.references(session, 'deploy-steps.md', typed, { line: 2, character: 8 }, true), [{ path: 'deploy-steps.md', range: range(2, 6, 18) }, { path: 'commit-style.md', range: range(5, 41, 57) }]);
  });

  it('references: on a MEMORY.md entry, the memory\'s name and the [[links]] to it (VS Code\'s Find All References asks this too)', () => {
    assert.deepEqual(language.references(session, 'MEMORY.md', FILES['MEMORY.md'], { line: 3, character: 20 }, true), [{ path: 'deploy-steps.md', range: range(1, 6, 18) }, { path: 'commit-style.md', range: range(5, 41, 57) }]);
  });

  it('definition says whether a [[link]] or a MEMORY.md entry leads there', () => {
    assert.equal(language.definition(session, 'commit-style.md', FILES['commit-style.md'], { line: 5, character: 45 })?.from, 'link');
    assert.equal(language.definition(session, 'MEMORY.md', FILES['MEMORY.md'], { line: 2, character: 20 })?.from, 'entry');
  });

  it('unresolved links: a dangling [[link]] with the memory it probably meant, if any', () => {
    assert.deepEqual(language.unresolvedLinks(session, 'deploy-steps.md', FILES['deploy-steps.md']), [{ range: range(5, 29, 46), target: 'release-owner', kind: 'dangling', meant: undefined }]);
    const text = '---\nname: notes\ndescription: Notes\ntype: project\n---\nSee [[steps]] and [[commit-style]].\n';
    assert.deepEqual(language.unresolvedLinks(session, 'notes.md', text), [{ range: range(5, 4, 13), target: 'steps', kind: 'dangling', meant: { title: 'Deploy steps', path: 'deploy-steps.md' } }]);
  });

  it('file moves: a memory moved in its root retargets its MEMORY.md entry; a file the index does not list, no edit', () => {
    const edits = language.fileMoves([{ root: session, from: 'deploy-steps.md', to: 'ops/deploy-steps.md' }]);
    assert.equal(edits.length, 1);
    assert.equal(edits[0].root, session);
    assert.deepEqual(edits[0].edit, { kind: 'edit', path: 'MEMORY.md', edits: [{ range: range(3, 17, 32), newText: 'ops/deploy-steps.md' }] });
    assert.deepEqual(language.fileMoves([{ root: session, from: 'notes.md', to: 'ops/notes.md' }]), []);
  });
});
