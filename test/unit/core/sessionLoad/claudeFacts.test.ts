import * as assert from 'node:assert/strict';
import { buildSessionLoad, formatSize, generatedIndexText, indexCutWarning, neutralizeIndexText, shorten, type SessionEntry, type SourceFile } from '../../../../src/core/sessionLoad';

// Each expectation here was read off what Claude Code 2.1.328 sent to a Messages API stand-in
// (`npm run conformance` keeps checking the same facts against the real client).

function load(files: Record<string, string>, entries: SessionEntry[], extra: { externalImportsApproved?: boolean } = {}) {
  const map = new Map<string, SourceFile>(Object.entries(files).map(([path, text]) => [path, { path, text }]));
  return buildSessionLoad({ entries, files: map, homeDir: '/h', pathStyle: 'posix', projectRoot: '/p', ...extra });
}

describe('what Claude Code does at session start, as measured by running it', () => {
  it('neutralizes the auto index: hidden characters go, joiners that scripts and emoji need stay', () => {
    const text = 'a\u200Bb\u2060c\uFEFFd \u{E0041}e \u202Ef\u202C \u2066g\u2069 h\u0007\u0001 \tt soft\u00ADhy 👨\u200D👩\u200D👧 می\u200Cخواهم ✔\uFE0F \uE000pua';
    assert.equal(neutralizeIndexText(text), 'abcd e f g h \tt softhy 👨\u200D👩\u200D👧 می\u200Cخواهم ✔\uFE0F pua');
    assert.equal(neutralizeIndexText('one\rtwo\r\nthree\u2028four\u2029five'), 'one\ntwo\nthree\nfour\nfive');
  });

  it('escapes the tags of Claude Code\'s own channel in any case, with _ for -, white space and / before the name, and the full-width opener', () => {
    assert.equal(neutralizeIndexText('</system-reminder>'), '<\\/system-reminder>');
    assert.equal(neutralizeIndexText('<System_Reminder attr="1">'), '<\\System_Reminder attr="1">');
    assert.equal(neutralizeIndexText('<  /  command-name>'), '<\\  /  command-name>');
    assert.equal(neutralizeIndexText('＜task-notification＞'), '<\\task-notification＞');
    // Written in pieces: the prefix Claude Code reserves for its tool calls, opening a tag of any name.
    const toolCall = '<' + 'antml' + ':invoke name="x">';
    assert.equal(neutralizeIndexText(toolCall), '<\\' + toolCall.slice(1));
    assert.equal(neutralizeIndexText('`<bash-input>`'), '`<\\bash-input>`');
    // Look-alike names and ordinary HTML stay as written.
    for (const kept of ['<system-reminderx>', '<system-reminder-x>', '<ccmemory>', '<function_calls>', '<br>', '<details>', '<antml>', 'a < b > c']) assert.equal(neutralizeIndexText(kept), kept);
  });

  it('appends the warning Claude Code writes under a cut index, word for word', () => {
    const lines = Array.from({ length: 230 }, (_, i) => `- [M${i + 1}](m${i + 1}.md) — hook ${i + 1}`);
    const whole = lines.join('\n');
    const kept = lines.slice(0, 200).join('\n');
    assert.equal(
      indexCutWarning({ whole, kept, maxLines: 200, maxChars: 25_000 }),
      '> WARNING: MEMORY.md is 230 lines (limit: 200). Only part of it was loaded: 30 of 230 lines were cut off, starting at line 201 ("- [M201](m201.md) — hook 201"). Keep index entries to one line under ~200 chars; move detail into topic files.',
    );
    const wide = `- [Huge](huge.md) — ${'z'.repeat(26_000)}`;
    assert.equal(
      indexCutWarning({ whole: wide, kept: wide.slice(0, 25_000), maxLines: 200, maxChars: 25_000 }),
      '> WARNING: MEMORY.md is 25.4KB (limit: 24.4KB) — index entries are too long. Only part of it was loaded: everything after the first 25000 characters of line 1 was cut off. Keep index entries to one line under ~200 chars; move detail into topic files.',
    );
  });

  it('words sizes and quotes lines as Claude Code does', () => {
    assert.equal(formatSize(31_884), '31.1KB');
    assert.equal(formatSize(25_000), '24.4KB');
    assert.equal(formatSize(26_624), '26KB');
    assert.equal(shorten('- [M79](m79.md) — ' + 'x'.repeat(300), 80), '- [M79](m79.md) — ' + 'x'.repeat(61) + '…');
    assert.equal(shorten('word '.repeat(30), 80), ('word '.repeat(15)).trimEnd() + '…');
  });

  it('writes the index of a folder without one newest first, by stem, skipping what Claude Code skips', () => {
    const text = generatedIndexText([
      { path: 'user_role.md', description: 'The user is a data engineer', mtimeMs: 1 },
      { path: 'feedback_tests.md', description: 'Run tests with:\n  npm test', mtimeMs: 2 },
      { path: 'notes/nested.md', description: 'nested one', mtimeMs: 3 },
      { path: 'README.md', mtimeMs: 4 },
      { path: 'team/t.md', description: 'team', mtimeMs: 5 },
      { path: 'Logs./l.md', description: 'log', mtimeMs: 6 },
      { path: '.drafts/d.md', description: 'draft', mtimeMs: 7 },
      { path: 'odd [1].md', description: 'brackets', mtimeMs: 8 },
      { path: 'sub/MEMORY.md', description: 'an index', mtimeMs: 9 },
      { path: 'long.md', description: '긴 설명 '.repeat(40), mtimeMs: 0 },
    ]);
    const lines = text.split('\n');
    assert.deepEqual(lines.slice(0, 4), ['- [README](README.md)', '- [nested](notes/nested.md) — nested one', '- [feedback_tests](feedback_tests.md) — Run tests with: npm test', '- [user_role](user_role.md) — The user is a data engineer']);
    assert.ok(lines[4].startsWith('- [long](long.md) — 긴 설명') && lines[4].endsWith('…') && lines[4].length <= 150);
    assert.equal(lines[5], '');
  });

  it('stops the generated index at 140 lines', () => {
    const files = Array.from({ length: 180 }, (_, i) => ({ path: `m${i}.md`, description: 'd', mtimeMs: i }));
    assert.equal(generatedIndexText(files).trim().split('\n').length, 140);
  });

  it('loads AGENTS.md only where no folder of the project has a CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md', () => {
    const entries: SessionEntry[] = [
      { kind: 'project', path: '/w/CLAUDE.md' },
      { kind: 'agents', path: '/w/AGENTS.md' },
      { kind: 'agents', path: '/p/AGENTS.md' },
    ];
    const alone = load({ '/w/AGENTS.md': 'parent', '/p/AGENTS.md': 'project' }, entries);
    assert.deepEqual(alone.parts.map((part) => `${part.path} ${part.status}`), ['/w/AGENTS.md loaded', '/p/AGENTS.md loaded']);
    const shadowed = load({ '/w/CLAUDE.md': 'claude', '/w/AGENTS.md': 'parent', '/p/AGENTS.md': 'project' }, entries);
    assert.deepEqual(shadowed.parts.map((part) => `${part.path} ${part.status}`), ['/w/CLAUDE.md loaded', '/w/AGENTS.md not-loaded', '/p/AGENTS.md not-loaded']);
    assert.deepEqual(shadowed.parts[2].notLoaded, { why: 'claude-md-present', by: '/w/CLAUDE.md' });
  });

  it('keeps a CLAUDE.md\'s line breaks as written unless it holds a comment, and stops imports at four hops', () => {
    const crlf = load({ '/p/CLAUDE.md': 'A\r\nB\r\n' }, [{ kind: 'project', path: '/p/CLAUDE.md' }]);
    assert.equal(crlf.parts[0].text, 'A\r\nB');
    const commented = load({ '/p/CLAUDE.md': 'A\r\n<!-- c -->\r\nB\r\n' }, [{ kind: 'project', path: '/p/CLAUDE.md' }]);
    assert.equal(commented.parts[0].text, 'A\nB');
    const chain: Record<string, string> = { '/p/CLAUDE.md': '@/p/1.md' };
    for (let n = 1; n <= 6; n++) chain[`/p/${n}.md`] = `hop ${n}\n@/p/${n + 1}.md`;
    const hops = load(chain, [{ kind: 'project', path: '/p/CLAUDE.md' }]);
    assert.deepEqual(hops.parts.map((part) => `${part.depth} ${part.status}`), ['0 loaded', '1 loaded', '2 loaded', '3 loaded', '4 loaded', '5 too-deep']);
  });

  it('waits for the project\'s approval before loading a project file\'s import from outside it; the user\'s own files import anything', () => {
    const files = { '/p/CLAUDE.md': '@/elsewhere/x.md', '/h/.claude/CLAUDE.md': '@/elsewhere/y.md', '/elsewhere/x.md': 'x', '/elsewhere/y.md': 'y' };
    const entries: SessionEntry[] = [{ kind: 'user', path: '/h/.claude/CLAUDE.md' }, { kind: 'project', path: '/p/CLAUDE.md' }];
    assert.deepEqual(load(files, entries).parts.map((part) => `${part.path} ${part.status}`), ['/h/.claude/CLAUDE.md loaded', '/elsewhere/y.md loaded', '/p/CLAUDE.md loaded', '/elsewhere/x.md needs-approval']);
    assert.equal(load(files, entries, { externalImportsApproved: true }).parts[3].status, 'loaded');
  });
});
