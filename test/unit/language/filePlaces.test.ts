import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placesOfFiles } from '../../../src/language/filePlaces';

describe('placesOfFiles: the roots of --files arguments as RootPlace records', () => {
  let scratch: string;
  let repo: string;
  const write = (path: string, text = '# x\n'): void => {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-files-'));
    repo = join(scratch, 'repo');
    // A MEMORY.md above the repository is not the repository's memory folder.
    mkdirSync(repo);
    writeFileSync(join(scratch, 'MEMORY.md'), '# x\n');
    write('memory/a.md');
    write('memory/b.md');
    write('memory/team/MEMORY.md');
    write('memory/team/t.md');
    write('.claude/agent-memory/reviewer/r.md');
    write('docs/notes/MEMORY.md');
    write('docs/notes/deep/n.md');
    write('README.md');
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('groups files by their memory folder in the order met, as named places, and leaves out the rest', async () => {
    const found = await placesOfFiles(['memory/a.md', 'README.md', 'memory/team/t.md', '.claude/agent-memory/reviewer/r.md', 'memory/b.md', 'docs/notes/deep/n.md', 'missing.md', 'memory'], repo);
    assert.deepEqual(found.map(({ place, files, absolute }) => ({ folder: place.folder, kind: place.kind, files: [...files], absolute })), [
      { folder: join(repo, 'memory'), kind: 'named', files: ['a.md', 'b.md'], absolute: false },
      { folder: join(repo, 'memory', 'team'), kind: 'named', files: ['t.md'], absolute: false },
      { folder: join(repo, '.claude', 'agent-memory', 'reviewer'), kind: 'named', files: ['r.md'], absolute: false },
      { folder: join(repo, 'docs', 'notes'), kind: 'named', files: ['deep/n.md'], absolute: false },
    ]);
    assert.equal(found[2].place.indexLoad, 'entrypoint');
  });

  it('keeps a folder named by absolute paths apart from the same folder named relatively (each is printed as it was named)', async () => {
    const found = await placesOfFiles([join(repo, 'memory', 'a.md'), 'memory/b.md'], repo);
    assert.deepEqual(found.map(({ files, absolute }) => ({ files: [...files], absolute })), [
      { files: ['a.md'], absolute: true },
      { files: ['b.md'], absolute: false },
    ]);
  });

  it('does not climb above the working folder to a MEMORY.md there, but does for a file outside it', async () => {
    assert.deepEqual(await placesOfFiles(['README.md'], repo), []);
    writeFileSync(join(scratch, 'loose.md'), '# x\n');
    assert.deepEqual((await placesOfFiles(['../loose.md'], repo)).map(({ place }) => place.folder), [scratch]);
  });
});
