import * as assert from 'node:assert/strict';
import { escapeIcons, escapeMarkdown, markdownCode, markdownCodeBlock, singleLine } from '../../../src/core';

/** Whether `text` holds `char` not preceded by an escaping backslash. */
function hasBare(text: string, char: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === char) return true;
  }
  return false;
}

const ICON = /(\\)?\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/g;

/**
 * What VS Code shows of `markdown`'s text, as far as icons go: it doubles the backslash of an escaped
 * icon (`\$(x)`) in the source, lets Markdown undo backslash escapes, then draws each `$(x)` of the
 * rendered text that no backslash precedes as an icon, and shows an escaped one as text.
 */
function shownByVsCode(markdown: string): { text: string; icons: number } {
  const source = markdown.replace(/\\\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/g, (match) => `\\${match}`);
  const rendered = source.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  let icons = 0;
  const text = rendered.replace(ICON, (match, escaped: string | undefined) => {
    if (escaped) return match.slice(1);
    icons++;
    return '';
  });
  return { text, icons };
}

/** The lines CommonMark would take as closing a backtick fence of `length` (up to 3 spaces of indent). */
function closesFence(line: string, length: number): boolean {
  const match = /^ {0,3}(`+)\s*$/.exec(line);
  return match !== null && match[1]!.length >= length;
}

describe('core/markdownEscape', () => {
  it('shows $(x) in a description as text, not an icon (the tree\'s old copy escaped only the brackets)', () => {
    const treesOldCopy = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
    assert.equal(shownByVsCode(treesOldCopy('run $(terminal) now')).icons, 1, 'the old escaping drew an icon');
    for (const text of ['run $(terminal) now', '$(sync~spin) and \\$(x) and $5 and $(', '- $(cmd)']) {
      assert.deepEqual(shownByVsCode(escapeMarkdown(text)), { text, icons: 0 }, text);
    }
  });

  it('escapes only the icons of a plain label that draws them (a CodeLens title)', () => {
    assert.equal(escapeIcons('$(sync~spin) project [x]'), '\\$(sync~spin) project [x]');
    assert.equal(escapeIcons('$5 $('), '$5 $(');
  });

  it('leaves no image, link, autolink or HTML in a hostile type or description', () => {
    for (const hostile of ['![x](https://host/beacon.png)', '[click](command:workbench.action.terminal.new)', '<img src=https://host/b.png>', 'https://host/a', '&lt;b&gt;', '**bold** _it_ `code` # h ~~s~~ | t |']) {
      const escaped = escapeMarkdown(hostile);
      for (const char of '![]()<>`*_#~|&:') assert.ok(!hasBare(escaped, char), `${char} bare in ${escaped}`);
      assert.equal(shownByVsCode(escaped).text, hostile);
    }
  });

  it('makes a code span of a file name holding backticks that the name cannot close', () => {
    const span = markdownCode('a`b``c.md');
    assert.equal(span, '```a`b``c.md```');
    assert.equal(markdownCode('`x`'), '`` `x` ``');
    assert.equal(markdownCode('plain.md'), '`plain.md`');
    assert.equal(markdownCode('two\nlines'), '`two lines`');
  });

  it('makes a code block that no line of the body closes, an indented fence included', () => {
    const body = 'intro\n   ```\n![x](https://host/beacon.png)\n  ``````\nend';
    const block = markdownCodeBlock(body, 'markdown');
    const lines = block.split('\n');
    const fence = /^(`+)/.exec(lines[0]!)![1]!.length;
    assert.ok(fence > 6, `fence of ${fence}`);
    assert.equal(lines[0], '`'.repeat(fence) + 'markdown');
    assert.equal(lines.at(-1), '`'.repeat(fence));
    assert.deepEqual(lines.slice(1, -1).filter((line) => closesFence(line, fence)), []);
    assert.equal(lines.slice(1, -1).join('\n'), body);
    assert.equal(markdownCodeBlock('no fences').split('\n')[0], '```');
  });

  it('puts one line on the clipboard: line breaks and control characters become spaces', () => {
    assert.equal(singleLine('name\nrm -rf ~\r\n'), 'name rm -rf ~');
    assert.equal(singleLine('a\u2028b\u0007c'), 'a b c');
    assert.equal(singleLine('이름 名前'), '이름 名前');
  });
});
