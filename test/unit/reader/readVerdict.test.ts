import * as assert from 'node:assert/strict';
import type { Stats } from 'node:fs';
import { planRead, readVerdict } from '../../../src/reader/nodeReaderHost';

const stats = (size: number, mtimeMs: number): Stats => ({ size, mtimeMs, isFile: () => true, isDirectory: () => false }) as Stats;
const OPTIONS = { maxBytes: 1024, prefixWhenLarger: false };
const TEXT = Buffer.from('---\nname: testing\ndescription: 통합 테스트 먼저\ntype: feedback\n---\n');

function verdict(before: Stats, read: Buffer, after: Stats): string {
  const plan = planRead(before, OPTIONS);
  if ('answer' in plan) return plan.answer.kind;
  const buffer = Buffer.alloc(plan.wanted + 1);
  const length = read.copy(buffer, 0, 0, Math.min(read.length, buffer.length));
  return readVerdict(plan, buffer, length, after).kind;
}

// The hosts stop reading once they have as many bytes as the first stat gave: whatever moved after
// that is caught by the byte past the size or by the second stat, never taken as the file.
describe('readVerdict: a file read once it reached its size', () => {
  it('is read when both stats agree and the bytes came to the size', () => {
    assert.equal(verdict(stats(TEXT.length, 5), TEXT, stats(TEXT.length, 5)), 'read');
  });

  it('is changed when the file grew before the read (the byte past the size came too)', () => {
    assert.equal(verdict(stats(TEXT.length, 5), Buffer.concat([TEXT, Buffer.from('추가\n')]), stats(TEXT.length + 7, 6)), 'changed');
  });

  it('is changed when the second stat shows it grew or was rewritten after the bytes were read', () => {
    assert.equal(verdict(stats(TEXT.length, 5), TEXT, stats(TEXT.length + 7, 6)), 'changed');
    assert.equal(verdict(stats(TEXT.length, 5), TEXT, stats(TEXT.length, 6)), 'changed');
  });

  it('is changed when it shrank under the reader', () => {
    assert.equal(verdict(stats(TEXT.length, 5), TEXT.subarray(0, 10), stats(10, 6)), 'changed');
  });
});
