import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatText, messageOf, msg, titleOf } from '../../../src/core';

describe('core text', () => {
  it('keeps the template and its arguments', () => {
    assert.deepEqual(msg('{0} is already listed on line {1}.', 'a.md', 3), { template: '{0} is already listed on line {1}.', args: ['a.md', 3] });
  });

  it('shares one frozen Text for the same sentence said again, and formats each sentence as written', () => {
    const past = (line: number) => msg('Listed in MEMORY.md, but past line {0}: that line is never loaded.', line);
    const first = past(200);
    const between = msg('Not listed in MEMORY.md: Claude Code does not know this memory exists.');
    assert.equal(past(200), first);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first.args));
    assert.equal(formatText(first), 'Listed in MEMORY.md, but past line 200: that line is never loaded.');
    assert.equal(formatText(past(200)), formatText(first));
    const other = past(201);
    assert.notEqual(other, first);
    assert.deepEqual(other, { template: first.template, args: [201] });
    assert.equal(formatText(other), 'Listed in MEMORY.md, but past line 201: that line is never loaded.');
    // The first one still formats as itself once another Text of its template came after it.
    assert.equal(formatText(first), 'Listed in MEMORY.md, but past line 200: that line is never loaded.');
    assert.equal(formatText({ template: first.template, args: [7] }), 'Listed in MEMORY.md, but past line 7: that line is never loaded.');
    assert.equal(msg('Not listed in MEMORY.md: Claude Code does not know this memory exists.'), between);
    assert.equal(msg('{0} and {1}', 'a', 1) === msg('{0} and {1}', 'a', '1'), false);
  });

  it('fills {n} with argument n, in any order and as often as it appears', () => {
    assert.equal(formatText(msg('{1} before {0}, {1} again', 'first', 'second')), 'second before first, second again');
    assert.equal(formatText(msg('{0} of {1}', 3, 10)), '3 of 10');
  });

  it('fills once: a placeholder inside an argument stays as written', () => {
    assert.equal(formatText(msg('"{0}" and "{1}"', '{1}', 'b')), '"{1}" and "b"');
    assert.equal(formatText(msg('Replace "{0}"', '$&$1')), 'Replace "$&$1"');
  });

  it('leaves placeholders without an argument, and a template without arguments, as written, as vscode.l10n.t does', () => {
    assert.equal(formatText(msg('{0} and {1}', 'a')), 'a and {1}');
    assert.equal(formatText(msg('Keep {0} as it is')), 'Keep {0} as it is');
    assert.equal(formatText(msg('{00} and {x}', 'a')), '{00} and {x}');
  });

  it('gives a message or a title with the Text it came from', () => {
    const text = msg('Create {0}', 'a.md');
    assert.deepEqual(messageOf(text), { message: 'Create a.md', messageText: text });
    assert.deepEqual(titleOf(text), { title: 'Create a.md', titleText: text });
  });

  it('fills exactly what the placeholder pattern /\\{(0|[1-9]\\d*)\\}/g matches: leading zeros, empty and unclosed braces stay', () => {
    // The pattern formatText used to replace with, kept here as the reference its hand scan must agree with.
    const reference = (template: string, args: readonly (string | number)[]): string => args.length === 0
      ? template
      : template.replace(/\{(0|[1-9]\d*)\}/g, (placeholder, index: string) => (args[Number(index)] === undefined ? placeholder : String(args[Number(index)])));
    const piece = fc.constantFrom('{', '}', '0', '1', '2', '9', '10', '{0}', '{1}', '{01}', '{}', '{{1}}', 'a', ' ', '줄', '行');
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')), fc.array(fc.oneof(fc.constantFrom('{0}', '$&', ''), fc.integer()), { maxLength: 3 }), (template, args) => {
      assert.equal(formatText({ template, args }), reference(template, args));
    }), { numRuns: 2000 });
  });
});
