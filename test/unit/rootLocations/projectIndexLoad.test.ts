import * as assert from 'node:assert/strict';
import { hasClaudeFile, projectIndexLoad } from '../../../src/rootLocations/projectIndexLoad';
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
