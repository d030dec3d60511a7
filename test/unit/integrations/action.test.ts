import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/fixtures';
import { runCompositeAction } from './compositeAction';
import { GREEN_REPO, RED_REPO, writeRepo } from './memoryRepos';

const REPO = join(FIXTURES, '..', '..');
const ACTION = join(REPO, 'action.yml');
// The runner would fetch memory-shelf-cli from npm; here the repository's own build stands in for it.
const ENV = { MEMORY_SHELF_CLI: join(REPO, 'dist', 'cli.js'), CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') };
const FOLDERS = 'memory\n.claude/agent-memory/reviewer';

interface SarifLog { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] }

describe('the GitHub Action (action.yml), its steps run as the runner runs them', function () {
  this.timeout(60_000);
  let green: string;
  let red: string;

  before(() => {
    green = mkdtempSync(join(tmpdir(), 'memory-shelf-action-green-'));
    red = mkdtempSync(join(tmpdir(), 'memory-shelf-action-red-'));
    writeRepo(green, GREEN_REPO);
    writeRepo(red, RED_REPO);
  });

  after(() => {
    rmSync(green, { recursive: true, force: true });
    rmSync(red, { recursive: true, force: true });
  });

  it('green: annotates nothing and passes', () => {
    const run = runCompositeAction(ACTION, { folders: FOLDERS }, green, ENV);
    assert.equal(run.status, 0);
    assert.doesNotMatch(run.stdout, /^::(error|warning|notice)/m);
    assert.match(run.stdout, /3 memories in 2 roots, no problems/);
    assert.ok(!run.steps.some((step) => step.uses?.startsWith('github/codeql-action/upload-sarif')), 'nothing to upload in github format');
  });

  it('red: prints an annotation per problem on the files of both folders, and fails the job', () => {
    const run = runCompositeAction(ACTION, { folders: FOLDERS }, red, ENV);
    assert.equal(run.status, 1);
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    assert.deepEqual(annotations.map((line) => /^::(\w+) file=([^,]+),.*title=([\w-]+)::/.exec(line)?.slice(1).join(' ')), [
      'warning memory/feedback_reviews.md index-unlisted',
      'warning memory/project_release.md relative-date',
      'warning .claude/agent-memory/reviewer/feedback_style.md type-unknown',
    ]);
    assert.equal(run.steps.at(-1)?.status, 1, 'the last step is the one failing the job');
  });

  it('red, failing only on errors (or never): annotates and passes', () => {
    for (const failOn of ['error', 'never']) {
      const run = runCompositeAction(ACTION, { folders: FOLDERS, 'fail-on': failOn }, red, ENV);
      assert.equal(run.status, 0, failOn);
      assert.equal(run.stdout.split('\n').filter((line) => line.startsWith('::warning ')).length, 3);
    }
  });

  it('sarif: writes the log, hands it to upload-sarif, then fails the job (red) or not (green)', () => {
    const redRun = runCompositeAction(ACTION, { folders: FOLDERS, format: 'sarif', 'sarif-file': 'memory.sarif' }, red, ENV);
    assert.equal(redRun.status, 1);
    const upload = redRun.steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@'));
    assert.deepEqual(upload?.with, { sarif_file: 'memory.sarif', category: 'memory-shelf' });
    assert.ok(redRun.steps.indexOf(upload!) < redRun.steps.length - 1, 'uploaded before the job fails');
    const log = JSON.parse(readFileSync(join(red, 'memory.sarif'), 'utf8')) as SarifLog;
    assert.deepEqual(log.runs[0].results.map((result) => `${result.locations[0].physicalLocation.artifactLocation.uri} ${result.ruleId}`), [
      'memory/feedback_reviews.md index-unlisted',
      'memory/project_release.md relative-date',
      '.claude/agent-memory/reviewer/feedback_style.md type-unknown',
    ]);
    assert.match(redRun.stdout, /3 problems, written to memory\.sarif/);
    const greenRun = runCompositeAction(ACTION, { folders: FOLDERS, format: 'sarif' }, green, ENV);
    assert.equal(greenRun.status, 0);
    assert.ok(existsSync(join(green, 'memory-shelf.sarif')));
    assert.ok(greenRun.steps.some((step) => step.uses?.startsWith('github/codeql-action/upload-sarif@')));
  });

  it('with no folders checks ./memory and the project\'s subagent memory; a folder that does not exist fails the check step itself', () => {
    const run = runCompositeAction(ACTION, {}, red, ENV);
    assert.equal(run.status, 1);
    // As `memory-shelf check` with no ROOT: ./memory and .claude/agent-memory/<agent>/, committed with the project.
    assert.match(run.stdout, /4 memories in 2 roots, 3 problems/);
    const missing = runCompositeAction(ACTION, { folders: 'memories' }, green, ENV);
    assert.equal(missing.status, 2);
    assert.equal(missing.steps.length, 2, 'stopped at the check step');
    assert.match(missing.stdout, /^::error title=memory-shelf::memory-shelf check memories exited with status 2/m);
  });

  it('refuses a format or severity it does not know', () => {
    assert.equal(runCompositeAction(ACTION, { format: 'xml' }, green, ENV).status, 2);
    assert.equal(runCompositeAction(ACTION, { 'fail-on': 'fatal' }, green, ENV).status, 2);
  });
});
