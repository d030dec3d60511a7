import * as assert from 'node:assert/strict';
import { HOOK_MARKER, isOurHookCommand, planInstall, planUninstall } from '../../../src/core/history/hookSettings';

const COMMAND = `/usr/bin/node /opt/memory-shelf/dist/hook.js ${HOOK_MARKER}`;

/** Settings files as other tools and people leave them, each with hooks of its own. */
const SETTINGS: Record<string, string> = {
  'two spaces, other hooks on both events': `{
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "npx block-rm" }
        ]
      }
    ],
    "PostToolUse": [
      {
        "matcher": "Edit|Write",
        "hooks": [{ "type": "command", "command": "prettier --write \\"$CLAUDE_FILE\\"" }]
      }
    ],
    "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]
  },
  "permissions": { "allow": ["Bash(npm test)"] }
}
`,
  'four spaces, no hooks key': '{\n    "permissions": {\n        "deny": ["Read(.env)"]\n    },\n    "env": { "A": "1" }\n}\n',
  'tabs and CRLF, hooks without our events': '{\r\n\t"hooks": {\r\n\t\t"SessionStart": [\r\n\t\t\t{ "hooks": [ { "type": "command", "command": "echo hi" } ] }\r\n\t\t]\r\n\t}\r\n}',
  'one line': '{"hooks":{"PreToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"guard"}]}]},"x":[1,2,{"y":"}"}]}',
  'empty event array and Korean text': '{\n  "hooks": {\n    "PreToolUse": []\n  },\n  "note": "메모 — 日本語 \\"quoted\\" }"\n}\n',
  'empty object': '{}',
};

describe('hook settings: install and uninstall', () => {
  for (const [name, text] of Object.entries(SETTINGS)) {
    it(`installs beside other tools' hooks and uninstalls to the same bytes: ${name}`, () => {
      const installed = planInstall(text, COMMAND);
      assert.equal(installed.kind, 'changed');
      if (installed.kind !== 'changed') return;
      const before = JSON.parse(text) as { hooks?: Record<string, unknown[]> } & Record<string, unknown>;
      const after = JSON.parse(installed.text) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> } & Record<string, unknown>;
      // Every key kept, in order; other tools' groups kept, first; ours last on both events.
      assert.deepEqual(Object.keys(after).filter((key) => key !== 'hooks'), Object.keys(before).filter((key) => key !== 'hooks'));
      for (const event of ['PreToolUse', 'PostToolUse']) {
        const groups = after.hooks[event];
        assert.deepEqual(groups.slice(0, -1), before.hooks?.[event] ?? []);
        assert.equal(groups[groups.length - 1].hooks[0].command, COMMAND);
        assert.equal(groups[groups.length - 1].matcher, 'Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell');
      }
      for (const event of Object.keys(before.hooks ?? {})) if (event !== 'PreToolUse' && event !== 'PostToolUse') assert.deepEqual(after.hooks[event], before.hooks![event]);
      // A second install changes nothing.
      assert.equal(planInstall(installed.text, COMMAND).kind, 'unchanged');
      const removed = planUninstall(installed.text);
      assert.equal(removed.kind, 'changed');
      // The one exception, said in docs/cli.md: an event array that was empty before install goes with ours.
      const expected = name === 'empty event array and Korean text' ? '{\n  "note": "메모 — 日本語 \\"quoted\\" }"\n}\n' : text;
      if (removed.kind === 'changed') assert.equal(removed.text, expected, 'byte-identical');
    });
  }

  it('keeps what a person added after install when uninstalling', () => {
    const installed = planInstall(SETTINGS['two spaces, other hooks on both events'], COMMAND);
    assert.equal(installed.kind, 'changed');
    if (installed.kind !== 'changed') return;
    const edited = installed.text.replace('"model": "opus"', '"model": "sonnet"');
    const removed = planUninstall(edited);
    assert.equal(removed.kind, 'changed');
    if (removed.kind === 'changed') assert.equal(removed.text, SETTINGS['two spaces, other hooks on both events'].replace('"model": "opus"', '"model": "sonnet"'));
  });

  it('installs the gate so that a hook that cannot answer blocks (onFailure: block), the recorder so that it never does', () => {
    const gated = planInstall(undefined, `${COMMAND} --gate`);
    const recording = planInstall(undefined, COMMAND);
    assert.ok(gated.kind === 'changed' && recording.kind === 'changed');
    type Settings = { hooks: Record<string, { hooks: { onFailure?: string }[] }[]> };
    const gatedHooks = (JSON.parse(gated.kind === 'changed' ? gated.text : '{}') as Settings).hooks;
    const recordingHooks = (JSON.parse(recording.kind === 'changed' ? recording.text : '{}') as Settings).hooks;
    assert.equal(gatedHooks.PreToolUse[0].hooks[0].onFailure, 'block');
    // After the call, blocking stops nothing; the recorder stays fail-open everywhere.
    assert.equal(gatedHooks.PostToolUse[0].hooks[0].onFailure, undefined);
    assert.equal(recordingHooks.PreToolUse[0].hooks[0].onFailure, undefined);
  });

  it('creates a settings file from nothing', () => {
    const created = planInstall(undefined, COMMAND);
    assert.equal(created.kind, 'changed');
    if (created.kind === 'changed') assert.equal((JSON.parse(created.text) as { hooks: Record<string, unknown[]> }).hooks.PostToolUse.length, 1);
  });

  it('refuses comments, invalid JSON and hooks of another shape, with a reason', () => {
    const withComments = planInstall('{\n  // mine\n  "model": "opus"\n}\n', COMMAND);
    assert.equal(withComments.kind, 'refused');
    if (withComments.kind === 'refused') assert.match(withComments.why, /comments/);
    const invalid = planInstall('{"model": "opus",}', COMMAND);
    assert.equal(invalid.kind, 'refused');
    if (invalid.kind === 'refused') assert.match(invalid.why, /not valid JSON/);
    assert.equal(planInstall('{"hooks": []}', COMMAND).kind, 'refused');
    assert.equal(planInstall('{"hooks": {"PreToolUse": {}}}', COMMAND).kind, 'refused');
    assert.equal(planInstall('[1]', COMMAND).kind, 'refused');
    assert.equal(planUninstall('{ // x\n}').kind, 'refused');
  });

  it('refuses a settings file with a duplicated key, at once, rather than looping or editing the object Claude Code ignores (Medium 6)', () => {
    const files = [
      '{"hooks": {}, "hooks": {"PreToolUse": []}}',
      '{"hooks": {"PreToolUse": [], "PreToolUse": []}}',
      '{"hooks": {"PostToolUse": [{"matcher": "Bash", "matcher": "Write", "hooks": []}]}}',
      '{"model": "a", "hooks": {"PreToolUse": [{"matcher":"Bash","hooks":[{"type":"command","command":"x"}]}]}, "hooks": {"PostToolUse": []}}',
    ];
    for (const text of files) {
      const started = Date.now();
      const install = planInstall(text, COMMAND);
      assert.ok(Date.now() - started < 1000);
      assert.equal(install.kind, 'refused', text);
      assert.match(install.kind === 'refused' ? install.why : '', /more than once/);
      assert.equal(planUninstall(text).kind, 'refused', text);
    }
  });

  it('refuses a second install with another command rather than adding a second hook', () => {
    const installed = planInstall('{}', COMMAND);
    assert.equal(installed.kind, 'changed');
    if (installed.kind === 'changed') assert.equal(planInstall(installed.text, `${COMMAND} --gate`).kind, 'refused');
  });

  it('knows its own commands and no one else\'s', () => {
    assert.ok(isOurHookCommand(COMMAND));
    assert.ok(isOurHookCommand('memory-shelf hook run --gate'));
    assert.ok(isOurHookCommand('npx memory-shelf hook run'));
    assert.ok(!isOurHookCommand('my-memory-shelf-backup.sh'));
    assert.ok(!isOurHookCommand('echo memory-shelf'));
    assert.equal(planUninstall(SETTINGS['one line']).kind, 'unchanged');
  });
});
