import * as assert from 'node:assert/strict';
import type { SessionLoad, SessionPart } from '../../../src/core/sessionLoad';
import type * as View from '../../../src/features/sessionPreview/previewView';
import { installFakeVscode } from '../helpers/fakeVscode';

installFakeVscode();
// Loaded after the fake is in place.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { previewView } = require('../../../src/features/sessionPreview/previewView') as typeof View;

const part = (path: string, text: string, extra: Partial<SessionPart> = {}): SessionPart => ({ kind: 'import', path, status: 'loaded', depth: 1, chars: text.length, lines: 1, tokens: 3, text, ...extra });
const none = { files: 0, chars: 0, lines: 0, tokens: 0 };

describe('the session preview panel\'s view', () => {
  const load: SessionLoad = {
    parts: [
      { ...part('/p/CLAUDE.md', 'See the guide.'), kind: 'project', depth: 0 },
      part('/h/.aws/credentials', 'aws_secret_access_key = wJalrXUtnFEMI', { external: true, leavesProject: true }),
      { ...part('/h/.claude/projects/-p/memory/MEMORY.md', '- [a](a.md)'), kind: 'auto-index', depth: 0, readOnDemand: ['billing/INDEX.md'], cut: { chars: 12, lines: 1, tokens: 3, text: '- [z](z.md)', limit: 'lines' } },
    ],
    totals: { files: 3, chars: 60, lines: 3, tokens: 15 },
    cut: { files: 1, chars: 12, lines: 1, tokens: 3 },
    conditional: none,
    agents: new Map(),
  };

  it('never carries the text of a file outside the project, and lets it be opened only in a trusted window', () => {
    for (const trusted of [false, true]) {
      const view = previewView('p', load, trusted, []);
      assert.doesNotMatch(JSON.stringify(view), /wJalrXUtnFEMI/);
      const outside = view.parts.find((shown) => shown.path === '/h/.aws/credentials')!;
      assert.equal(outside.openable, trusted);
      assert.equal(outside.text, undefined);
    }
  });

  it('numbers what loads at start, says "1 line", keeps the cut apart and resolves topic indexes beside their index', () => {
    const view = previewView('p', load, true, []);
    assert.deepEqual(view.parts.map((shown) => [shown.number, shown.file]), [[1, 'CLAUDE.md'], [undefined, 'credentials'], [2, 'MEMORY.md']]);
    const index = view.parts[2];
    assert.equal(index.status, 'loaded · 11 characters · 1 line · ~3 tokens');
    assert.equal(index.cut?.text, '- [z](z.md)');
    assert.equal(index.cut?.heading, 'Cut at the 200-line limit, not seen by Claude (12 characters, 1 line):');
    assert.deepEqual(index.readOnDemand?.files, [{ label: 'billing/INDEX.md', path: '/h/.claude/projects/-p/memory/billing/INDEX.md' }]);
    assert.equal(view.nothing, undefined);
  });

  it('where nothing loads, says so and names the memory folder no CLAUDE.md imports', () => {
    const view = previewView('p', { parts: [], totals: none, cut: none, conditional: none, agents: new Map() }, true, [{ label: 'memory/', root: 'file:///p/memory' }]);
    assert.match(view.nothing ?? '', /^Nothing loads at session start here/);
    assert.equal(view.notLoaded.length, 1);
    assert.match(view.notLoaded[0].text, /^The memory folder memory\/ exists, but nothing loads it/);
    assert.equal(view.notLoaded[0].root, 'file:///p/memory');
  });
});
