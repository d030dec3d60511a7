import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverRootPlaces, nestedProjectPlaces } from '../../../src/language/rootPlaces';

describe('discoverRootPlaces: one found-root record', () => {
  let project: string;
  before(() => {
    project = mkdtempSync(join(tmpdir(), 'memory-shelf-places-'));
    mkdirSync(join(project, 'memory', 'team'), { recursive: true });
    writeFileSync(join(project, 'memory', 'MEMORY.md'), '# Memory\n');
    writeFileSync(join(project, 'memory', 'a.md'), '---\nname: a\n---\n');
    writeFileSync(join(project, 'memory', 'team', 'MEMORY.md'), '# Team\n');
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  it('gives a project memory folder and its team/ the project as their write boundary, and the team its own place', async () => {
    const places = await discoverRootPlaces([project], { settings: { roots: [], autoMemoryShow: false }, trustClaudeSettings: false });
    const memory = join(project, 'memory');
    assert.deepEqual(places.map((place) => ({ folder: place.folder, kind: place.kind, exclude: place.exclude, writeBoundary: place.writeBoundary })), [
      { folder: memory, kind: 'project-memory', exclude: ['team/**'], writeBoundary: project },
      { folder: join(memory, 'team'), kind: 'team', exclude: [], writeBoundary: project },
    ]);
  });

  it('tells once of each project CLAUDE.md that is there but not read (a folder, a FIFO), and of nothing else', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'memory-shelf-places-claude-'));
    try {
      mkdirSync(join(repo, 'memory'));
      writeFileSync(join(repo, 'memory', 'a.md'), '---\nname: a\n---\n');
      mkdirSync(join(repo, 'notes'));
      mkdirSync(join(repo, '.git'));
      mkdirSync(join(repo, 'CLAUDE.md'));
      mkdirSync(join(repo, '.claude'));
      execFileSync('mkfifo', [join(repo, '.claude', 'CLAUDE.md')]);
      writeFileSync(join(repo, 'CLAUDE.local.md'), '@memory/MEMORY.md\n');
      const told: string[] = [];
      // The roots entry reads the same CLAUDE.md files again: each is still told once.
      const places = await discoverRootPlaces([repo], { settings: { roots: ['notes'], autoMemoryShow: false }, trustClaudeSettings: false, claudeFileNotRead: (file) => told.push(file) });
      assert.deepEqual(told.sort(), [join(repo, '.claude', 'CLAUDE.md'), join(repo, 'CLAUDE.md')].sort());
      assert.deepEqual(places.map((place) => [place.kind, place.importedBy]), [['project-memory', 'CLAUDE.local.md'], ['configured', undefined]]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('takes a memory/ deeper in the workspace as a project memory folder, its team/ split off, imported by the top CLAUDE.md', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'memory-shelf-places-nested-'));
    try {
      const nested = join(repo, 'packages', 'a', 'memory');
      mkdirSync(join(nested, 'team'), { recursive: true });
      writeFileSync(join(nested, 'MEMORY.md'), '# Memory\n');
      writeFileSync(join(nested, 'team', 'MEMORY.md'), '# Team\n');
      writeFileSync(join(repo, 'CLAUDE.md'), '@packages/a/memory/MEMORY.md\n');
      const places = await nestedProjectPlaces(nested, repo);
      assert.deepEqual(places.map((place) => ({ folder: place.folder, kind: place.kind, exclude: place.exclude, indexLoad: place.indexLoad, importedBy: place.importedBy, writeBoundary: place.writeBoundary })), [
        { folder: nested, kind: 'project-memory', exclude: ['team/**'], indexLoad: 'imported', importedBy: 'CLAUDE.md', writeBoundary: repo },
        { folder: join(nested, 'team'), kind: 'team', exclude: [], indexLoad: 'imported', importedBy: undefined, writeBoundary: repo },
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
