import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentContainerPlaces, namedPlace } from '../../../src/language/namedPlaces';
import { discoverRootPlaces, withTeamPlace, type RootPlace } from '../../../src/language/rootPlaces';

describe('namedPlace, agentContainerPlaces, withTeamPlace: the CLI\'s named roots as RootPlace records', () => {
  let scratch: string;
  const memory = (folder: string, name: string): void => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${name}.md`), `---\nname: ${name}\ndescription: ${name}\ntype: project\n---\nA fact.\n`);
  };
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-named-'));
    // A project whose CLAUDE.md imports docs/memory's index; its agent-memory folder holds a stray MEMORY.md.
    mkdirSync(join(scratch, 'proj', '.claude'), { recursive: true });
    writeFileSync(join(scratch, 'proj', 'CLAUDE.md'), '@docs/memory/MEMORY.md\n');
    memory(join(scratch, 'proj', 'docs', 'memory'), 'a');
    memory(join(scratch, 'proj', 'notes'), 'n');
    memory(join(scratch, 'proj', '.claude', 'agent-memory', 'reviewer'), 'r');
    memory(join(scratch, 'proj', '.claude', 'agent-memory', 'writer'), 'w');
    writeFileSync(join(scratch, 'proj', '.claude', 'agent-memory', 'MEMORY.md'), '# stale\n');
    memory(join(scratch, 'proj', '.claude', 'agent-memory-local', 'mine'), 'm');
    // A folder in no project, and a link to a folder laid out as auto memory.
    memory(join(scratch, 'loose'), 'l');
    memory(join(scratch, 'home', '.claude', 'projects', '-p', 'memory'), 'x');
    symlinkSync(join(scratch, 'home', '.claude', 'projects', '-p', 'memory'), join(scratch, 'auto-link'));
    // Team folders with an index of their own.
    memory(join(scratch, 'proj', 'memory'), 'p');
    memory(join(scratch, 'proj', 'memory', 'team'), 't');
    writeFileSync(join(scratch, 'proj', 'memory', 'team', 'MEMORY.md'), '# Team\n');
    memory(join(scratch, 'loose', 'team'), 't');
    writeFileSync(join(scratch, 'loose', 'team', 'MEMORY.md'), '# Team\n');
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('takes a named folder as written only inside itself, loading as the project that holds it says', async () => {
    const proj = join(scratch, 'proj');
    const imported = await namedPlace('docs/memory', proj);
    assert.deepEqual(imported, { folder: join(proj, 'docs', 'memory'), kind: 'named', exclude: [], indexLoad: 'imported', writeBoundary: join(proj, 'docs', 'memory'), warnings: [], workspaceFolder: proj });
    assert.equal((await namedPlace('notes', proj)).indexLoad, 'not-loaded');
    assert.equal((await namedPlace(join(scratch, 'loose'), proj)).indexLoad, 'entrypoint');
    // Named through a link, a folder that really is auto memory is an entrypoint, though its path says nothing.
    const linked = await namedPlace('../auto-link', proj);
    assert.equal(linked.folder, join(scratch, 'auto-link'));
    assert.equal(linked.indexLoad, 'entrypoint');
  });

  it('gives each agent of a named agent-memory folder a place of its own, written only inside itself', async () => {
    const proj = join(scratch, 'proj');
    const container = await agentContainerPlaces(await namedPlace('.claude/agent-memory', proj));
    assert.ok(container);
    assert.equal(container.hasIndex, true);
    const base = join(proj, '.claude', 'agent-memory');
    assert.deepEqual(container.agents.map((place) => ({ folder: place.folder, kind: place.kind, indexLoad: place.indexLoad, writeBoundary: place.writeBoundary, agent: place.agent })), [
      { folder: join(base, 'reviewer'), kind: 'agent', indexLoad: 'entrypoint', writeBoundary: join(base, 'reviewer'), agent: { name: 'reviewer', scope: 'project' } },
      { folder: join(base, 'writer'), kind: 'agent', indexLoad: 'entrypoint', writeBoundary: join(base, 'writer'), agent: { name: 'writer', scope: 'project' } },
    ]);
    const local = await agentContainerPlaces(await namedPlace('.claude/agent-memory-local', proj));
    assert.deepEqual(local?.agents.map((place) => place.agent), [{ name: 'mine', scope: 'local' }]);
    assert.equal(local?.hasIndex, false);
    // A found place keeps its boundary for its agents: the project.
    const found: RootPlace = { ...(await namedPlace('.claude/agent-memory', proj)), kind: 'configured', writeBoundary: proj };
    assert.deepEqual((await agentContainerPlaces(found))?.agents.map((place) => place.writeBoundary), [proj, proj]);
    assert.equal(await agentContainerPlaces(await namedPlace('notes', proj)), undefined);
    assert.equal(await agentContainerPlaces(await namedPlace('.claude/agent-memory/reviewer', proj)), undefined);
  });

  it('splits a team/ with its own index off as a place, bounded as its folder is', async () => {
    const loose = await withTeamPlace(await namedPlace(join(scratch, 'loose'), scratch));
    assert.deepEqual(loose.map((place) => ({ folder: place.folder, kind: place.kind, exclude: place.exclude, writeBoundary: place.writeBoundary, indexLoad: place.indexLoad })), [
      { folder: join(scratch, 'loose'), kind: 'named', exclude: ['team/**'], writeBoundary: join(scratch, 'loose'), indexLoad: 'entrypoint' },
      { folder: join(scratch, 'loose', 'team'), kind: 'team', exclude: [], writeBoundary: join(scratch, 'loose', 'team'), indexLoad: 'entrypoint' },
    ]);
    assert.equal(loose[1].teamOf, loose[0]);
    // The project's memory/ and its team are written only inside the project.
    const proj = join(scratch, 'proj');
    const found = await discoverRootPlaces([proj], { settings: { roots: [], autoMemoryShow: false }, trustClaudeSettings: false });
    assert.deepEqual(found.filter((place) => place.kind !== 'agent').map((place) => [place.kind, place.writeBoundary]), [['project-memory', proj], ['team', proj]]);
    assert.deepEqual(await withTeamPlace(await namedPlace('notes', proj)), [await namedPlace('notes', proj)]);
  });
});
