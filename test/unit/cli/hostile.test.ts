import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures';

const REPO = join(FIXTURES, '..', '..');
const CLI = join(REPO, 'dist', 'cli.js');
const HOSTILE = join(FIXTURES, 'hostile');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generate } = require(join(HOSTILE, 'generate.cjs')) as { generate: (out: string) => string[] };
/** Past this a run counts as hung: generous, since six processes share two cores. */
const BOUND_MS = 120_000;

interface Report {
  problems: { file: string; line: number; code: string; severity: string; message: string }[];
  skipped: { file: string; reason: string; message: string }[];
  notWritten: { file: string; reason: string }[];
}
interface Run { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; report?: Report }

/**
 * Runs the built CLI as a user would, with a standard input that stays open and silent (so reading it
 * would hang) and a hard bound. A run that is killed, crashes or exits 2 fails the test whatever it printed.
 */
function run(args: string[], cwd: string, whileRunning?: () => void): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), BOUND_MS);
    let busy: NodeJS.Timeout | undefined;
    if (whileRunning) busy = setInterval(whileRunning, 0);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      if (busy) clearInterval(busy);
      child.stdin.destroy();
      const result: Run = { status, signal, stdout, stderr };
      if (args.includes('--json') && stdout) result.report = JSON.parse(stdout) as Report;
      resolve(result);
    });
  });
}

function assertCompleted(result: Run): Report {
  assert.equal(result.signal, null, `killed (${result.signal}): hung past the bound or crashed\n${result.stderr}`);
  assert.ok(result.status === 0 || result.status === 1, `exit ${result.status}: ${result.stderr}`);
  assert.ok(result.report, 'printed its report');
  return result.report;
}

const codesOf = (report: Report, file: string): string[] => report.problems.filter((p) => p.file.endsWith(`/${file}`) || p.file === file).map((p) => p.code);
const skipOf = (report: Report, file: string): string | undefined => report.skipped.find((s) => s.file.endsWith(`/${file}`))?.reason;

describe('the hostile corpus: every case a clear finding or a reported skip, within a bound, never a crash', function () {
  this.timeout(BOUND_MS + 30_000);
  let scratch: string;
  let generated: Set<string>;

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-hostile-'));
    cpSync(HOSTILE, join(scratch, 'committed'), { recursive: true });
    generated = new Set(generate(join(scratch, 'generated')));
  });

  after(() => {
    // A read-only folder of the corpus would stop the clean-up.
    const frozen = join(scratch, 'generated', 'read-only', 'memory', 'frozen');
    if (existsSync(frozen)) chmodSync(frozen, 0o755);
    rmSync(scratch, { recursive: true, force: true });
  });

  const committed = (name: string): string => join(scratch, 'committed', name);
  const made = (name: string, test: Mocha.Context): string => {
    if (!generated.has(name)) test.skip();
    return join(scratch, 'generated', name, 'memory');
  };
  const check = async (root: string, ...flags: string[]): Promise<Report> => assertCompleted(await run(['check', root, '--json', ...flags], scratch));

  it('a link to a FIFO (outside or inside the root) and a FIFO named .md: skipped, without waiting for a writer', async function () {
    const report = await check(made('fifo-link', this));
    assert.equal(skipOf(report, 'pipe.md'), 'link-outside-root');
    assert.equal(skipOf(report, 'inner_pipe.md'), 'link-not-regular');
    assert.equal(skipOf(report, 'raw_pipe.md'), 'not-regular');
    for (const file of ['pipe.md', 'inner_pipe.md', 'raw_pipe.md']) assert.deepEqual(codesOf(report, file), ['file-unreadable']);
    assert.deepEqual(codesOf(report, 'MEMORY.md'), [], 'the entries are not "missing": the files are there, unreadable');
  });

  it('links to /dev/zero and /dev/urandom: skipped as leaving the root, nothing read', async function () {
    const report = await check(made('dev-zero-link', this));
    assert.equal(skipOf(report, 'zero.md'), 'link-outside-root');
    assert.equal(skipOf(report, 'random.md'), 'link-outside-root');
  });

  it('a link to /proc/self/fd/0 (standard input) and /proc/self/environ: skipped, standard input never read', async function () {
    const report = await check(made('proc-stdin-link', this));
    assert.ok(['link-outside-root', 'link-broken'].includes(skipOf(report, 'stdin.md') ?? ''));
    assert.equal(skipOf(report, 'environ.md'), 'link-outside-root');
  });

  it('a character device in the root, and a link to it: skipped as not regular files', async function () {
    const report = await check(made('device-in-root', this));
    assert.equal(skipOf(report, 'null_device.md'), 'not-regular');
    assert.equal(skipOf(report, 'device_link.md'), 'link-not-regular');
  });

  for (const [folder, file] of [['yaml-deep-1000', 'feedback_deep.md'], ['yaml-deep-20000', 'feedback_deeper.md'], ['yaml-deep-flow-maps', 'project_flow.md']]) {
    it(`deeply nested YAML (${folder}): one frontmatter-invalid error, no abort`, async () => {
      const report = await check(committed(folder));
      assert.deepEqual(codesOf(report, file), ['frontmatter-invalid']);
      assert.match(report.problems[0].message, /Nested more than 64 levels deep/);
      assert.equal(report.problems[0].severity, 'error');
    });
  }

  it('alias bombs (a billion laughs, one anchor aliased 5,000 times): frontmatter-invalid, not expanded', async () => {
    const report = await check(committed('yaml-alias-bomb'));
    assert.deepEqual(codesOf(report, 'reference_laughs.md'), ['frontmatter-invalid']);
    assert.deepEqual(codesOf(report, 'reference_many_aliases.md'), ['frontmatter-invalid']);
  });

  it('malformed YAML (a tab, an open quote, a key twice, a list, no closing fence, colons in a value): frontmatter-invalid each', async () => {
    const report = await check(committed('yaml-malformed'));
    for (const file of ['feedback_tabs.md', 'feedback_quote.md', 'feedback_twice.md', 'feedback_list.md', 'feedback_open.md', 'feedback_colon.md']) {
      assert.ok(codesOf(report, file).includes('frontmatter-invalid'), `${file}: ${codesOf(report, file).join(', ')}`);
    }
  });

  it('a 10 MB memory: skipped as too large; a 10 MB MEMORY.md: its first 2 MB checked, budget included', async function () {
    const report = await check(made('ten-megabytes', this));
    assert.equal(skipOf(report, 'reference_dump.md'), 'too-large');
    assert.equal(skipOf(report, 'MEMORY.md'), 'index-prefix');
    assert.ok(codesOf(report, 'MEMORY.md').includes('index-over-budget'));
  });

  it('a binary file: skipped and said to be binary', async () => {
    const report = await check(committed('encoding-binary'));
    assert.equal(skipOf(report, 'reference_screenshot.md'), 'binary');
    assert.deepEqual(codesOf(report, 'reference_screenshot.md'), ['file-unreadable']);
  });

  it('invalid UTF-8 (Latin-1): skipped and said so', async () => {
    const report = await check(committed('encoding-invalid-utf8'));
    assert.equal(skipOf(report, 'feedback_cafe.md'), 'invalid-utf8');
  });

  it('UTF-16 little-endian, big-endian and without a mark: skipped and called UTF-16, not binary', async () => {
    const report = await check(committed('encoding-utf16'));
    for (const file of ['user_notepad.md', 'user_big_endian.md', 'user_no_bom.md']) {
      assert.equal(skipOf(report, file), 'utf16', file);
      assert.match(report.problems.find((p) => p.file.endsWith(file))?.message ?? '', /UTF-16/);
    }
  });

  it('a zero-byte memory: read, and reported as having no frontmatter', async () => {
    const report = await check(committed('encoding-zero-byte'));
    assert.deepEqual(codesOf(report, 'project_empty.md'), ['frontmatter-missing']);
    assert.deepEqual(report.skipped, []);
  });

  it('a 50,000-character line (in the description, the body and the index): checked', async function () {
    const report = await check(made('long-line', this));
    assert.ok(codesOf(report, 'project_build.md').includes('relative-date'));
    assert.ok(codesOf(report, 'MEMORY.md').includes('index-over-budget'));
  });

  it('a 100,000-line MEMORY.md: checked (over budget) and never rewritten by --fix', async function () {
    const root = made('index-100k-lines', this);
    const before = readFileSync(join(root, 'MEMORY.md'));
    const report = await check(root, '--fix');
    assert.ok(codesOf(report, 'MEMORY.md').includes('index-over-budget'));
    assert.ok(readFileSync(join(root, 'MEMORY.md')).equals(before));
  });

  it('files deleted, recreated and rewritten during the scan: each read, or reported, never a crash', async () => {
    const root = join(scratch, 'churn');
    cpSync(committed('encoding-zero-byte'), root, { recursive: true });
    const churned = Array.from({ length: 300 }, (_, i) => `project_churn_${i}.md`);
    const text = (i: number, round: number): string => `---\nname: project-churn-${i}\ndescription: Round ${round}.\ntype: project\n---\n${'Body. '.repeat(round % 50)}\n`;
    churned.forEach((file, i) => writeFileSync(join(root, file), text(i, 0)));
    let round = 0;
    const churn = (): void => {
      round++;
      for (let i = round % 3; i < churned.length; i += 3) {
        const file = join(root, churned[i]);
        if (round % 2 === 0) writeFileSync(file, text(i, round));
        else if (existsSync(file)) unlinkSync(file);
      }
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const report = assertCompleted(await run(['check', root, '--json'], scratch, churn));
      for (const skip of report.skipped) assert.ok(['vanished', 'changing'].includes(skip.reason), `${skip.file} ${skip.reason}`);
    }
  });

  it('index targets and link names that climb out of the root: nothing outside is read or written, links are dangling', async () => {
    const root = committed('traversal/memory');
    const outside = readFileSync(committed('traversal/outside.md'));
    const result = await run(['check', root, '--json', '--fix'], scratch);
    const report = assertCompleted(result);
    assert.doesNotMatch(result.stdout, /SENTINEL-OUTSIDE-ROOT/);
    assert.ok(readFileSync(committed('traversal/outside.md')).equals(outside));
    assert.equal(codesOf(report, 'feedback_deploy.md').filter((code) => code === 'link-dangling').length, 4);
    assert.deepEqual(readdirSync(committed('traversal')).sort(), ['memory', 'outside.md']);
  });

  it('look-alike names (Cyrillic е, full-width letters): each file its own memory, the look-alike twins paired as near-duplicates', async () => {
    const result = await run(['check', committed('look-alike'), '--json'], scratch);
    const report = assertCompleted(result);
    assert.equal(JSON.parse(result.stdout).roots[0].memories, 3);
    assert.deepEqual(codesOf(report, 'feedback_tеsting.md'), ['near-duplicate']);
    assert.deepEqual(codesOf(report, 'feedback_testing.md'), ['near-duplicate']);
    assert.match(report.problems.find((p) => p.file.endsWith('feedback_testing.md'))?.message ?? '', /feedback_tеsting\.md/);
  });

  it('control characters in names: human output escapes them (no forged line, no terminal control), JSON keeps them', async function () {
    const root = made('control-names', this);
    const human = await run(['check', root], scratch);
    assert.ok(human.status === 0 || human.status === 1, human.stderr);
    assert.doesNotMatch(human.stdout, /[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
    assert.ok(!human.stdout.split('\n').some((line) => line.startsWith('fake.md')));
    const report = await check(root);
    assert.ok(report.problems.some((p) => p.file.includes('\u001b[2J')));
  });

  it('a read-only file and a file in a read-only folder: --fix leaves both byte for byte and says so', async function () {
    const root = made('read-only', this);
    const locked = readFileSync(join(root, 'feedback_locked.md'));
    const frozen = readFileSync(join(root, 'frozen', 'feedback_frozen.md'));
    const report = await check(root, '--fix');
    assert.ok(readFileSync(join(root, 'feedback_locked.md')).equals(locked));
    assert.ok(readFileSync(join(root, 'frozen', 'feedback_frozen.md')).equals(frozen));
    assert.deepEqual(report.notWritten.map((left) => `${left.file.slice(root.length + 1)} ${left.reason}`).sort(), ['feedback_locked.md read-only', 'frozen/feedback_frozen.md read-only']);
  });

  it('links out of the root (a memory, MEMORY.md, /etc/passwd): skipped, never printed, never written through', async function () {
    const root = made('link-out-of-root', this);
    const secrets = join(root, '..', 'secrets');
    const before = readdirSync(secrets).map((file) => readFileSync(join(secrets, file), 'utf8'));
    const result = await run(['check', root, '--json', '--fix'], scratch);
    const report = assertCompleted(result);
    for (const file of ['reference_creds.md', 'MEMORY.md', 'passwd.md']) assert.equal(skipOf(report, file), 'link-outside-root', file);
    assert.doesNotMatch(result.stdout, /SENTINEL-CREDENTIALS|root:x:0/);
    assert.deepEqual(readdirSync(secrets).map((file) => readFileSync(join(secrets, file), 'utf8')), before);
    assert.match(readFileSync(join(root, 'feedback_deploy.md'), 'utf8'), /Decided on 2026-08-13\./, 'the memory inside the root is fixed');
  });

  it('with no ROOT, a project whose memory folder links elsewhere: checked, nothing written there', async function () {
    const dir = join(made('memory-link-out-of-project', this), '..');
    const before = readFileSync(join(dir, 'elsewhere', 'feedback_deploy.md'), 'utf8');
    const report = assertCompleted(await run(['check', '--json', '--fix'], join(dir, 'project')));
    assert.ok(codesOf(report, 'feedback_deploy.md').includes('relative-date'));
    assert.equal(readFileSync(join(dir, 'elsewhere', 'feedback_deploy.md'), 'utf8'), before);
    assert.ok(report.notWritten.every((left) => left.reason === 'outside-project') && report.notWritten.length === 2);
  });

  it('a writer rewriting files while --fix runs: every newer write survives, and each one --fix saw is reported', async () => {
    const root = join(scratch, 'race');
    cpSync(committed('encoding-zero-byte'), root, { recursive: true });
    rmSync(join(root, 'project_empty.md'));
    const files = Array.from({ length: 200 }, (_, i) => `feedback_race_${i}.md`);
    const text = (i: number, version: number): string => `---\nname: feedback-race-${i}\ndescription: Version ${version}.\ntype: feedback\nmodified: 2026-08-14\n---\nDecided yesterday (v${version}).\n`;
    const last = new Map<string, number>();
    files.forEach((file, i) => {
      writeFileSync(join(root, file), text(i, 0));
      last.set(file, 0);
    });
    writeFileSync(join(root, 'MEMORY.md'), `# Memory\n${files.map((file) => `- [${file}](${file}) — race\n`).join('')}`);
    let tick = 0;
    const result = await run(['check', root, '--json', '--fix'], scratch, () => {
      const i = tick++ % files.length;
      const version = (last.get(files[i]) ?? 0) + 1;
      writeFileSync(join(root, files[i]), text(i, version));
      last.set(files[i], version);
    });
    const report = assertCompleted(result);
    const reported = new Set(report.notWritten.filter((left) => left.reason === 'changed-on-disk').map((left) => left.file.slice(root.length + 1)));
    files.forEach((file, i) => {
      const newest = text(i, last.get(file) ?? 0);
      const now = readFileSync(join(root, file), 'utf8');
      assert.ok(now === newest || now === newest.replace('Decided yesterday', 'Decided on 2026-08-13'), `${file} lost version ${last.get(file)}: ${now}`);
      if (reported.has(file)) assert.equal(now, newest, `${file} was reported, so it holds the writer's text`);
    });
  });
});
