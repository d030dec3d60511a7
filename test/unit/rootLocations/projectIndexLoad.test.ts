import * as assert from 'node:assert/strict';
import { hasClaudeFile, namedFolderIndexLoad, projectIndexLoad } from '../../../src/rootLocations/projectIndexLoad';
import { FakeRootsHost } from './fakeRootsHost';

describe('projectIndexLoad: how a project memory folder\'s index loads', () => {
  it('is imported when CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md imports the index, each from its own folder', async () => {
    for (const [file, line] of [['/p/CLAUDE.md', '@memory/MEMORY.md'], ['/p/.claude/CLAUDE.md', '@../memory/MEMORY.md'], ['/p/CLAUDE.local.md', '프로젝트 메모리: @./memory/MEMORY.md']]) {
      const host = new FakeRootsHost({ files: { [file]: `# 規約\n\n${line}\n` } });
      assert.equal(await projectIndexLoad('/p', '/p/memory', host), 'imported', file);
    }
  });

  it('is not loaded when no CLAUDE.md imports it: a mention in code, another folder\'s index, or no CLAUDE.md at all', async () => {
    const cases: Record<string, string>[] = [{ '/p/CLAUDE.md': '```\n@memory/MEMORY.md\n```\n' }, { '/p/CLAUDE.md': '@docs/memory/MEMORY.md\n' }, { '/p/.claude/CLAUDE.md': '@memory/MEMORY.md\n' }, {}];
    for (const files of cases) assert.equal(await projectIndexLoad('/p', '/p/memory', new FakeRootsHost({ files })), 'not-loaded', JSON.stringify(files));
  });

  it('is not loaded when the memory folder lies outside the project', async () => {
    assert.equal(await projectIndexLoad('/p', '/elsewhere/memory', new FakeRootsHost({ files: { '/p/CLAUDE.md': '@../elsewhere/memory/MEMORY.md\n' } })), 'not-loaded');
  });

  it('tells whether a folder holds any CLAUDE.md that could import an index', async () => {
    assert.equal(await hasClaudeFile('/p', new FakeRootsHost({ files: { '/p/.claude/CLAUDE.md': 'x' } })), true);
    assert.equal(await hasClaudeFile('/p', new FakeRootsHost({ files: { '/p/README.md': 'x' } })), false);
  });
});

describe('namedFolderIndexLoad: one answer for a folder named to the CLI, in memoryShelf.roots or to the language server (issue #39)', () => {
  it('takes the workspace folder\'s CLAUDE.md first: a folder deep inside the project is not loaded unless imported', async () => {
    const files = { '/p/CLAUDE.md': '# Project\n\nSee @docs/notes/MEMORY.md\n' };
    assert.equal(await namedFolderIndexLoad('/p/docs/notes', '/p', new FakeRootsHost({ files })), 'imported');
    assert.equal(await namedFolderIndexLoad('/p/docs/memory', '/p', new FakeRootsHost({ files })), 'not-loaded');
  });

  it('falls back on the folder it sits in, and in no project holds it to an entrypoint\'s limits', async () => {
    assert.equal(await namedFolderIndexLoad('/q/memory', '/p', new FakeRootsHost({ files: { '/q/CLAUDE.md': '@memory/MEMORY.md\n' } })), 'imported');
    assert.equal(await namedFolderIndexLoad('/copies/team-memory', '/copies', new FakeRootsHost({ files: { '/copies/team-memory/MEMORY.md': '# x\n' } })), 'entrypoint');
  });

  it('takes a git checkout, VS Code settings or a .claude folder for a project: a memory folder there is not loaded unless imported', async () => {
    for (const marker of ['/w/.git/HEAD', '/w/.vscode/settings.json', '/w/.claude/settings.json']) {
      const host = new FakeRootsHost({ files: { [marker]: 'x', '/w/notes/MEMORY.md': '# x\n' } });
      assert.equal(await namedFolderIndexLoad('/w/notes', '/w', host), 'not-loaded', marker);
    }
  });

  it('reads auto memory and subagent memory as entrypoints wherever they are named', async () => {
    const host = new FakeRootsHost({ files: { '/p/CLAUDE.md': '# nothing imported\n' } });
    assert.equal(await namedFolderIndexLoad('/home/u/.claude/projects/-p/memory', '/p', host), 'entrypoint');
    assert.equal(await namedFolderIndexLoad('/p/.claude/agent-memory/reviewer', '/p', host), 'entrypoint');
  });
});
