// The GitHub Action's check step (action.yml): runs `memory-shelf check` on the given folders in the
// chosen format and hands its verdict to the later steps, which upload SARIF and then fail the job.
// It never fails the step itself over problems found, or the SARIF upload after it would not run;
// it does fail for a usage error or an unreadable folder (exit status 2), where there is nothing to upload.
//
// Inputs come as the runner passes them, INPUT_<NAME> environment variables:
//   INPUT_FOLDERS     memory folders, separated by spaces or new lines (empty: the CLI's default)
//   INPUT_FORMAT      github (annotations on the diff) or sarif (a file for code scanning)
//   INPUT_FAIL_ON     error | warning | information | hint | never
//   INPUT_TYPES       claude-code | madohub | a,b,c (empty: claude-code)
//   INPUT_SARIF_FILE  where the SARIF log is written
// The CLI: MEMORY_SHELF_CLI (a path to cli.js) if set, else the memory-shelf-cli package of the
// action's own version through `npm exec`. Writes `status` (0, 1) and `sarif-file` to $GITHUB_OUTPUT.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ACTION_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SEVERITIES = ['error', 'warning', 'information', 'hint'];

function input(name, fallback = '') {
  const value = process.env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`];
  return value === undefined || value.trim() === '' ? fallback : value.trim();
}

function fail(message) {
  console.log(`::error title=memory-shelf::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}`);
  process.exit(2);
}

const format = input('format', 'github');
if (format !== 'github' && format !== 'sarif') fail(`format must be github or sarif, not "${format}"`);
const failOn = input('fail-on', 'warning');
if (failOn !== 'never' && !SEVERITIES.includes(failOn)) fail(`fail-on must be one of ${SEVERITIES.join(', ')} or never, not "${failOn}"`);
const folders = input('folders').split(/\s+/).filter((folder) => folder !== '');
const types = input('types');
const sarifFile = input('sarif-file', 'memory-shelf.sarif');

const args = ['check', ...folders, '--format', format, '--fail-on', failOn === 'never' ? 'error' : failOn, ...(types ? ['--types', types] : [])];
let command;
let commandArgs;
if (process.env.MEMORY_SHELF_CLI) {
  command = process.execPath;
  commandArgs = [process.env.MEMORY_SHELF_CLI, ...args];
} else {
  const { version } = JSON.parse(readFileSync(join(ACTION_ROOT, 'package.json'), 'utf8'));
  command = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  commandArgs = ['exec', '--yes', `--package=memory-shelf-cli@${version}`, '--', 'memory-shelf', ...args];
}

const result = spawnSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 30, shell: process.platform === 'win32' });
if (result.error) fail(`could not run memory-shelf: ${result.error.message}`);
if (result.status !== 0 && result.status !== 1) fail(`memory-shelf check ${folders.join(' ')} exited with status ${result.status}`);

if (format === 'sarif') {
  writeFileSync(sarifFile, result.stdout);
  const results = JSON.parse(result.stdout).runs.reduce((sum, run) => sum + run.results.length, 0);
  console.log(`memory-shelf: ${results} ${results === 1 ? 'problem' : 'problems'}, written to ${sarifFile}`);
} else {
  process.stdout.write(result.stdout);
}

const status = failOn === 'never' ? 0 : result.status;
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `status=${status}\nsarif-file=${sarifFile}\n`);
if (status === 1) console.log(`memory-shelf: problems at or above ${failOn}; the job fails after the report is uploaded`);
