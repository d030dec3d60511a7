import * as assert from 'node:assert/strict';
import { parseArgs, UsageError } from '../../../src/cli/args';

describe('memory-shelf lsp, the command line', () => {
  it('takes --stdio, which LSP clients pass by habit, and --no-cache, and nothing else: stdio is the only transport', () => {
    assert.deepEqual(parseArgs(['lsp']), { kind: 'lsp', noCache: false });
    assert.deepEqual(parseArgs(['lsp', '--stdio']), { kind: 'lsp', noCache: false });
    assert.deepEqual(parseArgs(['lsp', '--stdio', '--no-cache']), { kind: 'lsp', noCache: true });
    assert.throws(() => parseArgs(['lsp', '--socket=9000']), UsageError);
    assert.throws(() => parseArgs(['lsp', 'memory']), UsageError);
  });
});
