import * as assert from 'node:assert/strict';
import { ALL_PROBLEM_CODES, DEFAULT_SEVERITIES, SEVERITY_ORDER } from '../../../../src/core';

describe('DEFAULT_SEVERITIES', () => {
  it('gives every code a severity', () => {
    assert.deepEqual(Object.keys(DEFAULT_SEVERITIES).sort(), [...ALL_PROBLEM_CODES].sort());
    for (const severity of Object.values(DEFAULT_SEVERITIES)) assert.ok(SEVERITY_ORDER.includes(severity));
  });

  it('keeps reservations quiet, heuristics below warning and unreadable or leaking memory at error', () => {
    assert.equal(DEFAULT_SEVERITIES['link-dangling'], 'hint');
    assert.equal(DEFAULT_SEVERITIES['near-duplicate'], 'information');
    assert.equal(DEFAULT_SEVERITIES['index-malformed-line'], 'information');
    assert.equal(DEFAULT_SEVERITIES['frontmatter-invalid'], 'error');
    assert.equal(DEFAULT_SEVERITIES['secret'], 'error');
    assert.equal(DEFAULT_SEVERITIES['relative-date'], 'warning');
    assert.equal(DEFAULT_SEVERITIES['duplicate-name'], 'warning');
  });
});
