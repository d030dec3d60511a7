import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  builtInTemplate,
  CLAUDE_CODE_TYPES,
  fillTemplate,
  inferType,
  MADOHUB_TYPES,
  memoryFileName,
  applyTextEdits,
  parseMemoryIndex,
  planIndexEntry,
  planStub,
  rootConventions,
} from '../../../../src/core';
import { loadFixtureStore } from '../../helpers/fixtures';
import { applyFileEdits, storeOf } from './fileEdits';

const metadataRoot = (): Map<string, string> => new Map([
  ['MEMORY.md', '# Memory index\n\n- [Math](feedback_math.md) — LaTeX does not render\n\n## Notes\nfree text\n'],
  ['feedback_math.md', '---\nname: feedback-math\ndescription: d\nmetadata:\n  type: feedback\n---\nSee [[feedback-report-writing]].\n'],
  ['user_profile.md', '---\nname: user-profile\ndescription: d\nmetadata:\n  type: user\n---\n'],
  ['project_x.md', '---\nname: project-x\ndescription: d\ntype: project\n---\n'],
]);

describe('stub creation', () => {
  it('infers the type from a prefix among the configured types, the longest winning', () => {
    assert.equal(inferType('feedback-report-writing', CLAUDE_CODE_TYPES), 'feedback');
    assert.equal(inferType('Feedback_Report', CLAUDE_CODE_TYPES), 'feedback');
    assert.equal(inferType('user profile', CLAUDE_CODE_TYPES), 'user');
    assert.equal(inferType('feedback', CLAUDE_CODE_TYPES), undefined);
    assert.equal(inferType('feedbacks-x', CLAUDE_CODE_TYPES), undefined);
    assert.equal(inferType('report-writing', CLAUDE_CODE_TYPES), undefined);
    assert.equal(inferType('decision-use-sqlite', MADOHUB_TYPES), 'decision');
    assert.equal(inferType('post-mortem-x', ['post', 'post-mortem']), 'post-mortem');
  });

  it('names the file in the root’s convention', () => {
    assert.equal(memoryFileName('feedback-report-writing', '_'), 'feedback_report_writing.md');
    assert.equal(memoryFileName('feedback_report_writing', '-'), 'feedback-report-writing.md');
    assert.equal(memoryFileName('보고서 문체', '_'), '보고서_문체.md');
  });

  it('reads the root’s conventions from the majority of its files', () => {
    assert.deepEqual(rootConventions(storeOf(metadataRoot())), { fileSeparator: '_', typeLocation: 'metadata', eol: '\n', indexDash: '—', language: 'en' });
    // mixed: 4 top-level types to 3 under metadata, one CRLF file among LF ones.
    assert.deepEqual(rootConventions(loadFixtureStore('mixed')), { fileSeparator: '_', typeLocation: 'top-level', eol: '\n', indexDash: '—', language: 'en' });
    const hyphens = storeOf(new Map([
      ['MEMORY.md', '- [A](a-b.md) - x\r\n- [B](c-d.md) - y\r\n'],
      ['a-b.md', '---\r\nname: a-b\r\ntype: user\r\n---\r\n'],
      ['c-d.md', '---\r\nname: c-d\r\ntype: user\r\n---\r\n'],
      ['e_f.md', '---\nname: e-f\nmetadata:\n  type: user\n---\n'],
    ]));
    assert.deepEqual(rootConventions(hyphens), { fileSeparator: '-', typeLocation: 'top-level', eol: '\r\n', indexDash: '-', language: 'en' });
    assert.deepEqual(rootConventions(storeOf(new Map())), { fileSeparator: '_', typeLocation: 'metadata', eol: '\n', indexDash: '—', language: 'en' });
  });

  it('plans the file and the index line, byte for byte, in the metadata shape', () => {
    const files = metadataRoot();
    const plan = planStub(storeOf(files), { name: 'feedback-report-writing', type: 'feedback' });
    assert.ok(plan.ok);
    assert.equal(plan.path, 'feedback_report_writing.md');
    assert.equal(plan.content, [
      '---',
      'name: feedback-report-writing',
      'description: ',
      'metadata:',
      '  type: feedback',
      '---',
      '# feedback-report-writing',
      '',
      '## What was corrected',
      '',
      '## How to do it',
      '',
      '## Why',
      '',
    ].join('\n'));
    assert.deepEqual(plan.cursor, { line: 2, character: 13 });
    const after = applyFileEdits(files, plan.edits);
    assert.equal(after.get('MEMORY.md'), '# Memory index\n\n- [Math](feedback_math.md) — LaTeX does not render\n- [feedback-report-writing](feedback_report_writing.md)\n\n## Notes\nfree text\n');
    const store = storeOf(after);
    const stub = store.get('feedback_report_writing.md')!;
    assert.equal(stub.name, 'feedback-report-writing');
    assert.equal(stub.description, undefined);
    assert.equal(stub.type, 'feedback');
    assert.equal(stub.typeLocation, 'metadata');
    assert.equal(store.resolveLink('feedback-report-writing').status, 'resolved');
    assert.deepEqual(store.indexEntriesFor('feedback_report_writing.md').map((entry) => entry.title), ['feedback-report-writing']);
  });

  it('writes the top-level shape, CRLF and the built-in template of each type', () => {
    const files = new Map([
      ['MEMORY.md', '- [P](project-a.md) – x\r\n'],
      ['project-a.md', '---\r\nname: project-a\r\ntype: project\r\n---\r\nbody\r\n'],
    ]);
    const plan = planStub(storeOf(files), { name: 'reference_lab-manual', type: 'reference' });
    assert.ok(plan.ok);
    assert.equal(plan.path, 'reference-lab-manual.md');
    assert.equal(plan.content, '---\r\nname: reference_lab-manual\r\ndescription: \r\ntype: reference\r\n---\r\n# reference_lab-manual\r\n\r\n## Where\r\n\r\n## What it is for\r\n');
    assert.equal(applyFileEdits(files, plan.edits).get('MEMORY.md'), '- [P](project-a.md) – x\r\n- [reference_lab-manual](reference-lab-manual.md)\r\n');
    assert.equal(builtInTemplate('user'), '# {{name}}\n\n## Who\n');
    assert.equal(builtInTemplate('project'), '# {{name}}\n\n## The constraint\n\n## Its reason\n');
    assert.equal(builtInTemplate('decision'), '# {{name}}\n');
    assert.equal(builtInTemplate(undefined), '# {{name}}\n');
    assert.equal(builtInTemplate('feedback', { feedbackCorrected: '무엇이 수정되었는가', feedbackHow: '어떻게', feedbackWhy: '왜', projectConstraint: '', projectReason: '', userWho: '', referenceWhere: '', referenceWhatFor: '' }),
      '# {{name}}\n\n## 무엇이 수정되었는가\n\n## 어떻게\n\n## 왜\n');
  });

  it('uses the user’s template, filling in the name and type', () => {
    const plan = planStub(storeOf(metadataRoot()), { name: 'feedback-tone', type: 'feedback', template: '\uFEFF# {{ name }} ({{type}})\r\n\r\nRule:\r\n\r\n\r\n' });
    assert.ok(plan.ok);
    assert.ok(plan.content.endsWith('---\n# feedback-tone (feedback)\n\nRule:\n'), plan.content);
    assert.equal(fillTemplate('', { name: 'x', type: undefined }, '\n'), '');
    assert.equal(fillTemplate('{{type}}', { name: 'x', type: undefined }, '\n'), '');
  });

  it('writes no type key when none was chosen, and quotes names YAML would misread', () => {
    const plan = planStub(storeOf(metadataRoot()), { name: '2026-03-09', type: undefined });
    assert.ok(plan.ok);
    assert.equal(plan.content, '---\nname: "2026-03-09"\ndescription: \n---\n# 2026-03-09\n');
    const stub = storeOf(applyFileEdits(metadataRoot(), plan.edits)).get('2026_03_09.md')!;
    assert.equal(stub.name, '2026-03-09');
  });

  it('adds the entry to an index without entries, or creates the index', () => {
    const noEntries = new Map([['MEMORY.md', '# Memory index'], ['a_b.md', '---\nname: a-b\n---\n']]);
    let plan = planStub(storeOf(noEntries), { name: 'user-x', type: 'user' });
    assert.ok(plan.ok);
    assert.equal(applyFileEdits(noEntries, plan.edits).get('MEMORY.md'), '# Memory index\n- [user-x](user_x.md)');
    const noIndex = new Map([['a_b.md', '---\nname: a-b\n---\n']]);
    plan = planStub(storeOf(noIndex), { name: 'user-x', type: 'user' });
    assert.ok(plan.ok);
    assert.equal(applyFileEdits(noIndex, plan.edits).get('MEMORY.md'), '# Memory index\n\n- [user-x](user_x.md)\n');
  });

  it('appends entries that, applied together, make consecutive lines, keeping the file’s last line break or its lack', () => {
    const conventions = { fileSeparator: '_', typeLocation: 'metadata', eol: '\n', indexDash: '—' } as const;
    const added = ['- [B](b.md) — b', '- [C](c.md)', '- [D](<d e.md>) — d'];
    for (const eol of ['\n', '\r\n']) {
      for (const trailing of [true, false]) {
        const end = trailing ? eol : '';
        const cases: [string, string][] = [
          [`# Index${eol}${eol}- [A](a.md) — a${end}`, `# Index${eol}${eol}- [A](a.md) — a${eol}${added.join(eol)}${end}`],
          [`# Index${eol}- [A](a.md) — a${eol}${eol}## Notes${eol}free text${end}`, `# Index${eol}- [A](a.md) — a${eol}${added.join(eol)}${eol}${eol}## Notes${eol}free text${end}`],
          // With no line break at all there is no line ending to follow: LF.
          [`# Index${end}`, `# Index${trailing ? eol : '\n'}${added.join(trailing ? eol : '\n')}${end}`],
          [`# Index${eol}${eol}Notes.${end}`, `# Index${eol}${eol}Notes.${eol}${added.join(eol)}${end}`],
        ];
        for (const [text, expected] of cases) {
          const index = parseMemoryIndex(text);
          const edits = [planIndexEntry(index, 'b.md', { title: 'B', description: 'b' }, conventions), planIndexEntry(index, 'c.md', { title: 'C' }, conventions), planIndexEntry(index, 'd e.md', { title: 'D', description: 'd' }, conventions)]
            .flatMap((edit) => (edit.kind === 'edit' ? edit.edits : []));
          assert.equal(applyTextEdits(text, edits), expected, JSON.stringify(text));
          // One alone is the same line, in the same place.
          const single = text.includes('\n') ? eol : '\n';
          assert.equal(applyTextEdits(text, edits.slice(0, 1)), expected.replace(`${single}${added.slice(1).join(single)}`, ''), JSON.stringify(text));
        }
      }
    }
    const empty = parseMemoryIndex('');
    const edits = ['b.md', 'c.md'].flatMap((path) => {
      const edit = planIndexEntry(empty, path, { title: path[0].toUpperCase() }, conventions);
      return edit.kind === 'edit' ? edit.edits : [];
    });
    assert.equal(applyTextEdits('', edits), '- [B](b.md)\n- [C](c.md)\n');
  });

  it('places the index line in MEMORY.md as an open editor holds it, when that differs from the store', () => {
    const files = metadataRoot();
    const edited = '# Memory index\n\n- [Math](feedback_math.md) — LaTeX does not render\n- [Draft](user_profile.md) — typed, not saved\n';
    const plan = planStub(storeOf(files), { name: 'user-x', type: 'user' }, { index: parseMemoryIndex(edited) });
    assert.ok(plan.ok);
    const after = applyFileEdits(new Map([...files, ['MEMORY.md', edited]]), plan.edits);
    assert.equal(after.get('MEMORY.md'), `${edited}- [user-x](user_x.md)\n`);
  });

  it('escapes brackets in the title and wraps paths with spaces', () => {
    const files = metadataRoot();
    const plan = planStub(storeOf(files), { name: 'user [draft] notes', type: 'user' });
    assert.ok(plan.ok);
    assert.equal(plan.path, 'user_[draft]_notes.md');
    const store = storeOf(applyFileEdits(files, plan.edits));
    assert.deepEqual(store.indexEntriesFor('user_[draft]_notes.md').map((entry) => entry.title), ['user [draft] notes']);
  });

  it('refuses unsafe names and files that exist, writing nothing', () => {
    const store = storeOf(metadataRoot());
    const traversal = planStub(store, { name: '../../.ssh/authorized_keys', type: 'user' });
    assert.ok(!traversal.ok && traversal.reason === 'unsafe-name' && traversal.check.reason === 'traversal');
    const device = planStub(store, { name: 'CON', type: 'user' });
    assert.ok(!device.ok && device.reason === 'unsafe-name' && device.check.reason === 'reserved-device');
    const index = planStub(store, { name: 'memory', type: undefined });
    assert.ok(!index.ok && index.reason === 'unsafe-name' && index.check.reason === 'reserved-file');
    store.update('Feedback_New.md', '---\ndescription: no name\n---\n');
    const exists = planStub(store, { name: 'feedback_new', type: 'feedback' });
    assert.ok(!exists.ok && exists.reason === 'exists' && exists.path === 'Feedback_New.md');
  });

  it('writes an index link that resolves to exactly the file, whatever its name holds', () => {
    // MEMORY.md's reader cuts a link at `#` and percent-decodes it: a raw `c#_tips.md` pointed nowhere,
    // and every --fix run appended another line for the same file.
    const unit = fc.constantFrom(
      'a', 'Z', '0', '-', '_', '.', ' ', '#', '%', '?', '(', ')', '[', ']', '<', '>', '&', '+', '=', ',', ';', "'", '"', '!', '~', '`', '{', '}', '^', '$', '@',
      '%2', '%20', '%zz', '메', '모', '日', '本', 'ご', '\u3000', '\u00a0', '\t', '\n', '\r', '\u2028', 'é', '\u{1F600}',
    );
    const segment = fc.string({ minLength: 1, maxLength: 10, unit }).filter((s) => s !== '.' && s !== '..');
    const paths = fc.tuple(fc.array(segment, { maxLength: 2 }), segment).map(([folders, stem]) => [...folders, `${stem}.md`].join('/'));
    const conventions = { fileSeparator: '_', typeLocation: 'metadata', eol: '\n', indexDash: '—' } as const;
    fc.assert(fc.property(paths, fc.boolean(), (path, withEntries) => {
      const index = parseMemoryIndex(withEntries ? '# Index\n- [A](a.md) — a\n' : '# Index\n');
      const edit = planIndexEntry(index, path, { title: 'T', description: 'hook' }, conventions);
      assert.ok(edit.kind === 'edit');
      const written = parseMemoryIndex(applyTextEdits(index.text, edit.edits));
      assert.deepEqual(written.entries.map((entry) => entry.target), [...(withEntries ? ['a.md'] : []), path]);
    }), { numRuns: 3000 });
    for (const path of ['c#_tips.md', 'a%20b.md', 'why?.md', 'notes (old).md', '메모 #1.md', 'メモ 100%.md']) {
      const edit = planIndexEntry(parseMemoryIndex('# Index\n'), path, { title: 'T' }, conventions);
      assert.ok(edit.kind === 'edit');
      assert.equal(parseMemoryIndex(applyTextEdits('# Index\n', edit.edits)).entries[0].target, path, path);
    }
  });
});
