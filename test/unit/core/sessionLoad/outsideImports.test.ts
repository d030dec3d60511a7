import * as assert from 'node:assert/strict';
import { buildSessionLoad, type SessionEntry, type SourceFile } from '../../../../src/core/sessionLoad';

describe('imports a project file brings in from outside the project', () => {
  const entries: SessionEntry[] = [{ kind: 'user', path: '/h/.claude/CLAUDE.md' }, { kind: 'project', path: '/p/CLAUDE.md' }];

  it('are marked, whether named outside or reached through a link inside the project; the user\'s own imports are not (low)', () => {
    const files = new Map<string, SourceFile>([
      ['/h/.claude/CLAUDE.md', { path: '/h/.claude/CLAUDE.md', text: '@/h/notes/mine.md' }],
      ['/h/notes/mine.md', { path: '/h/notes/mine.md', text: 'mine' }],
      ['/p/CLAUDE.md', { path: '/p/CLAUDE.md', text: '@~/.aws/credentials\n@docs/keys.md\n@docs/guide.md' }],
      ['/h/.aws/credentials', { path: '/h/.aws/credentials', text: 'aws_secret_access_key = x' }],
      ['/p/docs/keys.md', { path: '/p/docs/keys.md', text: 'key', realPath: '/h/.ssh/keys.md' }],
      ['/p/docs/guide.md', { path: '/p/docs/guide.md', text: 'guide', realPath: '/p/docs/guide.md' }],
    ]);
    const load = buildSessionLoad({ entries, files, homeDir: '/h', pathStyle: 'posix', projectRoot: '/p', projectRealRoot: '/p', externalImportsApproved: true });
    const marked = load.parts.filter((part) => part.leavesProject).map((part) => part.path);
    assert.deepEqual(marked, ['/h/.aws/credentials', '/p/docs/keys.md']);
  });
});
