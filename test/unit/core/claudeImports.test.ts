import * as assert from 'node:assert/strict';
import { applyTextEdits, importRefFrom, importsPath, indexImporter, planAddImport, PROJECT_CLAUDE_FILES, type ImportEdit } from '../../../src/core';

function apply(text: string | undefined, edit: ImportEdit): string {
  if (edit.kind === 'create') {
    assert.equal(text, undefined, 'only a missing file is created');
    return edit.content;
  }
  return applyTextEdits(text!, edit.edits);
}

describe('a CLAUDE.md importing the memory index', () => {
  it('finds the import on its own line, with or without ./, among other text', () => {
    assert.equal(importsPath('# Project\n\n@memory/MEMORY.md\n', 'memory/MEMORY.md'), true);
    assert.equal(importsPath('# 프로젝트\r\n\r\n메모리 색인: @./memory/MEMORY.md を読む\r\n', 'memory/MEMORY.md'), true);
    assert.equal(importsPath('See @docs/memory/MEMORY.md', 'docs/memory/MEMORY.md'), true);
    assert.equal(importsPath('@../memory/MEMORY.md', '../memory/MEMORY.md'), true);
  });

  it('does not count the path in code, in an e-mail-like word, in plain prose or naming another file', () => {
    assert.equal(importsPath('```\n@memory/MEMORY.md\n```\n', 'memory/MEMORY.md'), false);
    assert.equal(importsPath('Write `@memory/MEMORY.md` in CLAUDE.md.', 'memory/MEMORY.md'), false);
    assert.equal(importsPath('team@memory/MEMORY.md', 'memory/MEMORY.md'), false);
    assert.equal(importsPath('The index is memory/MEMORY.md.', 'memory/MEMORY.md'), false);
    assert.equal(importsPath('@memory/MEMORY.md.bak\n@memory/OTHER.md', 'memory/MEMORY.md'), false);
    assert.equal(importsPath('', 'memory/MEMORY.md'), false);
  });
});

describe('adding the memory index import to CLAUDE.md', () => {
  it('creates a missing CLAUDE.md holding just the import', () => {
    assert.equal(apply(undefined, planAddImport(undefined, 'memory/MEMORY.md')), '@memory/MEMORY.md\n');
    assert.equal(apply('', planAddImport('', 'memory/MEMORY.md')), '@memory/MEMORY.md\n');
  });

  it('appends after a blank line, keeping every byte before it and the line ending', () => {
    assert.equal(apply('# 規約\n\n- 日本語で書く\n', planAddImport('# 規約\n\n- 日本語で書く\n', 'memory/MEMORY.md')), '# 規約\n\n- 日本語で書く\n\n@memory/MEMORY.md\n');
    assert.equal(apply('# Rules\r\n- one', planAddImport('# Rules\r\n- one', 'memory/MEMORY.md')), '# Rules\r\n- one\r\n\r\n@memory/MEMORY.md\r\n');
    assert.equal(apply('# 규칙\n\n', planAddImport('# 규칙\n\n', 'memory/MEMORY.md')), '# 규칙\n\n@memory/MEMORY.md\n');
  });

  it('writes what it detects afterwards', () => {
    const text = '# Rules\n```\n@memory/MEMORY.md\n```\n';
    assert.equal(importsPath(text, 'memory/MEMORY.md'), false);
    assert.equal(importsPath(apply(text, planAddImport(text, 'memory/MEMORY.md')), 'memory/MEMORY.md'), true);
  });
});

describe('which CLAUDE.md imports a memory folder index', () => {
  const texts = (entries: Record<string, string>): Map<string, string | undefined> => new Map(Object.entries(entries));

  it('resolves an import from the folder of the file that holds it', () => {
    assert.equal(importRefFrom('CLAUDE.md', 'memory/MEMORY.md'), 'memory/MEMORY.md');
    assert.equal(importRefFrom('.claude/CLAUDE.md', 'memory/MEMORY.md'), '../memory/MEMORY.md');
    assert.equal(indexImporter(texts({ '.claude/CLAUDE.md': '# 규칙\n@../memory/MEMORY.md\n' }), 'memory/MEMORY.md'), '.claude/CLAUDE.md');
    assert.equal(indexImporter(texts({ 'CLAUDE.local.md': 'メモ: @./docs/memory/MEMORY.md\n' }), 'docs/memory/MEMORY.md'), 'CLAUDE.local.md');
  });

  it('does not count `@memory/...` in .claude/CLAUDE.md, which names .claude/memory/', () => {
    assert.equal(indexImporter(texts({ '.claude/CLAUDE.md': '@memory/MEMORY.md\n' }), 'memory/MEMORY.md'), undefined);
    assert.equal(importRefFrom('.claude/CLAUDE.md', '.claude/memory/MEMORY.md'), 'memory/MEMORY.md');
    assert.equal(indexImporter(texts({ '.claude/CLAUDE.md': '@memory/MEMORY.md\n' }), '.claude/memory/MEMORY.md'), '.claude/CLAUDE.md', 'it imports the folder inside .claude');
  });

  it('finds the first file that imports, and none in code, prose or a missing file', () => {
    const all = new Map<string, string | undefined>([['CLAUDE.md', 'The index is `@memory/MEMORY.md`.'], ['.claude/CLAUDE.md', undefined], ['CLAUDE.local.md', '@memory/MEMORY.md']]);
    assert.equal(indexImporter(all, 'memory/MEMORY.md'), 'CLAUDE.local.md');
    assert.equal(indexImporter(new Map(), 'memory/MEMORY.md'), undefined);
    assert.deepEqual([...PROJECT_CLAUDE_FILES], ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md']);
  });
});
