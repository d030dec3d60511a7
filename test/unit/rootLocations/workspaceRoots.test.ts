import * as assert from 'node:assert/strict';
import { resolveConfiguredRoot, resolveWorkspaceRoots, type WorkspaceRootsInput } from '../../../src/rootLocations/workspaceRoots';
import { FakeRootsHost } from './fakeRootsHost';

const HOME = '/home/ana';
const APP = '/home/ana/shop';
const AUTO = '/home/ana/.claude/projects/-home-ana-shop/memory';

function input(overrides: Partial<WorkspaceRootsInput> = {}): WorkspaceRootsInput {
  return {
    workspaceFolder: APP,
    homeDir: HOME,
    env: {},
    trusted: true,
    configuredRoots: [],
    showAutoMemory: true,
    ...overrides,
  };
}

function summary(roots: Awaited<ReturnType<typeof resolveWorkspaceRoots>>): [string, string, boolean][] {
  return roots.map((r) => [r.kind, r.path, r.exists]);
}

describe('roots/workspaceRoots', () => {
  describe('resolveConfiguredRoot', () => {
    const cases: [string, string, 'posix' | 'win32', string | undefined][] = [
      ['relative to the workspace folder', 'docs/memory', 'posix', '/home/ana/shop/docs/memory'],
      ['absolute, trailing slash dropped', '/srv/team-memory/', 'posix', '/srv/team-memory'],
      ['~/', '~/notes/memory', 'posix', '/home/ana/notes/memory'],
      ['~ alone is the home folder', '~', 'posix', '/home/ana'],
      ['blank entries are skipped', '  ', 'posix', undefined],
      ['Windows relative', 'docs\\memory', 'win32', 'C:\\src\\shop\\docs\\memory'],
      ['Windows ~\\', '~\\notes', 'win32', 'C:\\Users\\ana\\notes'],
      ['Windows drive root kept whole', 'D:\\', 'win32', 'D:\\'],
    ];
    for (const [label, entry, style, expected] of cases) {
      it(label, () => {
        const [folder, home] = style === 'win32' ? ['C:\\src\\shop', 'C:\\Users\\ana'] : [APP, HOME];
        assert.equal(resolveConfiguredRoot(entry, folder, home, style), expected);
      });
    }
  });

  describe('resolveWorkspaceRoots', () => {
    it('lists auto memory, the project memory/ folder and configured folders, in that order', async () => {
      const host = new FakeRootsHost({
        dirs: [`${APP}/.git`, AUTO, '/srv/team'],
        files: { [`${APP}/memory/MEMORY.md`]: '' },
      });
      const roots = await resolveWorkspaceRoots(input({ configuredRoots: ['/srv/team', 'missing'] }), host);
      assert.deepEqual(summary(roots), [
        ['auto-memory', AUTO, true],
        ['project-memory', `${APP}/memory`, true],
        ['configured', '/srv/team', true],
        ['configured', `${APP}/missing`, false],
      ]);
      const configured = roots[2];
      assert.equal(configured?.kind === 'configured' && configured.setting, '/srv/team');
    });

    it('always lists the auto memory folder, even before it exists or when Claude is not using it', async () => {
      const host = new FakeRootsHost({ dirs: [APP] });
      const roots = await resolveWorkspaceRoots(input({ env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' } }), host);
      assert.equal(roots.length, 1);
      const auto = roots[0];
      assert.equal(auto?.kind, 'auto-memory');
      assert.equal(auto?.exists, false);
      assert.equal(auto?.kind === 'auto-memory' && auto.location.loadedByClaude, false);
    });

    it('leaves auto memory out when the user hides it', async () => {
      const host = new FakeRootsHost({ dirs: [AUTO], files: { [`${APP}/memory/a.md`]: '' } });
      const roots = await resolveWorkspaceRoots(input({ showAutoMemory: false }), host);
      assert.deepEqual(summary(roots), [['project-memory', `${APP}/memory`, true]]);
    });

    it('skips a memory/ folder with no Markdown in it', async () => {
      const host = new FakeRootsHost({ files: { [`${APP}/memory/alloc.c`]: '' } });
      const roots = await resolveWorkspaceRoots(input({ showAutoMemory: false }), host);
      assert.deepEqual(roots, []);
    });

    it('finds the checkout root memory/ from a subfolder workspace', async () => {
      const host = new FakeRootsHost({
        dirs: [`${APP}/.git`, `${APP}/packages/web`],
        files: { [`${APP}/memory/MEMORY.md`]: '' },
      });
      const roots = await resolveWorkspaceRoots(
        input({ workspaceFolder: `${APP}/packages/web`, showAutoMemory: false }),
        host,
      );
      assert.deepEqual(summary(roots), [['project-memory', `${APP}/memory`, true]]);
    });

    it('lists a folder once, under the first kind that names it', async () => {
      const host = new FakeRootsHost({
        dirs: [`${APP}/.git`],
        files: {
          [`${APP}/.claude/settings.local.json`]: JSON.stringify({ autoMemoryDirectory: `${APP}/memory` }),
          [`${APP}/memory/MEMORY.md`]: '',
        },
      });
      const roots = await resolveWorkspaceRoots(input({ configuredRoots: ['memory', './memory/', `${APP}/memory`] }), host);
      assert.deepEqual(summary(roots), [['auto-memory', `${APP}/memory`, true]]);
    });

    it('compares Windows paths case-insensitively', async () => {
      const host = new FakeRootsHost({ files: { 'C:\\src\\shop\\memory\\MEMORY.md': '' } }, 'win32');
      const roots = await resolveWorkspaceRoots(
        input({
          workspaceFolder: 'C:\\src\\shop',
          homeDir: 'C:\\Users\\ana',
          showAutoMemory: false,
          configuredRoots: ['c:\\SRC\\shop\\Memory'],
        }),
        host,
      );
      assert.deepEqual(summary(roots), [['project-memory', 'C:\\src\\shop\\memory', true]]);
    });
  });
});
