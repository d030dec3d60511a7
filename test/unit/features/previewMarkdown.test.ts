import * as assert from 'node:assert/strict';
import type { SessionLoad, SessionPart } from '../../../src/core/sessionLoad';
import type * as Preview from '../../../src/features/sessionPreview/previewMarkdown';
import { installFakeVscode } from '../helpers/fakeVscode';

installFakeVscode();
// Loaded after the fake is in place.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { previewMarkdown } = require('../../../src/features/sessionPreview/previewMarkdown') as typeof Preview;

const part = (path: string, text: string, extra: Partial<SessionPart> = {}): SessionPart => ({ kind: 'import', path, status: 'loaded', depth: 1, chars: text.length, lines: 1, tokens: 3, text, ...extra });
const totals = { files: 2, chars: 40, lines: 2, tokens: 10 };

describe('the session preview and files outside the project', () => {
  const load: SessionLoad = {
    parts: [
      { ...part('/p/CLAUDE.md', 'See the guide.'), kind: 'project', depth: 0 },
      part('/h/.aws/credentials', 'aws_secret_access_key = wJalrXUtnFEMI', { external: true, leavesProject: true }),
      part('/p/docs/guide.md', 'The guide itself.'),
    ],
    totals,
    cut: { files: 0, chars: 0, lines: 0, tokens: 0 },
    conditional: { files: 0, chars: 0, lines: 0, tokens: 0 },
    agents: new Map(),
  };

  it('never shows their text in an untrusted window, nor a link to open them (low)', () => {
    const text = previewMarkdown('p', load, false);
    assert.doesNotMatch(text, /wJalrXUtnFEMI/);
    assert.doesNotMatch(text, /\]\(file:\/\/\/h\/\.aws/);
    assert.match(text, /\/h\/\.aws\/credentials/);
    assert.match(text, /The guide itself\./, 'the project\'s own files are shown');
  });

  it('in a trusted window names them with their size, and leaves the text to the file itself', () => {
    const text = previewMarkdown('p', load, true);
    assert.doesNotMatch(text, /wJalrXUtnFEMI/);
    assert.match(text, /\[\/h\/\.aws\/credentials\]\(file:\/\/\/h\/\.aws\/credentials\)/);
    assert.match(text, /37 characters/);
  });
});
