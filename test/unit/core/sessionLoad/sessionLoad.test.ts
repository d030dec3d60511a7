import * as assert from 'node:assert/strict';
import { buildSessionLoad, findImports, sizeOf, type SessionLoad } from '../../../../src/core/sessionLoad';
import { gatherSessionFiles } from '../../../../src/rootLocations/sessionFiles';
import { FakeReaderHost } from '../../reader/fakeReaderHost';
import { FakeRootsHost } from '../../rootLocations/fakeRootsHost';
import { fixtureTree } from './fixtureTree';

async function preview(tree: Record<string, string>, env: Record<string, string> = {}): Promise<SessionLoad> {
  const gathered = await gatherSessionFiles(
    { folder: '/home/u/proj/app', homeDir: '/home/u', env, platform: 'linux', trusted: true },
    new FakeReaderHost(tree),
    new FakeRootsHost({ files: tree }),
  );
  return buildSessionLoad(gathered.input);
}

const brief = (load: SessionLoad): string[] => load.parts.map((part) => `${part.kind} ${part.status} ${part.depth} ${part.path}`);

const APPROVED = JSON.stringify({ projects: { '/home/u/proj/app': { hasClaudeMdExternalIncludesApproved: true } } });

describe('session preview: what Claude Code loads at session start', () => {
  // The project approved imports from outside it, so the ancestor's import chain loads and its hops show.
  const tree: Record<string, string> = { ...fixtureTree('hierarchy'), '/home/u/.claude.json': APPROVED };

  it('lists managed, user, ancestor and local files, their imports and rules in load order', async () => {
    const load = await preview(tree);
    assert.deepEqual(brief(load), [
      'managed loaded 0 /etc/claude-code/CLAUDE.md',
      'user loaded 0 /home/u/.claude/CLAUDE.md',
      'import loaded 1 /home/u/.claude/extra.md',
      'user-rule loaded 0 /home/u/.claude/rules/style.md',
      'project loaded 0 /home/u/proj/CLAUDE.md',
      'import loaded 1 /home/u/proj/docs/a.md',
      'import loaded 2 /home/u/proj/docs/b.md',
      'import loaded 3 /home/u/proj/docs/c.md',
      'import loaded 4 /home/u/proj/docs/d.md',
      'import too-deep 5 /home/u/proj/docs/e.md',
      'project loaded 0 /home/u/proj/app/CLAUDE.md',
      'import loaded 1 /home/u/proj/app/cycle1.md',
      'import loaded 2 /home/u/proj/app/cycle2.md',
      'import cycle 3 /home/u/proj/app/cycle1.md',
      'import missing 1 /home/u/proj/app/missing.md',
      'import duplicate 1 /home/u/proj/docs/a.md',
      'project loaded 0 /home/u/proj/app/.claude/CLAUDE.md',
      'project-rule loaded 0 /home/u/proj/app/.claude/rules/always.md',
      'project-rule conditional 0 /home/u/proj/app/.claude/rules/legacy/old.md',
      'project-rule conditional 0 /home/u/proj/app/.claude/rules/typescript.md',
      'local loaded 0 /home/u/proj/app/CLAUDE.local.md',
      'auto-index loaded 0 /home/u/.claude/projects/-home-u-proj-app/memory/MEMORY.md',
      'pinned not-loaded 0 /home/u/.claude/projects/-home-u-proj-app/memory/lesson_1.md',
      'pinned not-loaded 0 /home/u/.claude/projects/-home-u-proj-app/memory/lesson_2.md',
      'pinned not-loaded 0 /home/u/.claude/projects/-home-u-proj-app/memory/lesson_3.md',
      'pinned not-loaded 0 /home/u/.claude/projects/-home-u-proj-app/memory/lesson_4.md',
      'pinned not-loaded 0 /home/u/.claude/projects/-home-u-proj-app/memory/lesson_5.md',
      'team-index not-loaded 0 /home/u/.claude/projects/-home-u-proj-app/memory/team/MEMORY.md',
      'agent-index loaded 0 /home/u/proj/app/.claude/agent-memory/reviewer/MEMORY.md',
    ]);
  });

  it('without the approval, an ancestor\'s imports from outside the working folder wait for it, as Claude Code\'s do', async () => {
    const load = await preview(fixtureTree('hierarchy'));
    assert.deepEqual(brief(load).filter((line) => line.includes('/proj/docs/')), ['import needs-approval 1 /home/u/proj/docs/a.md', 'import needs-approval 1 /home/u/proj/docs/a.md']);
    // The user's own files import from anywhere.
    assert.equal(load.parts.find((part) => part.path.endsWith('extra.md'))?.status, 'loaded');
  });

  it('reads the approval from the .claude.json of a relative CLAUDE_CONFIG_DIR, which is the project\'s folder, as Claude Code does', async () => {
    // Read from the extension host's working directory before, so the approval was never found.
    const load = await preview({ ...fixtureTree('hierarchy'), '/home/u/proj/app/.cc/.claude.json': APPROVED }, { CLAUDE_CONFIG_DIR: '.cc' });
    assert.equal(load.parts.find((part) => part.path === '/home/u/proj/docs/a.md')?.status, 'loaded');
    const absolute = await preview({ ...fixtureTree('hierarchy'), '/opt/cc/.claude.json': APPROVED }, { CLAUDE_CONFIG_DIR: '/opt/cc/' });
    assert.equal(absolute.parts.find((part) => part.path === '/home/u/proj/docs/a.md')?.status, 'loaded');
  });

  it('reads the approval from a ~/.claude.json of several MB, as one grows with every project\'s history', async () => {
    const history = Array.from({ length: 3000 }, (_, i) => `prompt ${i} ${'x'.repeat(600)}`);
    const big = JSON.stringify({ projects: { '/home/u/old': { history }, '/home/u/proj/app': { hasClaudeMdExternalIncludesApproved: true } } });
    assert.ok(big.length > 1024 * 1024);
    const load = await preview({ ...fixtureTree('hierarchy'), '/home/u/.claude.json': big });
    assert.equal(load.parts.find((part) => part.path === '/home/u/proj/docs/a.md')?.status, 'loaded');
  });

  it('cuts the auto memory index at 200 lines, counting without its frontmatter, appends Claude Code\'s warning and totals what loads', async () => {
    const load = await preview(tree);
    const index = load.parts.find((part) => part.kind === 'auto-index');
    const lines = Array.from({ length: 230 }, (_, i) => `- [Memory ${i + 1}](m${i + 1}.md) — hook number ${i + 1}`);
    const kept = lines.slice(0, 200).join('\n');
    const rest = lines.slice(200).join('\n');
    const warning = '> WARNING: MEMORY.md is 230 lines (limit: 200). Only part of it was loaded: 30 of 230 lines were cut off, starting at line 201 ("- [Memory 201](m201.md) — hook number 201"). Keep index entries to one line under ~200 chars; move detail into topic files.';
    assert.equal(index?.text, `${kept}\n\n${warning}`);
    assert.equal(index?.lines, 202);
    assert.equal(index?.chars, kept.length + 2 + warning.length);
    assert.equal(index?.cut?.limit, 'lines');
    assert.equal(index?.cut?.lines, 30);
    assert.equal(index?.cut?.chars, rest.length);
    assert.equal(index?.cut?.text.split('\n')[0], lines[200]);
    const loaded = load.parts.filter((part) => part.status === 'loaded' && part.agent === undefined);
    assert.equal(load.totals.files, loaded.length);
    assert.equal(load.totals.files, 16);
    assert.equal(load.totals.chars, loaded.reduce((sum, part) => sum + part.chars, 0));
    assert.deepEqual({ files: load.cut.files, lines: load.cut.lines }, { files: 1, lines: 30 });
    assert.equal(load.conditional.files, 2);
    assert.deepEqual(load.agents.get('reviewer'), { files: 1, ...sizeOf('- [Style](style.md) — what reviewers flag') });
  });

  it('hides HTML comments and frontmatter, marks imports outside the project and keeps rule globs', async () => {
    const load = await preview(tree);
    const user = load.parts.find((part) => part.kind === 'user');
    assert.equal(user?.text, '# My defaults\n\nAnswer briefly. See @~/.claude/extra.md for tools.');
    assert.equal(load.parts.find((part) => part.path.endsWith('extra.md'))?.external, true);
    assert.equal(load.parts.find((part) => part.path.endsWith('docs/a.md'))?.external, true);
    assert.equal(load.parts.find((part) => part.path.endsWith('cycle1.md'))?.external, undefined);
    assert.deepEqual(load.parts.find((part) => part.path.endsWith('typescript.md'))?.globs, ['src/**/*.ts', 'test/**/*.ts']);
    assert.deepEqual(load.parts.find((part) => part.path.endsWith('old.md'))?.globs, ['legacy/**', 'vendor/**']);
    assert.equal(load.parts.find((part) => part.path.endsWith('typescript.md'))?.text, 'Strict TypeScript.');
  });

  it('says auto memory is off when CLAUDE_CODE_DISABLE_AUTO_MEMORY is set, and CLAUDE.md files under CLAUDE_CODE_SIMPLE', async () => {
    const off = await preview(tree, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' });
    const index = off.parts.find((part) => part.kind === 'auto-index');
    assert.equal(index?.status, 'disabled');
    assert.deepEqual(index?.disabledBy, { by: 'environment', variable: 'CLAUDE_CODE_DISABLE_AUTO_MEMORY' });
    assert.equal(off.parts.some((part) => part.kind === 'pinned' && part.status === 'loaded'), false);
    const simple = await preview(tree, { CLAUDE_CODE_SIMPLE: '1' });
    assert.ok(simple.parts.filter((part) => part.kind === 'project' || part.kind === 'managed').every((part) => part.status === 'disabled'));
    assert.equal(simple.parts.some((part) => part.kind === 'import'), false);
  });

  it('assembles the index from names and descriptions when the folder has no MEMORY.md', async () => {
    const noIndex = { ...tree };
    delete noIndex['/home/u/.claude/projects/-home-u-proj-app/memory/MEMORY.md'];
    const load = await preview(noIndex);
    const index = load.parts.find((part) => part.kind === 'auto-index');
    assert.equal(index?.generated, true);
    assert.equal(index?.lines, 6);
    // Claude Code links each memory by its file's stem, not its name.
    assert.match(index?.text ?? '', /^- \[lesson_1\]\(lesson_1\.md\) — Pinned lesson 1$/m);
  });

  it('names the topic indexes a loaded MEMORY.md links as read on demand, not at start (issue #39)', async () => {
    const withTree = { ...tree, '/home/u/.claude/projects/-home-u-proj-app/memory/MEMORY.md': '# Memory\n\n- [Role](user_role.md) — engineer\n- **[Auth](index-auth.md)** — sessions\n- [Billing](billing/INDEX.md) — refunds\n' };
    const index = (await preview(withTree)).parts.find((part) => part.kind === 'auto-index');
    assert.deepEqual(index?.readOnDemand, ['index-auth.md', 'billing/INDEX.md']);
    assert.equal((await preview(tree)).parts.find((part) => part.kind === 'auto-index')?.readOnDemand, undefined);
  });

  it('finds imports outside code only', () => {
    const refs = findImports('See @a.md and `@b.md`.\n```\n@c.md\n```\n~~~\n@d.md\n~~~\nmail x@e.md, @f\\ g.md#part, @@h.md\n').map((found) => found.ref);
    assert.deepEqual(refs, ['a.md', 'f g.md']);
  });
});
