import * as assert from 'node:assert/strict';
import { reviewActionsIn } from '../../../src/core/history/selfReview';

describe('an agent approving its own memory changes through the shell', () => {
  const taken: [string, string[]][] = [
    ['memory-shelf review --approve --all', ['review --approve']],
    ['memory-shelf review memory --approve=x.md', ['review --approve']],
    ['memory-shelf review --reject x.md && memory-shelf review --restore y.md --version abc', ['review --reject', 'review --restore']],
    ['memory-shelf history clear', ['history clear']],
    ['memory-shelf history clear --root memory', ['history clear']],
    ['npx -y memory-shelf@0.1.0 review --approve --session 5b1d', ['review --approve']],
    ['pnpm dlx memory-shelf review --approve x.md', ['review --approve']],
    ['node "/home/u/.claude/plugins/cache/memory-shelf/bin/cli.js" review --approve --all', ['review --approve']],
    ['node "${CLAUDE_PLUGIN_ROOT}/bin/cli.js" review --approve x.md', ['review --approve']],
    ['./node_modules/.bin/memory-shelf review --approve x.md', ['review --approve']],
    ['cd memory && sudo -u me memory-shelf review --approve x.md', ['review --approve']],
    ['bash -c "memory-shelf review --approve x.md"', ['review --approve']],
    ["sh -lc 'cd /tmp; memory-shelf review --reject x.md'", ['review --reject']],
    ['eval "memory-shelf history clear"', ['history clear']],
    ['echo $(memory-shelf review --approve --all)', ['review --approve']],
    ['M=memory-shelf; $M review --approve x.md', ['review --approve']],
    ['memory-shelf review $FLAG x.md', ['review --approve']],
    ['ls memory/*.md | xargs memory-shelf review', ['review --approve']],
    ['memory-shelf history $WHAT', ['history clear']],
  ];
  for (const [command, actions] of taken) {
    it(`reads \`${command}\` as ${actions.join(', ')}`, () => {
      assert.deepEqual(reviewActionsIn(command).sort(), [...actions].sort());
    });
  }

  it('reads PowerShell the same way', () => {
    assert.deepEqual(reviewActionsIn('& "C:\\Tools\\memory-shelf.cmd" review --approve x.md', 'powershell'), ['review --approve']);
    assert.deepEqual(reviewActionsIn('pwsh -Command "memory-shelf history clear"', 'powershell'), ['history clear']);
  });

  const passing = [
    'memory-shelf review',
    'memory-shelf review --format json',
    'memory-shelf check memory --format json',
    'memory-shelf history where',
    'memory-shelf history size && memory-shelf preview',
    'gh pr review 42 --approve',
    '$GH pr review --approve',
    'git commit -m "memory-shelf review --approve now checks the session"',
    'echo "run memory-shelf review --approve to approve"',
    'grep -r "history clear" src',
  ];
  for (const command of passing) {
    it(`lets \`${command}\` through`, () => {
      assert.deepEqual(reviewActionsIn(command), []);
    });
  }
});
