import * as assert from 'node:assert/strict';
import * as YAML from 'yaml';
import { applyTextEdits, DEFAULT_INDEX_BUDGET, parseMemoryFile, ProblemCode, relativeDate, relativeDateFixAll, type RuleContext } from '../../../../src/core';
import { replaceWithinValue } from '../../../../src/core/edits/frontmatterEdits';
import { checkedEngine, claudeTypes } from '../rules/ruleHelpers';

/** The file after every relative-date fix, as --fix writes them. */
function fixedDates(text: string, path = 'project_x.md'): string {
  const engine = checkedEngine(new Map([[path, text]]), { textRules: [relativeDate] });
  const memory = engine.store.get(path)!;
  const edits = engine.problemsFor(path).filter((problem) => problem.code === ProblemCode.RelativeDate).flatMap((problem) => problem.fixes![0].edits).flatMap((edit) => (edit.kind === 'edit' ? edit.edits : []));
  return (memory.hasBom ? '\uFEFF' : '') + applyTextEdits(memory.text, edits);
}

describe('a fix inside a frontmatter value keeps it a string', () => {
  it('quotes `description: yesterday` once it would become a date a YAML 1.1 reader loads as a Date', () => {
    const fixed = fixedDates('---\nname: x\ndescription: yesterday\ntype: project\nmodified: 2026-03-10\n---\nShipped yesterday.\n');
    assert.equal(fixed, '---\nname: x\ndescription: "2026-03-09"\ntype: project\nmodified: 2026-03-10\n---\nShipped on 2026-03-09.\n');
    const yaml = fixed.split('\n').slice(1, 5).join('\n');
    for (const version of ['1.1', '1.2'] as const) assert.equal((YAML.parse(yaml, { version }) as Record<string, unknown>).description, '2026-03-09');
    assert.equal(fixedDates(fixed), fixed);
  });

  it('keeps the replacement alone where the value stays a string, or is quoted already, in CRLF with a BOM', () => {
    assert.equal(
      fixedDates('\uFEFF---\r\nname: x\r\ndescription: Decided yesterday # why\r\nmetadata:\r\n  type: project\r\n  modified: 2026-03-10\r\n---\r\n'),
      '\uFEFF---\r\nname: x\r\ndescription: Decided on 2026-03-09 # why\r\nmetadata:\r\n  type: project\r\n  modified: 2026-03-10\r\n---\r\n',
    );
    const quoted = parseMemoryFile('a.md', "---\nname: x\ndescription: 'yesterday'\n---\n");
    const inQuotes = { start: { line: 2, character: 14 }, end: { line: 2, character: 23 } };
    assert.deepEqual(replaceWithinValue(quoted, inQuotes, '2026-03-09'), { range: inQuotes, newText: '2026-03-09' });
    assert.equal(fixedDates('---\nname: x\ndescription: 어제\ntype: project\nmodified: 2026-03-10\n---\n'), '---\nname: x\ndescription: "2026-03-09"\ntype: project\nmodified: 2026-03-10\n---\n');
  });

  it('is the replacement alone outside the frontmatter', () => {
    const memory = parseMemoryFile('a.md', '---\nname: x\n---\n2026\n');
    const range = { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } };
    assert.deepEqual(replaceWithinValue(memory, range, 'yes'), { range, newText: 'yes' });
    assert.deepEqual(replaceWithinValue(undefined, range, 'yes'), { range, newText: 'yes' });
  });

  it('serves the fix-all of a file too', () => {
    const text = '---\nname: x\ndescription: yesterday\ntype: project\nmodified: 2026-03-10\n---\nAnd tomorrow.\n';
    const memory = parseMemoryFile('x.md', text);
    const context: RuleContext = { store: checkedEngine(new Map()).store, typeSet: claudeTypes, budget: DEFAULT_INDEX_BUDGET, modifiedTime: () => undefined };
    const fix = relativeDateFixAll({ path: 'x.md', text, memory }, context)!;
    const edit = fix.edits[0];
    assert.ok(edit.kind === 'edit');
    assert.equal(applyTextEdits(text, edit.edits), '---\nname: x\ndescription: "2026-03-09"\ntype: project\nmodified: 2026-03-10\n---\nAnd on 2026-03-11.\n');
  });
});
