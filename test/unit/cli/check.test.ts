import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures';

const REPO = join(FIXTURES, '..', '..');
const CLI = join(REPO, 'dist', 'cli.js');

/** Runs the bundled `memory-shelf` as a user would, in `cwd`. */
function run(args: string[], cwd = REPO): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface JsonReport {
  roots: { path: string; memories: number }[];
  problems: { file: string; line: number; column: number; code: string; severity: string; message: string }[];
  skipped: { file: string; reason: string }[];
}

describe('memory-shelf check', () => {
  let scratch: string;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-cli-'));
  });

  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('prints one JSON object: roots, and problems with file, 1-based line and column, code, severity, message', () => {
    const result = run(['check', 'test/fixtures/workspace/checks/memory', '--json']);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout) as JsonReport;
    assert.deepEqual(report.roots, [{ path: 'test/fixtures/workspace/checks/memory', memories: 5 }]);
    const prefix = 'test/fixtures/workspace/checks/memory/';
    assert.deepEqual(report.problems.map((p) => `${p.file.slice(prefix.length)}:${p.line}:${p.column} ${p.severity} ${p.code}`), [
      'feedback_meeting_dates.md:8:20 warning relative-date',
      'feedback_meeting_dates.md:9:1 warning relative-date',
      'feedback_orphan.md:2:7 warning index-unlisted',
      'Lab_Notes.md:2:7 information name-not-slug',
      'MEMORY.md:5:10 warning index-missing-file',
      'MEMORY.md:6:1 warning index-duplicate-entry',
      'MEMORY.md:7:1 information index-malformed-line',
      'project_wrong_type.md:4:7 warning type-unknown',
      'reference_lab_keys.md:6:12 error secret',
    ]);
    assert.ok(report.problems.every((p) => p.file.startsWith(prefix) && p.message.length > 0));
    assert.doesNotMatch(result.stdout, /ghp_/, 'the secret itself is never printed');
  });

  it('prints compiler-style lines and a summary', () => {
    const result = run(['check', 'test/fixtures/workspace/checks/memory']);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'test/fixtures/workspace/checks/memory/feedback_meeting_dates.md:8:20 warning relative-date "next week" is a relative date: it points elsewhere once the memory is read on another day. Write "the week of 2026-08-03" (counted from 2026-07-30, the memory\'s metadata.modified).');
    assert.equal(lines.at(-1), '5 memories in 1 root, 9 problems (1 error, 6 warning, 2 information)');
  });

  it('exits 0 when nothing reaches --fail-on, 1 when something does', () => {
    assert.equal(run(['check', 'test/fixtures/workspace/memory', '--fail-on', 'error']).status, 0);
    assert.equal(run(['check', 'test/fixtures/workspace/memory', '--fail-on=hint']).status, 1);
    assert.equal(run(['check', 'test/fixtures/workspace/checks/memory', '--fail-on', 'error']).status, 1);
  });

  it('exits 2 on a usage error or a root it cannot read, saying why', () => {
    const missing = run(['check', 'no/such/folder']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no\/such\/folder: not a readable folder/);
    const badFlag = run(['check', '--fail-on', 'fatal']);
    assert.equal(badFlag.status, 2);
    assert.match(badFlag.stderr, /--fail-on must be one of error, warning, information, hint/);
    assert.equal(run(['lint']).status, 2);
  });

  it('checks each agent\'s folder of an agent-memory folder named as a root on its own, and reports the MEMORY.md above them (issue #39)', () => {
    const container = join(scratch, '.claude', 'agent-memory');
    for (const agent of ['reviewer', 'writer']) mkdirSync(join(container, agent), { recursive: true });
    const style = '---\nname: feedback-style\ndescription: Review comments name the rule they apply\nmetadata:\n  type: feedback\n---\n\nName the rule in each review comment.\n';
    writeFileSync(join(container, 'reviewer', 'feedback_style.md'), style);
    writeFileSync(join(container, 'reviewer', 'MEMORY.md'), '# Reviewer\n\n- [Style](feedback_style.md) — review style\n');
    writeFileSync(join(container, 'writer', 'MEMORY.md'), '# Writer\n');
    // A stale copy of the reviewer's index one level up: joined with the reviewer's folder it listed a file that is not there.
    writeFileSync(join(container, 'MEMORY.md'), '# Reviewer\n\n- [Style](feedback_style.md) — review style\n');
    const result = run(['check', join('.claude', 'agent-memory'), '--format', 'json'], scratch);
    const report = JSON.parse(result.stdout) as JsonReport;
    assert.deepEqual(report.roots.map((root) => [root.path, root.memories]), [[join('.claude', 'agent-memory'), 0], [join('.claude', 'agent-memory', 'reviewer'), 1], [join('.claude', 'agent-memory', 'writer'), 0]]);
    assert.deepEqual(report.problems.map((problem) => `${problem.file}:${problem.line} ${problem.code}`), [`${join('.claude', 'agent-memory', 'MEMORY.md')}:1 index-not-loaded`]);
    assert.match(report.problems[0].message, /reviewer\/MEMORY\.md, writer\/MEMORY\.md/);
  });

  it('checks a folder named twice (again, with ./ and a trailing slash, through a link) once', () => {
    const root = join(scratch, 'memory');
    cpSync(join(FIXTURES, 'workspace', 'memory'), root, { recursive: true });
    symlinkSync(root, join(scratch, 'alias'));
    const once = JSON.parse(run(['check', root, '--json']).stdout) as JsonReport;
    const named = JSON.parse(run(['check', 'memory', './memory/', root, 'alias', '--json'], scratch).stdout) as JsonReport;
    assert.deepEqual(named.roots.map((entry) => entry.memories), [once.roots[0].memories]);
    assert.equal(named.problems.length, once.problems.length);
    assert.ok(once.problems.length > 0, 'the fixture has problems to count');
  });

  it('--fix writes no index entry into a memory that MEMORY.md links to', () => {
    const root = join(scratch, 'memory');
    mkdirSync(root);
    const memoryText = '---\nname: idx\ndescription: the release checklist\ntype: project\n---\nShip on Tuesdays.\n';
    writeFileSync(join(root, 'project_idx.md'), memoryText);
    writeFileSync(join(root, 'project_other.md'), '---\nname: other\ndescription: the deploy window\ntype: project\n---\nDeploy before noon.\n');
    symlinkSync('project_idx.md', join(root, 'MEMORY.md'));
    const report = JSON.parse(run(['check', root, '--fix', '--json']).stdout) as JsonReport;
    assert.equal(readFileSync(join(root, 'project_idx.md'), 'utf8'), memoryText);
    assert.ok(report.problems.some((problem) => problem.code === 'index-unlisted' && problem.file.endsWith('project_other.md')), 'still reported');
  });

  it('checks ./memory when no ROOT is given', () => {
    cpSync(join(FIXTURES, 'workspace', 'memory'), join(scratch, 'memory'), { recursive: true });
    const report = JSON.parse(run(['check', '--json'], scratch).stdout) as JsonReport;
    assert.deepEqual(report.roots, [{ path: 'memory', memories: 7 }]);
  });

  it('skips binary, non-UTF-8 and huge files with a reason, each a file-unreadable finding that fails the run', () => {
    writeFileSync(join(scratch, 'MEMORY.md'), '# Memory index\n');
    writeFileSync(join(scratch, 'image.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a]));
    writeFileSync(join(scratch, 'latin1.md'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    writeFileSync(join(scratch, 'huge.md'), 'x'.repeat(3 * 1024 * 1024));
    const result = run(['check', scratch, '--json']);
    const report = JSON.parse(result.stdout) as JsonReport;
    assert.deepEqual(report.skipped.map((skip) => [skip.file.slice(scratch.length + 1), skip.reason]), [
      ['huge.md', 'too-large'],
      ['image.md', 'binary'],
      ['latin1.md', 'invalid-utf8'],
    ]);
    assert.deepEqual(report.problems.map((p) => [p.file.slice(scratch.length + 1), p.line, p.code, p.severity, p.message]), [
      ['huge.md', 1, 'file-unreadable', 'warning', 'Not read: 3145728 bytes is too large for a memory (the limit is 2097152 bytes).'],
      ['image.md', 1, 'file-unreadable', 'warning', 'Not read: this is a binary file, not Markdown text.'],
      ['latin1.md', 1, 'file-unreadable', 'warning', 'Not read: the file is not valid UTF-8 text.'],
    ]);
    assert.equal(report.roots[0].memories, 0);
    assert.equal(result.status, 1);
    assert.equal(run(['check', scratch, '--fail-on', 'error']).status, 0, 'a warning like any other');
  });

  it('reads a linked memory file inside the root, refuses one leading out of it, and does not follow a linked folder', () => {
    writeFileSync(join(scratch, 'MEMORY.md'), '- [Shared](shared.md) — linked in\n');
    mkdirSync(join(scratch, 'elsewhere'));
    writeFileSync(join(scratch, 'elsewhere', 'real.md'), '---\nname: shared\ndescription: A fact kept in another folder.\ntype: reference\n---\n');
    mkdirSync(join(scratch, 'root'));
    mkdirSync(join(scratch, 'root', 'kept'), { recursive: true });
    writeFileSync(join(scratch, 'root', 'kept', 'real.md'), '---\nname: shared\ndescription: A fact kept in a subfolder.\ntype: reference\n---\n');
    symlinkSync('kept/real.md', join(scratch, 'root', 'shared.md'));
    symlinkSync(join(scratch, 'elsewhere', 'real.md'), join(scratch, 'root', 'outside.md'));
    symlinkSync(join(scratch, 'root'), join(scratch, 'root', 'loop'));
    renameSync(join(scratch, 'MEMORY.md'), join(scratch, 'root', 'MEMORY.md'));
    const report = JSON.parse(run(['check', join(scratch, 'root'), '--json']).stdout) as JsonReport;
    assert.equal(report.roots[0].memories, 2);
    assert.deepEqual(report.skipped.map((skip) => [skip.file.slice(scratch.length + 1), skip.reason]), [['root/loop', 'link-folder'], ['root/outside.md', 'link-outside-root']]);
    assert.deepEqual(report.problems.filter((p) => p.code === 'file-unreadable').map((p) => p.file.slice(scratch.length + 1)), ['root/outside.md']);
  });

  it('--fix adds unlisted files to MEMORY.md and makes relative dates absolute, keeping CRLF, BOM, comments and key order', () => {
    const root = join(scratch, 'memory');
    cpSync(join(FIXTURES, 'workspace', 'checks', 'memory'), root, { recursive: true });
    const crlf = '\uFEFF---\r\nname: feedback-deploy\r\n# who decided: the team\r\ndescription: Deploys wait for the Monday review.\r\ntype: feedback\r\nmodified: 2026-08-14\r\n---\r\nDecided yesterday.\r\n';
    writeFileSync(join(root, 'feedback_deploy.md'), crlf);
    const broken = '---\nname: broken\ndescription: [unclosed\n---\nWritten yesterday.\n';
    writeFileSync(join(root, 'broken.md'), broken);
    const indexBefore = readFileSync(join(root, 'MEMORY.md'), 'utf8');

    const result = run(['check', 'memory', '--fix', '--json'], scratch);
    const report = JSON.parse(result.stdout) as JsonReport & { roots: { fixed?: number }[] };

    assert.equal(readFileSync(join(root, 'feedback_deploy.md'), 'utf8'), crlf.replace('Decided yesterday.', 'Decided on 2026-08-13.'));
    assert.equal(readFileSync(join(root, 'broken.md'), 'utf8'), broken, 'a file whose frontmatter does not parse is never touched');
    assert.match(readFileSync(join(root, 'feedback_meeting_dates.md'), 'utf8'), /The review happens the week of 2026-08-03\.\n2026-07-29 교수님이 확인했다\./);
    assert.equal(readFileSync(join(root, 'MEMORY.md'), 'utf8'), indexBefore
      + '- [Feedback deploy](feedback_deploy.md) — Deploys wait for the Monday review.\n'
      + '- [Feedback orphan](feedback_orphan.md) — Nobody listed this fact in MEMORY.md.\n');
    const left = report.problems.map((p) => `${p.file.slice('memory/'.length)} ${p.code}`);
    assert.ok(!left.some((line) => line.endsWith('relative-date') && !line.startsWith('broken.md')), left.join('\n'));
    assert.ok(!left.includes('feedback_orphan.md index-unlisted'));
    assert.ok(left.includes('reference_lab_keys.md secret'), 'what --fix does not fix is still reported');
    assert.ok((report.roots[0].fixed ?? 0) >= 5);
  });
  it('with no ROOT, reads ./memory through a link out of the project but writes nothing there', () => {
    const project = join(scratch, 'project');
    const elsewhere = join(scratch, 'elsewhere');
    mkdirSync(project);
    mkdirSync(elsewhere);
    const index = '# Memory\n';
    const memory = '---\nname: feedback-deploy\ndescription: Deploys wait for the Monday review.\ntype: feedback\nmodified: 2026-08-14\n---\nDecided yesterday.\n';
    writeFileSync(join(elsewhere, 'MEMORY.md'), index);
    writeFileSync(join(elsewhere, 'feedback_deploy.md'), memory);
    symlinkSync(elsewhere, join(project, 'memory'));
    const result = run(['check', '--fix', '--json'], project);
    const report = JSON.parse(result.stdout) as JsonReport & { notWritten: { file: string; reason: string }[] };
    assert.equal(readFileSync(join(elsewhere, 'MEMORY.md'), 'utf8'), index);
    assert.equal(readFileSync(join(elsewhere, 'feedback_deploy.md'), 'utf8'), memory);
    assert.deepEqual(report.notWritten.map((left) => `${left.file} ${left.reason}`), ['memory/MEMORY.md outside-project', 'memory/feedback_deploy.md outside-project']);
    assert.ok(report.problems.some((p) => p.code === 'relative-date'), 'still checked');
    assert.equal(result.status, 1);
    // Named explicitly, the same folder is the user's choice and is fixed.
    run(['check', join(project, 'memory'), '--fix'], project);
    assert.notEqual(readFileSync(join(elsewhere, 'feedback_deploy.md'), 'utf8'), memory);
  });

  it('escapes control characters in file names and messages in human output, and prints them as they are in JSON', () => {
    const forged = 'x\u001b]0;pwned\u0007\u001b[2J\nfake.md:1:1 error secret.md';
    writeFileSync(join(scratch, 'MEMORY.md'), '# Memory\n');
    writeFileSync(join(scratch, forged), '---\nname: "evil\\e[31m\\u202e"\ndescription: d\ntype: nonsense\u001b[2J\u202e\n---\n');
    const human = run(['check', scratch]).stdout;
    assert.doesNotMatch(human, /[\u0000-\u0009\u000b-\u001f\u007f\u202e]/, 'nothing but line breaks between lines');
    assert.ok(!human.split('\n').some((line) => line.startsWith('fake.md')), 'no forged line');
    assert.match(human, /x\\x1b\]0;pwned\\x07\\x1b\[2J\\nfake\.md:1:1 error secret\.md:2:7 warning index-unlisted/);
    assert.match(human, /\\u202e/);
    const json = JSON.parse(run(['check', scratch, '--json']).stdout) as JsonReport;
    assert.ok(json.problems.some((p) => p.file === `${scratch}/${forged}`));
  });
  describe('index-over-budget follows how Claude Code loads the index', () => {
    // 210 entries in English, Korean and Japanese: past the 200-line limit of an entrypoint index.
    const index = Array.from({ length: 210 }, (_, i) => [`- [Fact ${i}](fact_${i}.md) — hook`, `- [사실 ${i}](fact_${i}.md) — 요약`, `- [事実 ${i}](fact_${i}.md) — 要約`][i % 3]).join('\n') + '\n';
    const overBudget = (args: string[], cwd: string): string[] => {
      const result = run([...args, '--json'], cwd);
      return (JSON.parse(result.stdout) as JsonReport).problems.filter((p) => p.code === 'index-over-budget').map((p) => `${p.file}:${p.line}`);
    };
    const project = (claude: string | undefined): string => {
      const folder = join(scratch, 'project');
      mkdirSync(join(folder, 'memory'), { recursive: true });
      writeFileSync(join(folder, 'memory', 'MEMORY.md'), index);
      if (claude !== undefined) writeFileSync(join(folder, 'CLAUDE.md'), claude);
      return folder;
    };

    it('is quiet on a project index a CLAUDE.md imports, which loads whole, named or found', () => {
      const folder = project('# プロジェクト\n\n@memory/MEMORY.md\n');
      assert.deepEqual(overBudget(['check'], folder), []);
      assert.deepEqual(overBudget(['check', 'memory'], folder), []);
      assert.deepEqual(overBudget(['check', 'project/memory'], scratch), []);
    });

    it('is quiet on a project index nothing imports, which Claude Code does not load at all', () => {
      const folder = project('# 규칙\n\nNo import here.\n');
      assert.deepEqual(overBudget(['check'], folder), []);
      assert.deepEqual(overBudget(['check', 'memory'], folder), []);
    });

    it('holds a folder of unknown place (no CLAUDE.md beside it) to the entrypoint limit, as before', () => {
      const folder = project(undefined);
      assert.deepEqual(overBudget(['check', 'memory'], folder), ['memory/MEMORY.md:201']);
    });
  });
});
