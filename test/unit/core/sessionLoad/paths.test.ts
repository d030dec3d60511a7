import * as assert from 'node:assert/strict';
import { resolveImport, sessionCandidates } from '../../../../src/core/sessionLoad';

describe('session preview paths', () => {
  it('resolves imports relative to the importing file, from home with ~/, and absolute as written', () => {
    assert.equal(resolveImport('docs/a.md', '/w/app/CLAUDE.md', '/home/u', 'posix'), '/w/app/docs/a.md');
    assert.equal(resolveImport('../shared/b.md', '/w/app/docs/a.md', '/home/u', 'posix'), '/w/app/shared/b.md');
    assert.equal(resolveImport('~/.claude/extra.md', '/w/app/CLAUDE.md', '/home/u', 'posix'), '/home/u/.claude/extra.md');
    assert.equal(resolveImport('/etc/x.md', '/w/app/CLAUDE.md', '/home/u', 'posix'), '/etc/x.md');
    assert.equal(resolveImport('docs/a.md', 'C:\\w\\app\\CLAUDE.md', 'C:\\Users\\u', 'win32'), 'C:\\w\\app\\docs\\a.md');
    assert.equal(resolveImport('~/notes.md', 'C:\\w\\CLAUDE.md', 'C:\\Users\\u', 'win32'), 'C:\\Users\\u\\notes.md');
  });

  it('looks in the managed file, CLAUDE_CONFIG_DIR, then each folder from the outermost down', () => {
    const { slots, configDir } = sessionCandidates({ folder: '/w/app', homeDir: '/home/u', env: { CLAUDE_CONFIG_DIR: '/cfg' }, platform: 'linux', pathStyle: 'posix' });
    assert.equal(configDir, '/cfg');
    assert.deepEqual(slots.map((slot) => ('path' in slot ? slot.path : `${slot.folder}/`)), [
      '/etc/claude-code/CLAUDE.md',
      '/cfg/CLAUDE.md',
      '/cfg/rules/',
      '/w/CLAUDE.md',
      '/w/.claude/CLAUDE.md',
      '/w/.claude/rules/',
      '/w/AGENTS.md',
      '/w/CLAUDE.local.md',
      '/w/app/CLAUDE.md',
      '/w/app/.claude/CLAUDE.md',
      '/w/app/.claude/rules/',
      '/w/app/AGENTS.md',
      '/w/app/CLAUDE.local.md',
    ]);
    const windows = sessionCandidates({ folder: 'C:\\w', homeDir: 'C:\\Users\\u', env: {}, platform: 'win32', pathStyle: 'win32' });
    assert.deepEqual(windows.slots.slice(0, 4).map((slot) => ('path' in slot ? slot.path : slot.folder)), ['C:\\Program Files\\ClaudeCode\\CLAUDE.md', 'C:\\Users\\u\\.claude\\CLAUDE.md', 'C:\\Users\\u\\.claude\\rules', 'C:\\w\\CLAUDE.md']);
  });

  it('turns every CLAUDE.md off under CLAUDE_CODE_SAFE_MODE but not when it is 0', () => {
    const safe = sessionCandidates({ folder: '/w', homeDir: '/h', env: { CLAUDE_CODE_SAFE_MODE: '1' }, platform: 'linux', pathStyle: 'posix' });
    assert.ok(safe.slots.every((slot) => slot.disabledBy?.by === 'environment'));
    const notSafe = sessionCandidates({ folder: '/w', homeDir: '/h', env: { CLAUDE_CODE_SAFE_MODE: '0' }, platform: 'linux', pathStyle: 'posix' });
    assert.ok(notSafe.slots.every((slot) => slot.disabledBy === undefined));
  });
});
