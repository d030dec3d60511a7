import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { sanitizeProjectPath } from '../../../src/rootLocations/autoMemory';
import { FIXTURES } from '../helpers/fixtures';

const CLI = join(FIXTURES, '..', '..', 'dist', 'cli.js');

describe('memory-shelf preview', () => {
  let scratch: string;
  let app: string;
  let home: string;
  before(() => {
    scratch = realpathSync(mkdtempSync(join(tmpdir(), 'memory-shelf-preview-')));
    cpSync(join(FIXTURES, 'session', 'hierarchy'), scratch, { recursive: true });
    home = join(scratch, 'home', 'u');
    app = join(home, 'proj', 'app');
    // The fixture's auto memory folder is named for /home/u/proj/app; here the project lives elsewhere.
    renameSync(join(home, '.claude', 'projects', '-home-u-proj-app'), join(home, '.claude', 'projects', sanitizeProjectPath(app)));
    // The project approved imports from outside it (the ancestor's docs/ chain), as Claude Code records it.
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ projects: { [app]: { hasClaudeMdExternalIncludesApproved: true } } }));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  const run = (args: string[]): { status: number | null; stdout: string } => {
    const env: Record<string, string | undefined> = { ...process.env, HOME: home, USERPROFILE: home };
    delete env['CLAUDE_CONFIG_DIR'];
    const result = spawnSync(process.execPath, [CLI, 'preview', ...args], { cwd: app, encoding: 'utf8', env });
    return { status: result.status, stdout: result.stdout };
  };

  it('parses its folder, --json and --with-text, and refuses anything else', () => {
    assert.deepEqual(parseArgs(['preview']), { kind: 'preview', options: { folder: undefined, json: false, withText: false, trustClaudeSettings: false } });
    assert.deepEqual(parseArgs(['preview', 'app', '--json']), { kind: 'preview', options: { folder: 'app', json: true, withText: false, trustClaudeSettings: false } });
    assert.deepEqual(parseArgs(['preview', '--json', '--with-text']), { kind: 'preview', options: { folder: undefined, json: true, withText: true, trustClaudeSettings: false } });
    assert.throws(() => parseArgs(['preview', '--with-text']), UsageError);
    assert.throws(() => parseArgs(['preview', '--fix']), UsageError);
    assert.throws(() => parseArgs(['preview', 'a', 'b']), UsageError);
  });

  it('prints the parts and totals as JSON, without their text, and exits 1 when an index is cut', () => {
    const { status, stdout } = run(['--json']);
    assert.equal(status, 1);
    const report = JSON.parse(stdout) as { totals: { files: number }; cut: { lines: number }; conditional: { files: number }; agents: Record<string, { files: number }>; parts: { kind: string; status: string; path: string; text?: string }[] };
    assert.equal(report.cut.lines, 30);
    assert.equal(report.conditional.files, 2);
    assert.equal(report.agents['reviewer']?.files, 1);
    assert.ok(report.parts.every((part) => part.text === undefined));
    const statuses = report.parts.filter((part) => part.kind === 'import').map((part) => part.status);
    assert.deepEqual(statuses.filter((status) => status !== 'loaded').sort(), ['cycle', 'duplicate', 'missing', 'too-deep']);
    assert.equal(report.parts.find((part) => part.kind === 'user')?.path, join(home, '.claude', 'CLAUDE.md'));
    assert.deepEqual(report.parts.filter((part) => part.kind === 'pinned').map((part) => part.status), ['not-loaded', 'not-loaded', 'not-loaded', 'not-loaded', 'not-loaded']);
  });

  it('with --with-text, prints each part\'s text as Claude Code sends it, labelled as Claude Code labels it', () => {
    const { stdout } = run(['--json', '--with-text']);
    const report = JSON.parse(stdout) as { parts: { kind: string; label?: string; text?: string; cut?: { text?: string } }[] };
    const index = report.parts.find((part) => part.kind === 'auto-index');
    assert.match(index?.text ?? '', /\n\n> WARNING: MEMORY\.md is 230 lines \(limit: 200\)\./);
    assert.match(index?.cut?.text ?? '', /^- \[Memory 201\]/);
    assert.equal(index?.label, "user's auto-memory, persists across conversations");
    assert.equal(report.parts.find((part) => part.kind === 'user')?.label, "user's private global instructions for all projects");
  });

  it('prints one line per part for a person', () => {
    const { stdout } = run([]);
    assert.match(stdout, /^ {2}cut: {4}1 file\(s\), \d+ chars, 30 lines/m);
    assert.match(stdout, /project-rule when src\/\*\*\/\*\.ts, test\/\*\*\/\*\.ts /);
    assert.match(stdout, /too-deep .*docs\/e\.md/);
  });
});
