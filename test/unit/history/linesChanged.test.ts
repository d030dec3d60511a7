import * as assert from 'node:assert/strict';
import { linesChanged } from '../../../src/core/history/linesChanged';

const MEMORY = '---\nname: deploy-freeze\ndescription: 배포는 금요일에 하지 않는다\ntype: project\n---\n\nWhy: the outage.\n';

describe('linesChanged: what Show History says changed between two versions', () => {
  it('counts an edited line once, not as one removed and one added', () => {
    assert.equal(linesChanged(MEMORY, MEMORY.replace('금요일', '목요일')), 1);
  });

  it('counts added and removed lines, and the longer side of a replaced run', () => {
    assert.equal(linesChanged(MEMORY, `${MEMORY}How to apply: ask the on-call lead.\nExcept hotfixes.\n`), 2);
    assert.equal(linesChanged(MEMORY, MEMORY.replace('\nWhy: the outage.\n', '\n')), 1);
    assert.equal(linesChanged('a\nb\nc\n', 'a\nx\ny\nz\nc\n'), 3);
    assert.equal(linesChanged('a\nb\nc\nd\n', 'A\nb\nc\nD\n'), 2);
  });

  it('sees no line changed where only line ends, a BOM or the last newline differ', () => {
    assert.equal(linesChanged(MEMORY, `\uFEFF${MEMORY.replace(/\n/g, '\r\n')}`), 0);
    assert.equal(linesChanged(MEMORY, MEMORY.slice(0, -1)), 0);
    assert.equal(linesChanged(MEMORY, MEMORY), 0);
  });

  it('counts every line of a file that was empty', () => {
    assert.equal(linesChanged('', MEMORY), 7);
  });
});
