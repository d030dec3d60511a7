import * as assert from 'node:assert/strict';
import { applyTextEdits, parseMemoryIndex, planRestoredIndexLine } from '../../../../src/core';

/** The current index with the restored line put where the plan says. */
function restored(oldText: string, currentText: string, path: string): string {
  const edit = planRestoredIndexLine(oldText, parseMemoryIndex(currentText), path, { eol: '\n' });
  assert.ok(edit, 'the old index listed it');
  assert.equal(edit.kind, 'edit');
  if (edit.kind !== 'edit') throw new Error('unreachable');
  return applyTextEdits(currentText, edit.edits);
}

describe('a restored memory gets its index line back at its old place', () => {
  const DEPLOY = '- [배포 금지](project_deploy.md) — 금요일에는 배포하지 않는다';
  const TONE = '- [返信の口調](feedback_tone.md) — 丁寧語で書く';
  const CI = '- [CI](reference_ci.md) — Runs on Buildkite';

  it('goes back between its old neighbours, not at the end (CRLF kept)', () => {
    const old = `# Memory\r\n\r\n${DEPLOY}\r\n${TONE}\r\n${CI}\r\n`;
    const now = `# Memory\r\n\r\n${DEPLOY}\r\n${CI}\r\n`;
    assert.equal(restored(old, now, 'feedback_tone.md'), old);
  });

  it('goes first again when it was first: before the entry that followed it, below the heading and its blank line', () => {
    const old = `# Memory\n\n${DEPLOY}\n${TONE}\n`;
    assert.equal(restored(old, `# Memory\n\n${TONE}\n`, 'project_deploy.md'), old);
  });

  it('finds its neighbour by the file it links to, though that line\'s hook changed since', () => {
    const old = `# Memory\n${DEPLOY}\n${TONE}\n${CI}\n`;
    const now = `# Memory\n- [Deploy freeze](project_deploy.md) — No deploys on Fridays after 15:00\n${CI}\n`;
    assert.equal(restored(old, now, 'feedback_tone.md'), `# Memory\n- [Deploy freeze](project_deploy.md) — No deploys on Fridays after 15:00\n${TONE}\n${CI}\n`);
  });

  it('goes back under its section heading when it was the section\'s only entry', () => {
    const old = `# Memory\n\n## Project\n\n${DEPLOY}\n\n## Reference\n\n${CI}\n`;
    const now = `# Memory\n\n## Project\n\n## Reference\n\n${CI}\n`;
    assert.equal(restored(old, now, 'project_deploy.md'), `# Memory\n\n## Project\n\n${DEPLOY}\n\n## Reference\n\n${CI}\n`);
  });

  it('falls back to the end when its old neighbours are gone', () => {
    const old = `# Memory\n${DEPLOY}\n${TONE}\n`;
    const now = `# 메모리\n${CI}\n`;
    assert.equal(restored(old, now, 'feedback_tone.md'), `# 메모리\n${CI}\n${TONE}\n`);
  });

  it('plans nothing when the old index did not list it, and creates MEMORY.md when there is none', () => {
    assert.equal(planRestoredIndexLine(`# Memory\n${DEPLOY}\n`, parseMemoryIndex(`# Memory\n`), 'feedback_tone.md', { eol: '\n' }), undefined);
    const created = planRestoredIndexLine(`# Memory\n${TONE}\n`, undefined, 'feedback_tone.md', { eol: '\r\n' });
    assert.equal(created?.kind, 'create');
    assert.equal(created?.kind === 'create' ? created.content : '', `# Memory index\r\n\r\n${TONE}\r\n`);
  });
});
