import * as assert from 'node:assert/strict';
import { LineIndex, parseFrontmatter } from '../../../src/core';
import { MAX_YAML_NESTING, yamlTooDeepAt } from '../../../src/core/yamlNesting';

const frontmatter = (yaml: string): ReturnType<typeof parseFrontmatter> => {
  const text = `---\n${yaml}\n---\nBody.\n`;
  return parseFrontmatter(text, new LineIndex(text));
};

describe('YAML nesting bound', () => {
  for (const [label, yaml] of [
    ['1,000 [', `description: ${'['.repeat(1000)}`],
    ['20,000 [', `description: ${'['.repeat(20_000)}`],
    ['1,000 {', `description: ${'{'.repeat(1000)}`],
    ['300 [{, which the parser takes 50 s over', `tags: ${'[{'.repeat(300)}`],
    ['100,000 compact ? keys', `${'? '.repeat(100_000)}x`],
    ['200 compact - items', `list:\n  ${'- '.repeat(200)}x`],
    ['100 indented levels', Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')],
  ] as const) {
    it(`refuses ${label} as invalid frontmatter before the parser sees it`, () => {
      const parsed = frontmatter(yaml);
      assert.equal(parsed.status, 'invalid');
      assert.match(parsed.errors[0].message, new RegExp(`Nested more than ${MAX_YAML_NESTING} levels`));
      assert.equal(parsed.errors.length, 1);
    });
  }

  it('reads real frontmatter, brackets inside quoted strings, and nesting up to the bound', () => {
    const real = frontmatter([
      'name: feedback-testing',
      'description: "Run [[unit]] tests before [[push]]: {{ never skip }} [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["',
      "note: '[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{[[{{'",
      'type: feedback',
      'metadata:',
      '  source: { tool: claude-code, tags: [review, "ci"] }',
      '  reviewers:',
      '    - - 민지',
      '      - 葵',
    ].join('\n'));
    assert.equal(real.status, 'ok', JSON.stringify(real.errors));
    const atBound = `deep: ${'['.repeat(MAX_YAML_NESTING)}${']'.repeat(MAX_YAML_NESTING)}`;
    assert.equal(yamlTooDeepAt(atBound), undefined);
    assert.equal(frontmatter(atBound).status, 'ok');
    assert.equal(yamlTooDeepAt(`deep: ${'['.repeat(MAX_YAML_NESTING + 1)}`), 6 + MAX_YAML_NESTING);
  });

  it('counts depth again after a flow collection closes, so many shallow ones in a row are fine', () => {
    assert.equal(yamlTooDeepAt(`tags: ${'[a, [b]], '.repeat(10_000)}`), undefined);
  });
});
