import * as assert from 'node:assert/strict';
import { ALL_PROBLEM_CODES, DEFAULT_SEVERITIES, RULE_FAMILIES, RULES, ruleOf, SAFE_FIX_CODES } from '../../../src/core';

describe('the rule list: every code declared once, by its family', () => {
  it('holds each code once, in the enum\'s order, each declared by exactly one family', () => {
    assert.deepEqual(RULES.map((record) => record.code), [...ALL_PROBLEM_CODES]);
    const declared = RULE_FAMILIES.flatMap((family) => family.codes.map((record) => record.code));
    assert.equal(declared.length, new Set(declared).size);
    assert.deepEqual([...declared].sort(), [...ALL_PROBLEM_CODES].sort());
  });

  it('derives the default severities and the codes --fix applies from the records', () => {
    for (const code of ALL_PROBLEM_CODES) assert.equal(DEFAULT_SEVERITIES[code], ruleOf(code).severity);
    assert.deepEqual([...SAFE_FIX_CODES].sort(), ['hidden-text', 'index-unlisted', 'relative-date']);
  });

  it('describes each code in one line and says why it matters', () => {
    for (const record of RULES) {
      assert.ok(record.summary.length > 10 && !record.summary.includes('\n'), record.code);
      assert.ok(record.help.length > 40, record.code);
    }
  });
});
