import * as assert from 'node:assert/strict';
import { parseMemoryFile } from '../../../src/core';
import { LineIndex } from '../../../src/core/lineIndex';
import { readFixtureRoot } from '../helpers/fixtures';

const mixed = readFixtureRoot('mixed');
const parse = (path: string) => parseMemoryFile(path, mixed.get(path)!);

describe('parseMemoryFile', () => {
  it('reads Claude Code’s current shape, with type under metadata and unknown keys kept', () => {
    const memory = parse('user_profile.md');
    assert.equal(memory.name, 'user-profile');
    assert.equal(memory.description, '<org>의 학부 2학년. 실험 보고서와 작은 웹앱을 함께 진행한다.');
    assert.equal(memory.type, 'user');
    assert.equal(memory.typeLocation, 'metadata');
    assert.deepEqual(memory.frontmatter.data.metadata, {
      type: 'user',
      originSessionId: '0b3c6f1e-2d4a-4f7e-9a51-7c2e8d9f0a11',
      modified: '2026-07-30T07:40:18.191Z',
    });
    assert.equal(memory.eol, '\n');
    assert.equal(memory.hasBom, false);
  });

  it('reads the flat shape with a BOM, keeping comments out of the data and other keys in', () => {
    const memory = parse('feedback_no_data_fabrication.md');
    assert.equal(memory.hasBom, true);
    assert.equal(memory.name, 'feedback-no-data-fabrication');
    assert.equal(memory.type, 'feedback');
    assert.equal(memory.typeLocation, 'top-level');
    assert.equal(memory.frontmatter.data.severity, 'high');
    // Positions count from after the BOM, as the editor shows the text.
    assert.deepEqual(memory.frontmatter.fields.get('name')!.keyRange.start, { line: 1, character: 0 });
  });

  it('reads CRLF files and folded double-quoted descriptions, with exact value positions', () => {
    const memory = parse('feedback_math_notation.md');
    assert.equal(memory.eol, '\r\n');
    assert.equal(memory.description, 'LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤).');
    const type = memory.frontmatter.fields.get('metadata.type')!;
    assert.deepEqual(type.keyRange, { start: { line: 5, character: 2 }, end: { line: 5, character: 6 } });
    assert.deepEqual(type.valueRange, { start: { line: 5, character: 8 }, end: { line: 5, character: 16 } });
    const description = memory.frontmatter.fields.get('description')!;
    assert.deepEqual(description.valueRange, { start: { line: 2, character: 13 }, end: { line: 3, character: 40 } });
  });

  it('reports broken YAML at the error’s position and still finds body links', () => {
    const memory = parse('broken_yaml.md');
    assert.equal(memory.frontmatter.status, 'invalid');
    assert.equal(memory.name, undefined);
    assert.equal(memory.frontmatter.errors.length > 0, true);
    // yaml reports the unclosed flow sequence where it notices it: the next key's line.
    assert.equal(memory.frontmatter.errors[0].range.start.line, 3);
    assert.match(memory.frontmatter.errors[0].message, /Flow sequence/);
    assert.equal(memory.frontmatter.bodyStart, '---\nname: broken-yaml\ndescription: [unclosed\ntype: feedback\n---\n'.length);
  });

  it('says when there is no frontmatter and reads the whole file as body', () => {
    const memory = parse('no_frontmatter.md');
    assert.equal(memory.frontmatter.status, 'missing');
    assert.deepEqual(memory.links.map((link) => link.target), ['user-profile']);
  });

  it('calls an unterminated block invalid instead of reading the body as YAML', () => {
    const memory = parseMemoryFile('x.md', '---\nname: x\ndescription: never closed\n\nbody');
    assert.equal(memory.frontmatter.status, 'invalid');
    assert.match(memory.frontmatter.errors[0].message, /closing/);
    assert.deepEqual(memory.frontmatter.errors[0].range.start, { line: 0, character: 0 });
  });

  it('refuses a frontmatter that is not a mapping and a duplicated key', () => {
    assert.equal(parseMemoryFile('x.md', '---\n- a\n- b\n---\n').frontmatter.status, 'invalid');
    const duplicated = parseMemoryFile('x.md', '---\nname: a\nname: b\n---\n');
    assert.equal(duplicated.frontmatter.status, 'invalid');
    assert.equal(duplicated.frontmatter.errors[0].range.start.line, 2);
  });

  it('accepts an empty frontmatter and gives an empty key a place for its value', () => {
    assert.equal(parseMemoryFile('x.md', '---\n---\nbody').frontmatter.status, 'ok');
    const memory = parseMemoryFile('x.md', '---\nname: x\ntype:\n---\n');
    assert.equal(memory.type, undefined);
    assert.equal(memory.typeLocation, 'top-level');
    assert.deepEqual(memory.frontmatter.fields.get('type')!.valueRange.start, { line: 2, character: 5 });
  });

  it('calls a frontmatter whose aliases multiply invalid instead of throwing', () => {
    const items = Array.from({ length: 120 }, () => '*a').join(', ');
    const memory = parseMemoryFile('x.md', `---\nname: x\nbase: &a [1, 2, 3]\nmany: [${items}]\n---\nbody [[y]]`);
    assert.equal(memory.frontmatter.status, 'invalid');
    assert.match(memory.frontmatter.errors[0].message, /alias/i);
    assert.deepEqual(memory.links.map((link) => link.target), ['y']);
  });

  it('treats numbers as text and blank strings as absent', () => {
    const memory = parseMemoryFile('x.md', '---\nname: 2026\ndescription: "  "\n---\n');
    assert.equal(memory.name, '2026');
    assert.equal(memory.description, undefined);
  });
});

describe('findLinks (through parseMemoryFile)', () => {
  it('finds [[links]] with target ranges, skipping fenced and inline code', () => {
    const memory = parse('project_docx_delivery.md');
    assert.deepEqual(memory.links.map((link) => link.target), ['reference-lab-drive', 'feedback-report-writing']);
    assert.deepEqual(memory.links[0].targetRange, { start: { line: 5, character: 6 }, end: { line: 5, character: 25 } });
    assert.deepEqual(memory.links[0].range, { start: { line: 5, character: 4 }, end: { line: 5, character: 27 } });
    assert.deepEqual(parse('reference_lab_drive.md').links.map((link) => link.target), ['user-profile']);
  });

  it('reads aliases and headings, trims spaces, and ignores empty brackets', () => {
    const memory = parseMemoryFile('x.md', '---\nname: x\n---\n[[ a-b |label]] [[c#part]] [[ ]] [[d]]\r\n[[e]]');
    assert.deepEqual(memory.links.map((link) => link.target), ['a-b', 'c', 'd', 'e']);
    assert.deepEqual(memory.links[0].targetRange, { start: { line: 3, character: 3 }, end: { line: 3, character: 6 } });
    assert.deepEqual(memory.links[3].range.start, { line: 4, character: 0 });
  });

  it('does not read links in the frontmatter', () => {
    const memory = parseMemoryFile('x.md', '---\nname: x\ndescription: see [[y]]\n---\nbody');
    assert.deepEqual(memory.links, []);
  });
});

describe('frontmatter field positions', () => {
  // Fields are held as offsets and made into positions when asked: every way of asking must place
  // them where a table of line starts over the whole text does.
  const cases: Record<string, string> = {
    lf: '---\nname: testing\ndescription: 테스트는 실제 DB로 돌린다\nmetadata:\n  type: feedback\n  modified: 2026-07-30\n---\nbody\n',
    crlf: '---\r\nname: testing\r\ndescription: 実DBでテストする\r\nmetadata:\r\n  type: feedback\r\n---\r\nbody\r\n',
    // Flow and block values are refused by the scanner: the full parser reads this one.
    'full parser': '---\r\nname: testing\r\ntags: [db, ci]\r\ndescription: >\r\n  실제 DB로\r\n  돌린다\r\ntype: feedback\r\n---\r\nbody',
    // Offsets past 0xffff do not fit the packed form: a long description before the last keys.
    'past 64 KB': `---\nname: big\ndescription: ${'x'.repeat(70_000)}\ntype: project\nmetadata:\n  type: project\n---\n`,
  };
  for (const [label, text] of Object.entries(cases)) {
    it(`places every key and value as a line table does (${label})`, () => {
      const memory = parseMemoryFile('feedback_testing.md', text);
      assert.equal(memory.frontmatter.status, 'ok');
      const lines = new LineIndex(text);
      const expected = (offset: number) => lines.positionAt(offset);
      const iterated = [...memory.frontmatter.fields.values()];
      assert.ok(iterated.length >= 2);
      for (const field of iterated) {
        assert.deepEqual(memory.frontmatter.fields.get(field.key), field);
        const key = field.key.split('.').pop()!;
        const keyStart = lines.offsetAt(field.keyRange.start);
        assert.equal(text.slice(keyStart, lines.offsetAt(field.keyRange.end)), key);
        assert.deepEqual(field.keyRange.start, expected(keyStart));
        assert.equal(text.charAt(lines.offsetAt(field.keyRange.end)), ':');
      }
      const name = memory.frontmatter.fields.get('name')!;
      assert.equal(text.slice(lines.offsetAt(name.valueRange.start), lines.offsetAt(name.valueRange.end)), memory.name);
      const last = iterated[iterated.length - 1];
      const lastValue = text.slice(lines.offsetAt(last.valueRange.start), lines.offsetAt(last.valueRange.end));
      assert.ok(lastValue.length > 0 && text.includes(lastValue));
    });
  }
});
