import * as assert from 'node:assert/strict';
import { checkMemoryName, type UnsafeNameReason } from '../../../../src/core';

function reasonOf(name: string): UnsafeNameReason | undefined {
  const check = checkMemoryName(name);
  return check.ok ? undefined : check.reason;
}

describe('checkMemoryName', () => {
  it('accepts the names memories have: kebab-case, snake_case, Korean, Japanese, inner dots and spaces', () => {
    for (const name of ['feedback-report-writing', 'feedback_report_writing', 'Feedback-Math', '보고서-문체', '表の書き方', 'v1.2-release-notes', 'report writing', 'console-log', 'nullable', 'com10']) {
      assert.deepEqual(checkMemoryName(name), { ok: true }, name);
    }
  });

  it('refuses an empty name', () => {
    assert.equal(reasonOf(''), 'empty');
    assert.equal(reasonOf('   '), 'empty');
  });

  it('refuses ways up and out of the root', () => {
    assert.equal(reasonOf('../outside'), 'traversal');
    assert.equal(reasonOf('..'), 'traversal');
    assert.equal(reasonOf('a..b'), 'traversal');
    assert.equal(reasonOf('team/feedback-x'), 'separator');
    assert.equal(reasonOf('team\\feedback-x'), 'separator');
    assert.equal(reasonOf('/etc/passwd'), 'absolute');
    assert.equal(reasonOf('\\\\server\\share'), 'absolute');
    assert.equal(reasonOf('C:'), 'absolute');
    assert.equal(reasonOf('c:evil'), 'absolute');
    assert.equal(reasonOf('~/notes'), 'absolute');
  });

  it('refuses control characters, naming the one found', () => {
    const check = checkMemoryName('bad\u0007bell');
    assert.equal(check.ok, false);
    assert.ok(!check.ok && check.reason === 'control-character' && check.detail === 'U+0007');
    assert.equal(reasonOf('line\nbreak'), 'control-character');
    assert.equal(reasonOf('del\u007f'), 'control-character');
    assert.equal(reasonOf('c1\u0085'), 'control-character');
  });

  it('refuses reserved device names in any case and with any extension', () => {
    for (const name of ['CON', 'con', 'Nul', 'aux', 'PRN', 'COM1', 'com9', 'LPT1', 'lpt3', 'con.backup', 'NUL .txt']) {
      assert.equal(reasonOf(name), name.endsWith(' ') ? 'trailing-dot-or-space' : 'reserved-device', name);
    }
    const check = checkMemoryName('nul');
    assert.ok(!check.ok && check.detail === 'NUL');
  });

  it('refuses names whose file would be the index, a README or CLAUDE.md, in any case', () => {
    for (const name of ['MEMORY', 'memory', 'Memory', 'README', 'readme', 'index', 'INDEX', 'CLAUDE', 'claude']) assert.equal(reasonOf(name), 'reserved-file', name);
    const check = checkMemoryName('Memory');
    assert.ok(!check.ok && check.detail === 'Memory.md' && /not a memory/.test(check.message));
    for (const name of ['memory-notes', 'readme-style', 'index-budget', 'claude-md-minimal', 'memories']) assert.equal(reasonOf(name), undefined, name);
  });

  it('refuses characters Windows cannot store, hidden names and trailing dots', () => {
    assert.equal(reasonOf('what?'), 'invalid-character');
    assert.equal(reasonOf('ab:c'), 'invalid-character');
    assert.equal(reasonOf('a:b'), 'absolute');
    assert.equal(reasonOf('a*b'), 'invalid-character');
    assert.equal(reasonOf('"quoted"'), 'invalid-character');
    assert.equal(reasonOf('.hidden'), 'hidden');
    assert.equal(reasonOf('trailing.'), 'trailing-dot-or-space');
  });

  it('refuses names too long for a file name', () => {
    assert.equal(reasonOf('a'.repeat(252)), undefined);
    assert.equal(reasonOf('a'.repeat(253)), 'too-long');
    assert.equal(reasonOf('가'.repeat(85)), 'too-long');
  });

  it('gives a message a person can act on', () => {
    const check = checkMemoryName('../../etc/passwd');
    assert.ok(!check.ok);
    assert.match(check.message, /outside the memory folder/);
  });
});
