import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { nodeReaderHost } from '../../../src/reader';
import { agentFolderName, discoverAgentMemory, MAX_AGENT_DEFINITION_BYTES } from '../../../src/rootLocations/agentMemory';
import { FIXTURES } from '../helpers/fixtures';

const CLI = join(FIXTURES, '..', '..', 'dist', 'cli.js');

describe('subagent memory (agent definitions with memory: user | project | local)', () => {
  let scratch: string;
  let repo: string;
  let config: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-agents-'));
    cpSync(join(FIXTURES, 'subagents'), scratch, { recursive: true });
    repo = join(scratch, 'repo');
    config = join(scratch, 'home', '.claude');
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('finds the three scopes\' folders, with the agent each belongs to and whether it loads', async () => {
    const roots = await discoverAgentMemory({ workspaceFolder: repo, homeDir: join(scratch, 'nowhere'), env: { CLAUDE_CONFIG_DIR: config } }, nodeReaderHost);
    assert.deepEqual(roots.map((root) => [relative(scratch, root.path), root.scope, root.agent, root.exists, root.loads]), [
      ['home/.claude/agent-memory/doc-writer', 'user', 'doc-writer', true, true],
      ['repo/.claude/agent-memory/code-reviewer', 'project', 'code-reviewer', true, true],
      // Left from an agent no definition names now: shown, not loaded.
      ['repo/.claude/agent-memory/old-agent', 'project', 'old-agent', true, false],
      ['repo/.claude/agent-memory-local/test-runner', 'local', 'test-runner', true, true],
    ]);
  });

  it('reads a definition only through the reader\'s checks: an oversized one is not read', async () => {
    writeFileSync(join(repo, '.claude', 'agents', 'huge.md'), `---\nname: huge\nmemory: project\n---\n${'x'.repeat(MAX_AGENT_DEFINITION_BYTES)}\n`);
    writeFileSync(join(repo, '.claude', 'agents', 'small.md'), '---\nname: plugin:small\nmemory: project\n---\nx\n');
    const roots = await discoverAgentMemory({ workspaceFolder: repo, homeDir: scratch, env: {} }, nodeReaderHost, ['project']);
    assert.deepEqual(roots.map((root) => [root.agent, root.exists, root.loads]), [
      ['code-reviewer', true, true],
      ['old-agent', true, false],
      [agentFolderName('plugin:small'), false, true],
    ]);
  });

  it('memory-shelf check with no ROOT in a repository with .claude/agent-memory and no memory/ checks those folders', () => {
    const result = spawnSync(process.execPath, [CLI, 'check', '--json'], { cwd: repo, encoding: 'utf8', env: { ...process.env, CLAUDE_CONFIG_DIR: join(scratch, 'no-claude') } });
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { roots: { path: string; memories: number }[]; problems: unknown[] };
    assert.deepEqual(report.roots, [
      { path: '.claude/agent-memory/code-reviewer', memories: 2 },
      { path: '.claude/agent-memory/old-agent', memories: 1 },
      { path: '.claude/agent-memory-local/test-runner', memories: 1 },
    ]);
    assert.deepEqual(report.problems, []);
  });
});
