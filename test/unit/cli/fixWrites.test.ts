import * as assert from 'node:assert/strict';
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTypeSet } from '../../../src/core';
import { checkRoot, type CheckedRoot } from '../../../src/cli/checkRoot';
import type { WriteHooks } from '../../../src/cli/safeWrite';

const posixOnly = process.platform === 'win32' ? it.skip : it;
const asRoot = process.getuid?.() === 0 ? it : it.skip;
const typeSet = resolveTypeSet('claude-code', undefined);

/** A memory with a relative date `--fix` makes absolute, dated by its `modified` key. */
const dated = (name: string, body = 'Decided yesterday.'): string => `---\nname: ${name}\ndescription: ${name} rules the team agreed on\ntype: feedback\nmodified: 2026-08-14\n---\n${body}\n`;
const fixedText = (name: string): string => dated(name, 'Decided on 2026-08-13.');
const listed = (...names: string[]): string => `# Memory\n${names.map((name) => `- [${name}](${name}.md) — ${name} rules the team agreed on\n`).join('')}`;

describe('--fix writes', () => {
  let scratch: string;
  let root: string;
  const fix = (hooks?: WriteHooks): Promise<CheckedRoot> => checkRoot(root, scratch, { typeSet, fix: true, ...(hooks ? { hooks } : {}) });
  const reasons = (checked: CheckedRoot): string[] => checked.notWritten.map((left) => `${left.path} ${left.reason.kind}`);

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-fix-'));
    root = join(scratch, 'memory');
    mkdirSync(root);
  });

  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('never grows MEMORY.md past the load cut: entries are added while they fit, the rest left reported (issue #39)', async () => {
    // 195 entries of a 197-line index: room for three more lines, and five memories unlisted.
    const listedNames = Array.from({ length: 195 }, (_, i) => `reference_runbook-${String(i).padStart(3, '0')}`);
    writeFileSync(join(root, 'MEMORY.md'), `# Runbooks\n\n${listedNames.map((name, i) => `- [Runbook ${i}](${name}.md) — step ${i} of the ops runbook\n`).join('')}`);
    for (const [i, name] of listedNames.entries()) writeFileSync(join(root, `${name}.md`), `---\nname: ${name}\ndescription: Step ${i} of the ops runbook, ${i * 7} minutes in\ntype: reference\n---\nRun step ${i}; it takes ${i * 7} minutes.\n`);
    const unlisted = ['alerts', 'backups', 'certs', 'dns', 'email'].map((topic) => `project_${topic}`);
    for (const name of unlisted) writeFileSync(join(root, `${name}.md`), `---\nname: ${name}\ndescription: Where the ${name.slice(8)} settings live\ntype: project\n---\nSee the ops repository for ${name.slice(8)}.\n`);
    const checked = await fix();
    const index = readFileSync(join(root, 'MEMORY.md'), 'utf8');
    assert.equal(index.trimEnd().split('\n').length, 200);
    assert.deepEqual(unlisted.filter((name) => index.includes(`(${name}.md)`)), ['project_alerts', 'project_backups', 'project_certs']);
    const left = checked.problems.filter((problem) => problem.code === 'index-unlisted').map((problem) => `${problem.path} ${problem.message.split(',')[0]}`);
    assert.deepEqual(left, ['project_dns.md Not listed in MEMORY.md', 'project_email.md Not listed in MEMORY.md']);
  });

  it('never clobbers a newer write: a file rewritten after it was read is left as the writer left it, and reported', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `feedback_rule_${String(i).padStart(2, '0')}`);
    writeFileSync(join(root, 'MEMORY.md'), listed(...names));
    for (const name of names) writeFileSync(join(root, `${name}.md`), dated(name));
    const newer = (name: string): string => dated(name, `Rewritten by the agent while --fix ran (${name}).`);
    // The writer changes every other file between --fix's read and its write.
    const checked = await fix({ beforeWrite: (write) => {
      const name = write.path.replace(/\.md$/, '');
      if (names.indexOf(name) % 2 === 0) writeFileSync(write.target, newer(name));
    } });
    names.forEach((name, i) => assert.equal(readFileSync(join(root, `${name}.md`), 'utf8'), i % 2 === 0 ? newer(name) : fixedText(name), name));
    assert.deepEqual(reasons(checked), names.filter((_, i) => i % 2 === 0).map((name) => `${name}.md changed-on-disk`));
    assert.equal(checked.fixed, 10);
  });

  posixOnly('puts back what a writer wrote into the old file in the instant between the last comparison and the rename', async () => {
    writeFileSync(join(root, 'MEMORY.md'), listed('feedback_deploy'));
    writeFileSync(join(root, 'feedback_deploy.md'), dated('feedback_deploy'));
    const theirs = dated('feedback_deploy', 'The agent wrote this at the worst moment.');
    const checked = await fix({ beforeRename: (write) => writeFileSync(write.target, theirs) });
    assert.equal(readFileSync(join(root, 'feedback_deploy.md'), 'utf8'), theirs);
    assert.deepEqual(reasons(checked), ['feedback_deploy.md changed-on-disk']);
  });

  posixOnly('writes through a linked MEMORY.md and a linked memory inside the root, keeping the links', async () => {
    mkdirSync(join(root, 'store'));
    writeFileSync(join(root, 'store', 'index.md'), '# Memory\n');
    symlinkSync('store/index.md', join(root, 'MEMORY.md'));
    writeFileSync(join(root, 'store', 'feedback_deploy.md'), dated('feedback_deploy'));
    symlinkSync('store/feedback_deploy.md', join(root, 'feedback_deploy.md'));
    const checked = await fix();
    assert.deepEqual(reasons(checked), []);
    assert.ok(lstatSync(join(root, 'MEMORY.md')).isSymbolicLink() && lstatSync(join(root, 'feedback_deploy.md')).isSymbolicLink());
    assert.equal(readlinkSync(join(root, 'MEMORY.md')), 'store/index.md');
    assert.match(readFileSync(join(root, 'store', 'index.md'), 'utf8'), /\(feedback_deploy\.md\)/);
    assert.equal(readFileSync(join(root, 'store', 'feedback_deploy.md'), 'utf8'), fixedText('feedback_deploy'));
  });

  posixOnly('refuses a read-only file (even for root) and writes the rest; keeps a private file private, the temporary file included', async () => {
    writeFileSync(join(root, 'MEMORY.md'), listed('feedback_locked', 'feedback_private'));
    writeFileSync(join(root, 'feedback_locked.md'), dated('feedback_locked'));
    chmodSync(join(root, 'feedback_locked.md'), 0o444);
    writeFileSync(join(root, 'feedback_private.md'), dated('feedback_private'));
    chmodSync(join(root, 'feedback_private.md'), 0o600);
    const temporaryModes: number[] = [];
    const checked = await fix({ beforeRename: () => {
      for (const name of readdirSync(root)) if (name.startsWith('.ms-')) temporaryModes.push(statSync(join(root, name)).mode & 0o777);
    } });
    assert.deepEqual(reasons(checked), ['feedback_locked.md read-only']);
    assert.equal(readFileSync(join(root, 'feedback_locked.md'), 'utf8'), dated('feedback_locked'));
    assert.equal(readFileSync(join(root, 'feedback_private.md'), 'utf8'), fixedText('feedback_private'));
    assert.equal(statSync(join(root, 'feedback_private.md')).mode & 0o777, 0o600);
    assert.deepEqual(temporaryModes, [0o600]);
    assert.deepEqual(readdirSync(root).filter((name) => name.startsWith('.')), [], 'no temporary file is left');
  });

  asRoot('keeps the owner and group of a file it may write, and refuses one only its owner may write', async () => {
    writeFileSync(join(root, 'MEMORY.md'), listed('feedback_shared', 'feedback_theirs'));
    writeFileSync(join(root, 'feedback_shared.md'), dated('feedback_shared'));
    chownSync(join(root, 'feedback_shared.md'), 65534, 65534);
    chmodSync(join(root, 'feedback_shared.md'), 0o666);
    writeFileSync(join(root, 'feedback_theirs.md'), dated('feedback_theirs'));
    chownSync(join(root, 'feedback_theirs.md'), 65534, 65534);
    chmodSync(join(root, 'feedback_theirs.md'), 0o644);
    const checked = await fix();
    assert.deepEqual(reasons(checked), ['feedback_theirs.md read-only']);
    const shared = statSync(join(root, 'feedback_shared.md'));
    assert.deepEqual([shared.uid, shared.gid, shared.mode & 0o777], [65534, 65534, 0o666]);
    assert.equal(readFileSync(join(root, 'feedback_shared.md'), 'utf8'), fixedText('feedback_shared'));
  });

  it('writes a memory whose name is 250 characters long (the temporary name is short)', async () => {
    const name = `feedback_${'long_'.repeat(48)}x`.slice(0, 247);
    writeFileSync(join(root, 'MEMORY.md'), listed(name));
    writeFileSync(join(root, `${name}.md`), dated(name));
    const checked = await fix();
    assert.equal(`${name}.md`.length, 250);
    assert.deepEqual(reasons(checked), []);
    assert.equal(readFileSync(join(root, `${name}.md`), 'utf8'), fixedText(name));
  });

  it('never writes a MEMORY.md it read only in part', async function () {
    this.timeout(60_000);
    const index = '# Memory\n' + '- [Feedback deploy](feedback_deploy.md) — deploy rules\n'.repeat(45_000);
    writeFileSync(join(root, 'MEMORY.md'), index);
    writeFileSync(join(root, 'feedback_new.md'), dated('feedback_new', 'Plain body.'));
    const checked = await fix();
    assert.equal(readFileSync(join(root, 'MEMORY.md'), 'utf8'), index);
    assert.ok(checked.problems.some((p) => p.path === 'MEMORY.md' && p.code === 'index-over-budget'), 'its budget is still checked');
    assert.ok(checked.problems.some((p) => p.path === 'MEMORY.md' && p.code === 'file-unreadable'));
    assert.ok(checked.problems.some((p) => p.path === 'feedback_new.md' && p.code === 'index-unlisted'));
  });
});
