import * as assert from 'node:assert/strict';
import { formatText } from '../../../src/core';
import { say } from '../../../src/language/lenses';
import { createMemoryLanguage } from '../../../src/language/memoryLanguage';
import { answerRoot, FILES } from './answerRoot';

describe('the language layer\'s MEMORY.md lenses, without VS Code or a language server', () => {
  const language = createMemoryLanguage();
  const said = (lenses: ReturnType<typeof language.lenses>): [number, string][] => lenses.map((lens) => [lens.line, say(lens.title, formatText)]);

  it('the load budget on the first line, each entry\'s type and backlinks above it; nothing on a memory', async () => {
    const { session, dispose } = await answerRoot();
    try {
      assert.deepEqual(said(language.lenses(session, 'MEMORY.md', FILES['MEMORY.md'])), [
        [0, '4 / 200 lines · 126 / 25000 characters load at session start'],
        [2, 'feedback · 0 backlinks'],
        [3, 'project · 1 backlink'],
      ]);
      assert.deepEqual(language.lenses(session, 'commit-style.md', FILES['commit-style.md']), []);
    } finally {
      dispose();
    }
  });

  it('an imported index loads whole; past the line limit, where loading stops; what is wrong with an entry', async () => {
    const { session, dispose } = await answerRoot({ 'index.maxLines': 3 }, 'imported');
    try {
      assert.equal(said(language.lenses(session, 'MEMORY.md', FILES['MEMORY.md']))[0][1], '4 lines · 126 characters load at session start, the whole file (imported by a CLAUDE.md)');
    } finally {
      dispose();
    }
    const cut = await answerRoot({ 'index.maxLines': 3 });
    try {
      const text = `${FILES['MEMORY.md']}- [Gone](gone.md) — not written\n`;
      const lenses = said(language.lenses(cut.session, 'MEMORY.md', text));
      assert.equal(lenses[0][1], '5 / 3 lines · 158 / 25000 characters load at session start · loading stops before line 4 (line limit)');
      assert.deepEqual(lenses.filter(([line]) => line === 4), [[4, 'file missing — create']]);
    } finally {
      cut.dispose();
    }
  });

  it('gives line numbers as names, which a door writes without grouping, and counts as numbers', async () => {
    const { session, dispose } = await answerRoot({ 'index.maxLines': 3000 });
    try {
      // An entry first on line 1,236 of a long index, and again on the next.
      const text = `${FILES['MEMORY.md']}${'note\n'.repeat(1231)}- [Gone](gone.md) — not written\n- [Gone](gone.md) — not written\n`;
      const lenses = language.lenses(session, 'MEMORY.md', text);
      const duplicate = lenses.find((lens) => lens.about.kind === 'issue' && lens.about.issue.kind === 'duplicate');
      assert.deepEqual(duplicate?.title[0].args, ['1236']);
      assert.equal(lenses[0].title[0].args[0], 1237);
    } finally {
      dispose();
    }
  });

  it('none when `index.codeLens` is off', async () => {
    const { session, dispose } = await answerRoot({ 'index.codeLens': false });
    try {
      assert.deepEqual(language.lenses(session, 'MEMORY.md', FILES['MEMORY.md']), []);
    } finally {
      dispose();
    }
  });
});
