import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { isSlug, slugify, suggestSlug } from '../../../../src/core';

describe('slugs', () => {
  it('accepts kebab-case ASCII only', () => {
    for (const name of ['feedback-math-notation', 'a', '2026-plan', 'x1-y2']) assert.ok(isSlug(name), name);
    for (const name of ['Feedback', 'feedback_math', 'a--b', '-a', 'a-', '사용자-프로필', 'café', '']) assert.ok(!isSlug(name), name);
  });

  it('slugifies words, accents, separators and one camelCase word', () => {
    assert.equal(slugify('Feedback Math Notation'), 'feedback-math-notation');
    assert.equal(slugify('feedback_math__notation'), 'feedback-math-notation');
    assert.equal(slugify('Café crème'), 'cafe-creme');
    assert.equal(slugify('FeedbackMathNotation'), 'feedback-math-notation');
    assert.equal(slugify('XMLParser'), 'xml-parser');
    assert.equal(slugify('LaTeX notes'), 'latex-notes');
    assert.equal(slugify('  --Hello, world!--  '), 'hello-world');
  });

  it('falls back to the file stem for a name in another script', () => {
    assert.equal(suggestSlug('사용자 프로필', 'user_profile'), 'user-profile');
    assert.equal(suggestSlug('ユーザー docx', 'user_docx'), 'user-docx');
    assert.equal(suggestSlug('Feedback Math', 'whatever'), 'feedback-math');
    assert.equal(suggestSlug(undefined, 'feedback_report'), 'feedback-report');
    assert.equal(suggestSlug('사용자', '사용자'), undefined);
  });

  it('always produces a slug or nothing', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const slug = slugify(text);
      assert.ok(slug === '' || isSlug(slug), slug);
    }), { numRuns: 500 });
  });
});
