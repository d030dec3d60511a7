import * as assert from 'node:assert/strict';
import { isPlainTypeName, resolveTypeSet } from '../../../src/core';

describe('core/memoryTypes: custom types from a workspace setting', () => {
  it('keeps plain names in any script and drops a type that is a path or Markdown', () => {
    const set = resolveTypeSet('custom', ['decision', '결정', '決定事項', 'how-to_2', '../../../.ssh/config', 'a/b', 'a\\b', '![x](https://host/b.png)', '$(zap)', '.hidden', ' padded ']);
    assert.deepEqual(set.types, ['decision', '결정', '決定事項', 'how-to_2', 'padded']);
    assert.equal(isPlainTypeName('..'), false);
    assert.equal(isPlainTypeName('x'.repeat(65)), false);
  });

  it('falls back to the claude-code set when no custom type is plain', () => {
    assert.equal(resolveTypeSet('custom', ['../x', '']).preset, 'claude-code');
  });
});
