import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Problem } from '../../../src/core';
import { gitLineHistory } from '../../../src/language/gitHistory';
import { RootSession } from '../../../src/language/rootSession';
import { readSettings } from '../../../src/language/settings';

const SETTINGS = readSettings(() => undefined);
const TEXT = '---\nname: release-freeze\ndescription: The release freeze dates\ntype: project\n---\n\nThe freeze starts tomorrow.\n';

function dateFix(problems: readonly Problem[]): string | undefined {
  const edit = problems.find((problem) => problem.code === 'relative-date')?.fixes?.[0]?.edits[0];
  return edit?.kind === 'edit' ? edit.edits[0].newText : undefined;
}

describe('RootSession: a root held open, as the language server holds it', () => {
  let repo: string;
  let folder: string;
  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'memory-shelf-session-'));
    folder = join(repo, 'memory');
    mkdirSync(folder);
    const git = (...args: string[]) => spawnSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: '2026-03-25T10:00:00+00:00', GIT_COMMITTER_DATE: '2026-03-25T10:00:00+00:00' } });
    git('init', '-q');
    writeFileSync(join(folder, 'project_release-freeze.md'), TEXT);
    git('add', '.');
    git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'm');
    // Copied in November: the file time alone would date "tomorrow" from it.
    const november = new Date(Date.UTC(2026, 10, 20, 12));
    utimesSync(join(folder, 'project_release-freeze.md'), november, november);
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('dates a line from git blame when the door passes a line history (the language server now does, as the CLI and the extension)', async () => {
    const place = { folder, exclude: [], indexLoad: 'entrypoint' as const };
    const withHistory = await RootSession.load(place, SETTINGS, new Map(), gitLineHistory(folder));
    assert.match(dateFix(withHistory.problemsFor('project_release-freeze.md')) ?? '', /2026-03-26/);
    const without = await RootSession.load(place, SETTINGS);
    assert.match(dateFix(without.problemsFor('project_release-freeze.md')) ?? '', /2026-11-21/);
  });

  it('asks again when the file changes on disk, and not for an editor text that differs from the disk', async () => {
    const place = { folder, exclude: [], indexLoad: 'entrypoint' as const };
    const file = join(folder, 'project_release-freeze.md');
    const november = new Date(Date.UTC(2026, 10, 20, 12));
    const uncommitted = TEXT.replace('The freeze starts tomorrow.', 'The freeze starts tomorrow, at noon.');
    writeFileSync(file, uncommitted);
    utimesSync(file, november, november);
    const session = await RootSession.load(place, SETTINGS, new Map(), gitLineHistory(folder));
    assert.match(dateFix(session.problemsFor('project_release-freeze.md')) ?? '', /2026-11-21/, 'a line not committed: the file time dates it');
    // The editor holds the committed words, the disk does not: blame is of the disk's lines, so not asked.
    session.setOpenText('project_release-freeze.md', TEXT);
    assert.match(dateFix(session.problemsFor('project_release-freeze.md')) ?? '', /2026-11-21/);
    // The file is put back as committed: blamed again, the line is dated by its commit.
    writeFileSync(file, TEXT);
    utimesSync(file, november, november);
    await session.closeDocument('project_release-freeze.md');
    assert.match(dateFix(session.problemsFor('project_release-freeze.md')) ?? '', /2026-03-26/);
  });
});
