import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { agreeingBins, mix, SIGNATURE_SIZE, SKETCH_SIZE, sketchAgreement, writeSignature, writeSketch } from '../../../../src/core/rules/nearDuplicate/minHash';
import { writeFactSignature } from '../../../../src/core/rules/nearDuplicate/factText';

// The sketch test only skips work: wherever agreeingBins finds enough agreeing bins, it must let the pair through.
describe('near-duplicate signature sketches', () => {
  /** Two signatures agreeing in `same` bins and differing by chance elsewhere, as two texts' signatures do. */
  const pair = fc.record({
    base: fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: SIGNATURE_SIZE, maxLength: SIGNATURE_SIZE }),
    other: fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: SIGNATURE_SIZE, maxLength: SIGNATURE_SIZE }),
    agreeing: fc.array(fc.boolean(), { minLength: SIGNATURE_SIZE, maxLength: SIGNATURE_SIZE }),
    needed: fc.integer({ min: 1, max: SIGNATURE_SIZE }),
  });

  it('never rejects a pair whose signatures agree in the needed number of bins', () => {
    fc.assert(
      fc.property(pair, ({ base, other, agreeing, needed }) => {
        const signatures = Int32Array.from([...base, ...base.map((value, i) => (agreeing[i] ? value : other[i]))]);
        const sketches = new Int32Array(2 * SKETCH_SIZE);
        writeSketch(signatures, 0, sketches, 0);
        writeSketch(signatures, SIGNATURE_SIZE, sketches, SKETCH_SIZE);
        if (agreeingBins(signatures, 0, signatures, SIGNATURE_SIZE, needed) >= 0) assert.ok(sketchAgreement(sketches, 0, SKETCH_SIZE) >= needed);
      }),
      { numRuns: 500 },
    );
  });

  it('rejects signatures that agree only by chance', () => {
    const signatures = Int32Array.from({ length: 2 * SIGNATURE_SIZE }, (_, i) => mix(i + 1) | 0);
    const sketches = new Int32Array(2 * SKETCH_SIZE);
    writeSketch(signatures, 0, sketches, 0);
    writeSketch(signatures, SIGNATURE_SIZE, sketches, SKETCH_SIZE);
    assert.ok(sketchAgreement(sketches, 0, SKETCH_SIZE) < 39);
    assert.equal(sketchAgreement(sketches, 0, 0), SIGNATURE_SIZE);
  });
});

describe('near-duplicate fact signatures', () => {
  const words = ['Reports', 'ship as .docx', '보고서는', 'docx로', '実測データは', '共有ドライブ', '—', '!', ' ', '\n', 'x²', '😀', 'Why:', '1.'];
  const text = fc.array(fc.constantFrom(...words), { maxLength: 30 }).map((parts) => parts.join(''));

  it('reads the description and body as the one text they join into, without joining them', () => {
    fc.assert(
      fc.property(text, text, (description, body) => {
        const joined = new Int32Array(SIGNATURE_SIZE);
        const apart = new Int32Array(SIGNATURE_SIZE);
        const expected = writeSignature(description === '' ? body : `${description}\n${body}`, joined, 0);
        assert.equal(writeFactSignature({ description, body }, apart, 0), expected);
        if (expected > 0) assert.deepEqual(apart, joined);
      }),
      { numRuns: 500 },
    );
  });
});

describe('near-duplicate signature agreement', () => {
  it('counts agreeing bins exactly, and gives -1 exactly when fewer than needed agree', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: SIGNATURE_SIZE, maxLength: SIGNATURE_SIZE }),
        fc.array(fc.boolean(), { minLength: SIGNATURE_SIZE, maxLength: SIGNATURE_SIZE }),
        fc.integer({ min: 0, max: SIGNATURE_SIZE }),
        (values, agreeing, needed) => {
          // The other signature differs by 2^31 too, where d | -d is most easily got wrong.
          const signatures = Int32Array.from([...values, ...values.map((value, i) => (agreeing[i] ? value : (value ^ (i % 2 ? 1 : -(2 ** 31)))))]);
          const agree = agreeing.filter(Boolean).length;
          assert.equal(agreeingBins(signatures, 0, signatures, SIGNATURE_SIZE, needed), agree >= needed ? agree : -1);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
