import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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

describe('RootSession: the per-file part of the result cache, shared with the CLI', () => {
  let scratch: string;
  let folder: string;
  let cache: { folder: string; version: string };
  const place = (): { folder: string; exclude: never[]; indexLoad: 'entrypoint' } => ({ folder, exclude: [], indexLoad: 'entrypoint' });
  const messages = (session: RootSession, path: string): string[] => session.problemsFor(path).map((problem) => problem.message);
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-session-cache-'));
    folder = join(scratch, 'memory');
    mkdirSync(folder);
    cache = { folder: join(scratch, 'cache'), version: 'test' };
    writeFileSync(join(folder, 'project_release-freeze.md'), TEXT);
    writeFileSync(join(folder, 'project_launch.md'), TEXT.replace(/release-freeze/g, 'launch').replace('freeze', 'launch'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  /** Marks the kept relative-date finding of `path` with words the rules never write. */
  const markKept = (path: string): void => {
    const [part] = readdirSync(cache.folder).filter((name) => name.endsWith('.files.json'));
    const kept = JSON.parse(readFileSync(join(cache.folder, part), 'utf8')) as { files: [string, string, { text: { message: string }[] }][] };
    kept.files.find(([file]) => file === path)![2].text[0].message = 'KEPT FROM THE LAST RUN';
    writeFileSync(join(cache.folder, part), JSON.stringify(kept), { mode: 0o600 });
  };

  it('takes what the last run found in an unchanged memory, not in one an editor holds, and stops taking it after the load', async () => {
    const first = await RootSession.load(place(), SETTINGS, new Map(), undefined, cache);
    const fresh = messages(first, 'project_release-freeze.md');
    assert.ok(fresh.some((message) => /tomorrow/.test(message)), fresh.join('\n'));
    markKept('project_release-freeze.md');
    markKept('project_launch.md');
    // The editor holds the launch memory with the disk's text: it is checked afresh all the same.
    const open = new Map([[join(folder, 'project_launch.md'), TEXT.replace(/release-freeze/g, 'launch').replace('freeze', 'launch')]]);
    const second = await RootSession.load(place(), SETTINGS, open, undefined, cache);
    assert.ok(messages(second, 'project_release-freeze.md').includes('KEPT FROM THE LAST RUN'));
    assert.ok(!messages(second, 'project_launch.md').includes('KEPT FROM THE LAST RUN'));
    // An edit and its undo bring back the text the part was kept for: after the load, the memo is closed.
    second.setOpenText('project_release-freeze.md', `${TEXT}\nMore.\n`);
    second.setOpenText('project_release-freeze.md', TEXT);
    assert.deepEqual(messages(second, 'project_release-freeze.md'), fresh);
    // The second load kept its own findings again: the mark it took is what the next load finds.
    const third = await RootSession.load(place(), SETTINGS, new Map(), undefined, cache);
    assert.ok(messages(third, 'project_release-freeze.md').includes('KEPT FROM THE LAST RUN'));
  });
});
