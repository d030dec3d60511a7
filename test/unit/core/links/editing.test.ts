import * as assert from 'node:assert/strict';
import { bodyPreview, linkAt, linkTypingAt, parseMemoryFile } from '../../../../src/core';

describe('link editing helpers', () => {
  it('finds the target being typed after [[', () => {
    assert.deepEqual(linkTypingAt('See [[fee', 9), { start: 6, end: 9, prefix: 'fee', closed: false });
    assert.deepEqual(linkTypingAt('See [[]]', 6), { start: 6, end: 6, prefix: '', closed: true });
    assert.deepEqual(linkTypingAt('See [[feedback-x]] more', 8), { start: 6, end: 16, prefix: 'fe', closed: true });
    assert.deepEqual(linkTypingAt('[[feedback-x|alias]]', 4), { start: 2, end: 12, prefix: 'fe', closed: true });
    assert.deepEqual(linkTypingAt('[[a]] then [[b', 14), { start: 13, end: 14, prefix: 'b', closed: false });
    assert.equal(linkTypingAt('See [[feedback-x]] more', 20), undefined);
    assert.equal(linkTypingAt('[single', 7), undefined);
    assert.equal(linkTypingAt('[[a|alias', 9), undefined);
  });

  it('finds the link under a position, brackets included', () => {
    const memory = parseMemoryFile('a.md', '---\nname: a\n---\nx [[b]] y [[c|C]]\n');
    assert.equal(linkAt(memory.links, { line: 3, character: 2 })?.target, 'b');
    assert.equal(linkAt(memory.links, { line: 3, character: 6 })?.target, 'b');
    assert.equal(linkAt(memory.links, { line: 3, character: 14 })?.target, 'c');
    assert.equal(linkAt(memory.links, { line: 3, character: 8 }), undefined);
  });

  it('previews the first lines of the body', () => {
    const memory = parseMemoryFile('a.md', `---\nname: a\n---\n\n\n# Title\n\nline 1\n${'x'.repeat(200)}\nline 3\nline 4\nline 5\n\n`);
    assert.deepEqual(bodyPreview(memory, 4), ['# Title', '', 'line 1', `${'x'.repeat(159)}…`]);
    assert.deepEqual(bodyPreview(parseMemoryFile('b.md', '---\nname: b\n---\n')), []);
    assert.deepEqual(bodyPreview(parseMemoryFile('c.md', '---\r\nname: c\r\n---\r\nonly\r\n\r\n')), ['only']);
  });
});
