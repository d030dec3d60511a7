import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import {
  MAX_SANITIZED_LENGTH,
  claudeConfigDir,
  detectPathStyle,
  findCanonicalGitRoot,
  pathHash,
  projectFolderName,
  resolveAutoMemory,
  resolveMemoryDirectorySetting,
  sanitizeProjectPath,
  type AutoMemoryInput,
  type AutoMemoryWarningCode,
} from '../../../src/rootLocations/autoMemory';
import { FakeRootsHost, type FakeTree } from './fakeRootsHost';

const HOME = '/home/ana';
const PROJECTS = '/home/ana/.claude/projects';
const APP = '/home/ana/my_app';
const APP_MEMORY = `${PROJECTS}/-home-ana-my-app/memory`;
const USER_SETTINGS = '/home/ana/.claude/settings.json';
const PROJECT_SETTINGS = `${APP}/.claude/settings.json`;
const LOCAL_SETTINGS = `${APP}/.claude/settings.local.json`;

function input(overrides: Partial<AutoMemoryInput> = {}): AutoMemoryInput {
  return { workspaceFolder: APP, homeDir: HOME, env: {}, trusted: true, ...overrides };
}

/** A git repository at APP whose auto memory folder exists, plus `files`. */
function app(files: Record<string, string> = {}, dirs: string[] = []): FakeRootsHost {
  return new FakeRootsHost({ files, dirs: [`${APP}/.git`, APP_MEMORY, ...dirs] });
}

function codes(warnings: readonly { code: AutoMemoryWarningCode }[]): AutoMemoryWarningCode[] {
  return warnings.map((w) => w.code);
}

describe('roots/autoMemory', () => {
  describe('sanitizeProjectPath', () => {
    const cases: [string, string, string][] = [
      ['underscore and slashes', '/home/ana/my_app', '-home-ana-my-app'],
      ['dots', '/Users/ana/my.project.v2', '-Users-ana-my-project-v2'],
      ['spaces', '/home/ana/My Project 2', '-home-ana-My-Project-2'],
      ['letters and digits kept', 'ABCxyz019', 'ABCxyz019'],
      ['Korean, one dash per syllable', '/home/ana/메모리', '-home-ana----'],
      ['Korean decomposed (NFD): one dash per jamo', '/home/ana/' + '한'.normalize('NFD'), '-home-ana----'],
      ['Japanese', '/home/ana/メモ', '-home-ana---'],
      ['non-BMP: two UTF-16 code units, two dashes', '/tmp/\u{1F600}', '-tmp---'],
      ['Windows drive path', 'C:\\Users\\ana\\app', 'C--Users-ana-app'],
      ['Windows UNC path', '\\\\server\\share\\app', '--server-share-app'],
      ['hyphen stays a dash', '/a-b', '-a-b'],
    ];
    for (const [label, given, expected] of cases) {
      it(label, () => {
        assert.equal(sanitizeProjectPath(given), expected);
      });
    }

    it('counts UTF-16 code units, like the JavaScript regex Claude Code uses', () => {
      const p = '/x/\u{20BB7}';
      assert.equal(sanitizeProjectPath(p).length, p.length);
    });
  });

  describe('projectFolderName', () => {
    it('keeps a name of exactly 200 characters whole', () => {
      const p = '/' + 'a'.repeat(MAX_SANITIZED_LENGTH - 1);
      assert.deepEqual(projectFolderName(p), { truncated: false, name: '-' + 'a'.repeat(199) });
    });

    it('cuts a longer name to 200 characters and adds the hash of the whole path', () => {
      const p = '/' + 'b'.repeat(MAX_SANITIZED_LENGTH);
      assert.deepEqual(projectFolderName(p), { truncated: true, prefix: '-' + 'b'.repeat(199), name: `${'-' + 'b'.repeat(199)}-${pathHash(p)}` });
    });

    it('hashes as Java\'s String.hashCode, then JavaScript\'s Math.abs in base 36', () => {
      // Java's own values: "hello".hashCode() is 99162322; "polygenelubricants".hashCode() is Integer.MIN_VALUE.
      assert.equal(pathHash('hello'), (99162322).toString(36));
      assert.equal(pathHash('polygenelubricants'), (2147483648).toString(36));
      assert.equal(pathHash(''), '0');
    });
  });

  describe('detectPathStyle', () => {
    const cases: [string, 'posix' | 'win32'][] = [
      ['/home/ana', 'posix'],
      ['C:\\Users', 'win32'],
      ['d:/src', 'win32'],
      ['\\\\server\\share', 'win32'],
    ];
    for (const [p, style] of cases) {
      it(`${p} -> ${style}`, () => assert.equal(detectPathStyle(p), style));
    }
  });

  describe('resolveMemoryDirectorySetting', () => {
    const cases: [string, string, 'posix' | 'win32', string | undefined][] = [
      ['~/ expands', '~/claude-memory/my-project', 'posix', '/home/ana/claude-memory/my-project'],
      ['absolute, trailing slash dropped', '/data/mem/', 'posix', '/data/mem'],
      ['absolute, normalised', '/data/x/../mem', 'posix', '/data/mem'],
      ['relative is refused', 'mem', 'posix', undefined],
      ['dot-relative is refused', './.claude/memory', 'posix', undefined],
      ['the root is refused', '/', 'posix', undefined],
      ['~/ alone (the home folder) is refused', '~/', 'posix', undefined],
      ['~ alone is refused', '~', 'posix', undefined],
      ['escaping home is refused', '~/../bob', 'posix', undefined],
      ['~user is not expanded', '~bob/mem', 'posix', undefined],
      ['NUL is refused', '/data/m\0em', 'posix', undefined],
      ['Windows ~\\ expands', '~\\mem', 'win32', 'C:\\Users\\ana\\mem'],
      ['Windows drive path', 'D:/mem/', 'win32', 'D:\\mem'],
      ['Windows drive root is refused', 'D:\\', 'win32', undefined],
      ['Windows UNC is refused', '\\\\server\\share\\mem', 'win32', undefined],
      ['Windows drive-relative is refused', '\\mem', 'win32', undefined],
    ];
    for (const [label, raw, style, expected] of cases) {
      it(label, () => {
        const home = style === 'win32' ? 'C:\\Users\\ana' : HOME;
        assert.equal(resolveMemoryDirectorySetting(raw, home, style), expected);
      });
    }
  });

  describe('findCanonicalGitRoot', () => {
    const worktree: FakeTree = {
      dirs: ['/repo/.git', '/repo/.git/worktrees/wt', '/work/wt/src/deep'],
      files: {
        '/work/wt/.git': 'gitdir: /repo/.git/worktrees/wt\n',
        '/repo/.git/worktrees/wt/commondir': '../..\n',
        '/repo/.git/worktrees/wt/gitdir': '/work/wt/.git\n',
      },
    };

    const cases: [string, FakeTree, string, string | undefined][] = [
      ['main worktree', { dirs: ['/repo/.git'] }, '/repo', '/repo'],
      ['subfolder of a repository', { dirs: ['/repo/.git', '/repo/packages/app'] }, '/repo/packages/app', '/repo'],
      ['no git', { dirs: ['/home/ana/notes'] }, '/home/ana/notes', undefined],
      ['linked worktree -> main worktree root', worktree, '/work/wt', '/repo'],
      ['subfolder of a linked worktree', worktree, '/work/wt/src/deep', '/repo'],
      [
        'linked worktree with relative gitdir (git worktree --relative-paths)',
        {
          dirs: ['/src/repo/.git/worktrees/wt'],
          files: {
            '/src/wt/.git': 'gitdir: ../repo/.git/worktrees/wt',
            '/src/repo/.git/worktrees/wt/commondir': '../..',
            '/src/repo/.git/worktrees/wt/gitdir': '../../../../wt/.git',
          },
        },
        '/src/wt',
        '/src/repo',
      ],
      [
        'worktree of a bare repository -> the common dir',
        {
          dirs: ['/srv/app.git/worktrees/main'],
          files: {
            '/work/main/.git': 'gitdir: /srv/app.git/worktrees/main',
            '/srv/app.git/worktrees/main/commondir': '../..',
            '/srv/app.git/worktrees/main/gitdir': '/work/main/.git',
          },
        },
        '/work/main',
        '/srv/app.git',
      ],
      [
        'submodule (.git file, no commondir) -> its own root',
        { dirs: ['/repo/.git/modules/lib'], files: { '/repo/lib/.git': 'gitdir: ../.git/modules/lib' } },
        '/repo/lib',
        '/repo/lib',
      ],
      [
        'forged worktree whose back-link points elsewhere -> its own root',
        {
          dirs: ['/victim/.git/worktrees/wt'],
          files: {
            '/evil/.git': 'gitdir: /victim/.git/worktrees/wt',
            '/victim/.git/worktrees/wt/commondir': '../..',
            '/victim/.git/worktrees/wt/gitdir': '/somewhere/else/.git',
          },
        },
        '/evil',
        '/evil',
      ],
      [
        'gitdir not under <common>/worktrees -> its own root',
        {
          dirs: ['/victim/.git/other/wt'],
          files: {
            '/evil/.git': 'gitdir: /victim/.git/other/wt',
            '/victim/.git/other/wt/commondir': '../..',
            '/victim/.git/other/wt/gitdir': '/evil/.git',
          },
        },
        '/evil',
        '/evil',
      ],
      ['.git file without gitdir: -> that folder', { files: { '/odd/.git': 'nonsense' } }, '/odd', '/odd'],
      [
        'back-link through a symlink is compared after resolving it',
        {
          dirs: ['/repo/.git/worktrees/wt', '/link/wt'],
          files: {
            '/link/wt/.git': 'gitdir: /repo/.git/worktrees/wt',
            '/real/wt/.git': 'gitdir: /repo/.git/worktrees/wt',
            '/repo/.git/worktrees/wt/commondir': '../..',
            '/repo/.git/worktrees/wt/gitdir': '/real/wt/.git',
          },
          links: { '/link': '/real' },
        },
        '/link/wt',
        '/repo',
      ],
    ];
    for (const [label, tree, folder, expected] of cases) {
      it(label, async () => {
        assert.equal(await findCanonicalGitRoot(folder, new FakeRootsHost(tree)), expected);
      });
    }

    it('Windows linked worktree with a forward-slash gitdir', async () => {
      const host = new FakeRootsHost(
        {
          dirs: ['C:\\src\\app\\.git\\worktrees\\wt'],
          files: {
            'C:\\src\\wt\\.git': 'gitdir: C:/src/app/.git/worktrees/wt',
            'C:\\src\\app\\.git\\worktrees\\wt\\commondir': '../..',
            'C:\\src\\app\\.git\\worktrees\\wt\\gitdir': 'C:/src/wt/.git',
          },
        },
        'win32',
      );
      assert.equal(await findCanonicalGitRoot('C:\\src\\wt', host, 'win32'), 'C:\\src\\app');
    });
  });

  describe('resolveAutoMemory: where', () => {
    it('defaults to ~/.claude/projects/<sanitized git root>/memory', async () => {
      const result = await resolveAutoMemory(input(), app());
      assert.deepEqual(result, {
        path: APP_MEMORY,
        exists: true,
        loadedByClaude: true,
        source: 'default',
        projectRoot: APP,
        projectsDir: PROJECTS,
        warnings: [],
      });
    });

    it('reports a folder Claude Code has not created yet', async () => {
      const host = new FakeRootsHost({ dirs: [`${APP}/.git`] });
      const result = await resolveAutoMemory(input(), host);
      assert.equal(result.path, APP_MEMORY);
      assert.equal(result.exists, false);
    });

    it('uses the workspace folder itself outside git', async () => {
      const host = new FakeRootsHost({ dirs: ['/home/ana/notes'] });
      const result = await resolveAutoMemory(input({ workspaceFolder: '/home/ana/notes/' }), host);
      assert.equal(result.projectRoot, '/home/ana/notes');
      assert.equal(result.path, `${PROJECTS}/-home-ana-notes/memory`);
    });

    it('uses the repository root for a subfolder of it', async () => {
      const host = app({}, [`${APP}/packages/web`]);
      const result = await resolveAutoMemory(input({ workspaceFolder: `${APP}/packages/web` }), host);
      assert.equal(result.projectRoot, APP);
      assert.equal(result.path, APP_MEMORY);
    });

    it('shares the main worktree folder with a linked worktree', async () => {
      const host = new FakeRootsHost({
        dirs: [`${APP}/.git/worktrees/feature`, APP_MEMORY],
        files: {
          '/home/ana/wt/feature/.git': `gitdir: ${APP}/.git/worktrees/feature`,
          [`${APP}/.git/worktrees/feature/commondir`]: '../..',
          [`${APP}/.git/worktrees/feature/gitdir`]: '/home/ana/wt/feature/.git',
        },
      });
      const result = await resolveAutoMemory(input({ workspaceFolder: '/home/ana/wt/feature' }), host);
      assert.equal(result.projectRoot, APP);
      assert.equal(result.path, APP_MEMORY);
      assert.equal(result.exists, true);
    });

    it('resolves a relative CLAUDE_CONFIG_DIR against the folder Claude Code runs in, for every caller alike', async () => {
      // The user's CLAUDE.md (Promote to Rule) once resolved it against the extension host's working directory instead.
      assert.equal(claudeConfigDir({ CLAUDE_CONFIG_DIR: 'config/claude' }, HOME, APP), `${APP}/config/claude`);
      assert.equal(claudeConfigDir({ CLAUDE_CONFIG_DIR: '/opt/claude/' }, HOME, APP), '/opt/claude');
      assert.equal(claudeConfigDir({}, HOME, APP), `${HOME}/.claude`);
      const result = await resolveAutoMemory(input({ env: { CLAUDE_CONFIG_DIR: 'config/claude' } }), app({}));
      assert.equal(result.projectsDir, `${claudeConfigDir({ CLAUDE_CONFIG_DIR: 'config/claude' }, HOME, APP)}/projects`);
    });

    it('reads the projects folder and user settings from CLAUDE_CONFIG_DIR', async () => {
      const host = app({ '/opt/claude/settings.json': '{"autoMemoryEnabled": false}', [USER_SETTINGS]: '{}' });
      const result = await resolveAutoMemory(input({ env: { CLAUDE_CONFIG_DIR: '/opt/claude/' } }), host);
      assert.equal(result.projectsDir, '/opt/claude/projects');
      assert.equal(result.path, '/opt/claude/projects/-home-ana-my-app/memory');
      assert.equal(result.loadedByClaude, false);
      assert.equal(result.reason?.file, '/opt/claude/settings.json');
    });

    it('honours CLAUDE_CODE_PROJECT_DIR_NAME only together with CLAUDE_CONFIG_DIR', async () => {
      const named = await resolveAutoMemory(
        input({ env: { CLAUDE_CONFIG_DIR: '/opt/claude', CLAUDE_CODE_PROJECT_DIR_NAME: 'shop' } }),
        app(),
      );
      assert.equal(named.path, '/opt/claude/projects/shop/memory');
      const alone = await resolveAutoMemory(input({ env: { CLAUDE_CODE_PROJECT_DIR_NAME: 'shop' } }), app());
      assert.equal(alone.path, APP_MEMORY);
      const bad = await resolveAutoMemory(
        input({ env: { CLAUDE_CONFIG_DIR: '/opt/claude', CLAUDE_CODE_PROJECT_DIR_NAME: '../x' } }),
        app(),
      );
      assert.equal(bad.path, '/opt/claude/projects/-home-ana-my-app/memory');
      assert.deepEqual(codes(bad.warnings), ['project-dir-name-invalid']);
    });

    it('finds the folder Claude named after the NFC spelling when VS Code gives NFD', async () => {
      const nfc = '/home/ana/메모';
      const folder = `${PROJECTS}/${sanitizeProjectPath(nfc)}/memory`;
      const host = new FakeRootsHost({ dirs: [`${nfc}/.git`, `${nfc.normalize('NFD')}/.git`, folder] });
      const result = await resolveAutoMemory(input({ workspaceFolder: nfc.normalize('NFD') }), host);
      assert.equal(result.path, folder);
      assert.equal(result.exists, true);
    });

    it('finds the folder Claude named after the real path of a symlinked workspace', async () => {
      const host = new FakeRootsHost({
        dirs: ['/home/ana/link/app', '/data/app/.git', `${PROJECTS}/-data-app/memory`],
        links: { '/home/ana/link': '/data' },
      });
      const result = await resolveAutoMemory(input({ workspaceFolder: '/home/ana/link/app' }), host);
      assert.equal(result.path, `${PROJECTS}/-data-app/memory`);
    });

    describe('over-long project names (Claude Code 2.1.224: the exact hashed name, never a shared prefix)', () => {
      const longRoot = '/home/ana/' + 'deep/'.repeat(45) + 'app';
      // Another project whose sanitized path shares the first 200 characters (the 2.1.224 bug's case).
      const neighbour = '/home/ana/' + 'deep/'.repeat(45) + 'api';
      const prefix = sanitizeProjectPath(longRoot).slice(0, MAX_SANITIZED_LENGTH);
      const own = `${prefix}-${pathHash(longRoot)}`;
      const theirs = `${prefix}-${pathHash(neighbour)}`;
      const host = (projectDirs: string[]): FakeRootsHost =>
        new FakeRootsHost({ dirs: [`${longRoot}/.git`, `${neighbour}/.git`, PROJECTS, ...projectDirs.map((d) => `${PROJECTS}/${d}`)] });

      it('shares its prefix with the neighbour but not its name', () => {
        assert.equal(sanitizeProjectPath(neighbour).slice(0, MAX_SANITIZED_LENGTH), prefix);
        assert.notEqual(own, theirs);
      });

      it('finds its own folder beside the neighbour\'s, and the neighbour finds its own', async () => {
        const dirs = [`${theirs}/memory`, `${own}/memory`];
        const mine = await resolveAutoMemory(input({ workspaceFolder: longRoot }), host(dirs));
        assert.equal(mine.path, `${PROJECTS}/${own}/memory`);
        assert.equal(mine.exists, true);
        assert.deepEqual(mine.longName, { prefix, matched: true });
        assert.deepEqual(mine.warnings, []);
        const next = await resolveAutoMemory(input({ workspaceFolder: neighbour }), host(dirs));
        assert.equal(next.path, `${PROJECTS}/${theirs}/memory`);
      });

      it('never takes the neighbour\'s folder for its own: the exact folder, not there yet, and a warning naming the other', async () => {
        const result = await resolveAutoMemory(input({ workspaceFolder: longRoot }), host([`${theirs}/memory`, '-home-ana-other']));
        assert.equal(result.path, `${PROJECTS}/${own}/memory`);
        assert.equal(result.exists, false);
        assert.deepEqual(result.longName, { prefix, matched: false, others: [theirs] });
        assert.deepEqual(codes(result.warnings), ['long-name-ambiguous']);
      });

      it('names the folder Claude Code will create when none exists, with no warning', async () => {
        const result = await resolveAutoMemory(input({ workspaceFolder: longRoot }), host([`${prefix}x-abc`]));
        assert.equal(result.path, `${PROJECTS}/${own}/memory`);
        assert.equal(result.exists, false);
        assert.deepEqual(result.longName, { prefix, matched: false });
        assert.deepEqual(result.warnings, []);
      });

      it('copes with a missing projects folder', async () => {
        const result = await resolveAutoMemory(
          input({ workspaceFolder: longRoot }),
          new FakeRootsHost({ dirs: [`${longRoot}/.git`] }),
        );
        assert.equal(result.exists, false);
        assert.equal(result.longName?.matched, false);
      });
    });

    describe('Windows', () => {
      const winInput = (overrides: Partial<AutoMemoryInput> = {}): AutoMemoryInput => ({
        workspaceFolder: 'c:\\Users\\ana\\app',
        homeDir: 'C:\\Users\\ana',
        env: {},
        trusted: true,
        ...overrides,
      });

      it('names the folder with an upper-case drive letter, as Claude Code sees it', async () => {
        const host = new FakeRootsHost(
          { dirs: ['C:\\Users\\ana\\app\\.git', 'C:\\Users\\ana\\.claude\\projects\\C--Users-ana-app\\memory'] },
          'win32',
        );
        const result = await resolveAutoMemory(winInput(), host);
        assert.equal(result.path, 'C:\\Users\\ana\\.claude\\projects\\C--Users-ana-app\\memory');
        assert.equal(result.exists, true);
      });

      it('expands ~/ in autoMemoryDirectory against the Windows home', async () => {
        const host = new FakeRootsHost(
          { files: { 'C:\\Users\\ana\\.claude\\settings.json': '{"autoMemoryDirectory": "~/claude-memory/app"}' } },
          'win32',
        );
        const result = await resolveAutoMemory(winInput(), host);
        assert.equal(result.path, 'C:\\Users\\ana\\claude-memory\\app');
        assert.equal(result.source, 'user-settings');
      });
    });
  });

  describe('resolveAutoMemory: autoMemoryDirectory precedence', () => {
    const dir = (p: string): string => JSON.stringify({ autoMemoryDirectory: p });

    const cases: [string, Record<string, string>, boolean, string, string, AutoMemoryWarningCode[]][] = [
      ['user settings, ~/', { [USER_SETTINGS]: dir('~/claude-memory/my-app') }, true, '/home/ana/claude-memory/my-app', 'user-settings', []],
      ['user settings, absolute', { [USER_SETTINGS]: dir('/data/mem/') }, true, '/data/mem', 'user-settings', []],
      ['local settings', { [LOCAL_SETTINGS]: dir('/local/mem') }, true, '/local/mem', 'local-settings', []],
      ['local beats user', { [USER_SETTINGS]: dir('/user/mem'), [LOCAL_SETTINGS]: dir('/local/mem') }, true, '/local/mem', 'local-settings', []],
      ['project settings, trusted', { [PROJECT_SETTINGS]: dir('~/team-mem') }, true, '/home/ana/team-mem', 'project-settings', []],
      ['project beats user', { [USER_SETTINGS]: dir('/user/mem'), [PROJECT_SETTINGS]: dir('/proj/mem') }, true, '/proj/mem', 'project-settings', []],
      ['local beats project', { [PROJECT_SETTINGS]: dir('/proj/mem'), [LOCAL_SETTINGS]: dir('/local/mem') }, true, '/local/mem', 'local-settings', []],
      ['project settings ignored when untrusted', { [PROJECT_SETTINGS]: dir('/home/ana/.ssh') }, false, APP_MEMORY, 'default', ['directory-untrusted']],
      ['untrusted project settings fall through to user', { [USER_SETTINGS]: dir('/user/mem'), [PROJECT_SETTINGS]: dir('/proj/mem') }, false, '/user/mem', 'user-settings', ['directory-untrusted']],
      // A cloned repository can commit settings.local.json too: it waits for trust like settings.json.
      ['local settings ignored when untrusted', { [LOCAL_SETTINGS]: dir('/local/mem') }, false, APP_MEMORY, 'default', ['directory-untrusted']],
      ['untrusted local settings fall through to user', { [USER_SETTINGS]: dir('/user/mem'), [LOCAL_SETTINGS]: dir('/home/ana/.ssh') }, false, '/user/mem', 'user-settings', ['directory-untrusted']],
      ['relative value: the default, not a lower scope', { [USER_SETTINGS]: dir('/user/mem'), [LOCAL_SETTINGS]: dir('.claude/memory') }, true, APP_MEMORY, 'default', ['directory-invalid']],
      ['not a string: skipped', { [USER_SETTINGS]: dir('/user/mem'), [LOCAL_SETTINGS]: '{"autoMemoryDirectory": 42}' }, true, '/user/mem', 'user-settings', ['setting-wrong-type']],
    ];
    for (const [label, files, trusted, path, source, warnings] of cases) {
      it(label, async () => {
        const result = await resolveAutoMemory(input({ trusted }), app(files));
        assert.equal(result.path, path);
        assert.equal(result.source, source);
        assert.deepEqual(codes(result.warnings), warnings);
        assert.equal(result.loadedByClaude, true);
      });
    }

    it('names the settings file that set the folder', async () => {
      const result = await resolveAutoMemory(input(), app({ [LOCAL_SETTINGS]: dir('/local/mem') }));
      assert.equal(result.sourceFile, LOCAL_SETTINGS);
    });

    // Run against Claude Code 2.1.328: with reads outside the working folders blocked, a folder the
    // repository's settings chose loads nothing, inside the project or not; the user's own choice still loads.
    const blocking = (extra: object): string => JSON.stringify({ permissions: { blockReadsOutsideWorkingDirectories: true }, ...extra });
    it('takes a folder the project chose as inert where reads outside the working folders are blocked', async () => {
      const layouts: Record<string, string>[] = [{ [PROJECT_SETTINGS]: blocking({ autoMemoryDirectory: `${APP}/mem` }) }, { [PROJECT_SETTINGS]: dir('/proj/mem'), [USER_SETTINGS]: blocking({}) }];
      for (const files of layouts) {
        const result = await resolveAutoMemory(input(), app(files));
        assert.equal(result.loadedByClaude, false);
        assert.equal(result.reason?.setting, 'permissions.blockReadsOutsideWorkingDirectories');
      }
    });
    it('still loads the user\'s own choice, or the default folder, with reads blocked', async () => {
      assert.equal((await resolveAutoMemory(input(), app({ [USER_SETTINGS]: blocking({ autoMemoryDirectory: '/user/mem' }) }))).loadedByClaude, true);
      assert.equal((await resolveAutoMemory(input(), app({ [PROJECT_SETTINGS]: blocking({}) }))).loadedByClaude, true);
    });
  });

  describe('resolveAutoMemory: loaded by Claude?', () => {
    const enabled = (v: unknown): string => JSON.stringify({ autoMemoryEnabled: v });
    const envBlock = (v: unknown): string => JSON.stringify({ env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: v } });

    const cases: [string, Record<string, string>, Record<string, string>, boolean, string | undefined][] = [
      ['on by default', {}, {}, true, undefined],
      ['autoMemoryEnabled false in user settings', { [USER_SETTINGS]: enabled(false) }, {}, false, 'user-settings'],
      ['autoMemoryEnabled false in project settings', { [PROJECT_SETTINGS]: enabled(false) }, {}, false, 'project-settings'],
      ['autoMemoryEnabled false in local settings', { [LOCAL_SETTINGS]: enabled(false) }, {}, false, 'local-settings'],
      ['local true beats user false', { [USER_SETTINGS]: enabled(false), [LOCAL_SETTINGS]: enabled(true) }, {}, true, undefined],
      ['project false beats user true', { [USER_SETTINGS]: enabled(true), [PROJECT_SETTINGS]: enabled(false) }, {}, false, 'project-settings'],
      ['non-boolean value skipped', { [USER_SETTINGS]: enabled(false), [LOCAL_SETTINGS]: enabled('no') }, {}, false, 'user-settings'],
      ['CLAUDE_CODE_DISABLE_AUTO_MEMORY=1', {}, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' }, false, 'environment'],
      ['CLAUDE_CODE_DISABLE_AUTO_MEMORY=true', {}, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: 'true' }, false, 'environment'],
      ['env beats autoMemoryEnabled true', { [LOCAL_SETTINGS]: enabled(true) }, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' }, false, 'environment'],
      ['CLAUDE_CODE_DISABLE_AUTO_MEMORY=0 forces it on', { [USER_SETTINGS]: enabled(false) }, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '0' }, true, undefined],
      ['an empty env value means nothing', { [USER_SETTINGS]: enabled(false) }, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '' }, false, 'user-settings'],
      ['a settings env block disables', { [USER_SETTINGS]: envBlock('1') }, {}, false, 'user-settings'],
      ['a settings env block beats the process env', { [LOCAL_SETTINGS]: envBlock('0') }, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' }, true, undefined],
    ];
    for (const [label, files, env, loaded, by] of cases) {
      it(label, async () => {
        const result = await resolveAutoMemory(input({ env }), app(files));
        assert.equal(result.loadedByClaude, loaded);
        assert.equal(result.reason?.by, by);
        assert.equal(result.path, APP_MEMORY, 'the folder is returned either way');
        assert.equal(result.exists, true);
      });
    }

    it('counts a project autoMemoryEnabled false even in an untrusted workspace', async () => {
      const result = await resolveAutoMemory(input({ trusted: false }), app({ [PROJECT_SETTINGS]: enabled(false) }));
      assert.equal(result.loadedByClaude, false);
      assert.deepEqual(
        { by: result.reason?.by, setting: result.reason?.setting, file: result.reason?.file },
        { by: 'project-settings', setting: 'autoMemoryEnabled', file: PROJECT_SETTINGS },
      );
    });

    it('says which variable turned it off', async () => {
      const result = await resolveAutoMemory(input({ env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' } }), app());
      assert.equal(result.reason?.setting, 'CLAUDE_CODE_DISABLE_AUTO_MEMORY');
      assert.match(result.reason?.message ?? '', /CLAUDE_CODE_DISABLE_AUTO_MEMORY=1/);
    });
  });

  describe('resolveAutoMemory: broken settings files', () => {
    it('ignores a file with invalid JSON, with a warning, and still reads the others', async () => {
      const host = app({
        [PROJECT_SETTINGS]: '{ "autoMemoryEnabled": false, }',
        [USER_SETTINGS]: '{"autoMemoryDirectory": "/user/mem"}',
      });
      const result = await resolveAutoMemory(input(), host);
      assert.equal(result.path, '/user/mem');
      assert.equal(result.loadedByClaude, true);
      assert.deepEqual(codes(result.warnings), ['settings-invalid-json']);
      assert.equal(result.warnings[0]?.file, PROJECT_SETTINGS);
    });

    it('rejects comments, as Claude Code does', async () => {
      const result = await resolveAutoMemory(input(), app({ [LOCAL_SETTINGS]: '// mine\n{"autoMemoryEnabled": false}' }));
      assert.equal(result.loadedByClaude, true);
      assert.deepEqual(codes(result.warnings), ['settings-invalid-json']);
    });

    it('ignores a file that is JSON but not an object', async () => {
      const result = await resolveAutoMemory(input(), app({ [USER_SETTINGS]: '["autoMemoryEnabled"]' }));
      assert.deepEqual(codes(result.warnings), ['settings-not-object']);
    });

    it('reads a file that starts with a byte-order mark', async () => {
      const result = await resolveAutoMemory(input(), app({ [USER_SETTINGS]: '\uFEFF{"autoMemoryEnabled": false}' }));
      assert.equal(result.loadedByClaude, false);
      assert.deepEqual(result.warnings, []);
    });

    it('treats an empty file as no settings, without a warning', async () => {
      const result = await resolveAutoMemory(input(), app({ [USER_SETTINGS]: ' \n' }));
      assert.deepEqual(result.warnings, []);
      assert.equal(result.loadedByClaude, true);
    });
  });

  describe('house style', () => {
    it('keeps file-system and VS Code imports out of the pure modules', () => {
      // out/test/unit/rootLocations -> src/rootLocations; the working directory when compiled elsewhere.
      const srcDir = [nodePath.resolve(__dirname, '../../../../src/rootLocations'), nodePath.resolve('src/rootLocations')].find((d) =>
        existsSync(nodePath.join(d, 'autoMemory.ts')),
      );
      assert.ok(srcDir, 'src/rootLocations not found');
      for (const file of ['autoMemory.ts', 'workspaceRoots.ts']) {
        const source = readFileSync(nodePath.join(srcDir, file), 'utf8');
        const imports = [...source.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
        for (const forbidden of ['vscode', 'fs', 'node:fs', 'fs/promises', 'node:fs/promises']) {
          assert.ok(!imports.includes(forbidden), `${file} imports ${forbidden}`);
        }
      }
    });
  });
});
