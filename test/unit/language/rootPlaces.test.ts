import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverRootPlaces } from '../../../src/language/rootPlaces';

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
});
