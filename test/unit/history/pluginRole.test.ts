import * as assert from 'node:assert/strict';
import { hookRole, PLUGIN_GATE, PLUGIN_RECORD } from '../../../src/history/hook/pluginRole';

describe('the plugin hook entries and the gate option', () => {
  it('with the option unset or false, only the record entry runs, without the gate', () => {
    for (const env of [{}, { CLAUDE_PLUGIN_OPTION_GATE: 'false' }, { CLAUDE_PLUGIN_OPTION_GATE: '' }]) {
      assert.deepEqual(hookRole(['node', 'hook.js', PLUGIN_RECORD], env), { run: true, gate: false });
      assert.deepEqual(hookRole(['node', 'hook.js', PLUGIN_GATE], env), { run: false });
    }
  });

  it('with the option on, only the gate entry runs, with the gate', () => {
    const env = { CLAUDE_PLUGIN_OPTION_GATE: 'true' };
    assert.deepEqual(hookRole(['node', 'hook.js', PLUGIN_RECORD], env), { run: false });
    assert.deepEqual(hookRole(['node', 'hook.js', PLUGIN_GATE], env), { run: true, gate: true });
  });

  it('outside the plugin the option is not read: --gate alone decides', () => {
    const env = { CLAUDE_PLUGIN_OPTION_GATE: 'true' };
    assert.deepEqual(hookRole(['node', 'hook.js', '--memory-shelf-hook'], env), { run: true, gate: false });
    assert.deepEqual(hookRole(['node', 'hook.js', '--memory-shelf-hook', '--gate'], {}), { run: true, gate: true });
  });
});
