import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { ALL_PROBLEM_CODES, ruleOf, type ProblemCode } from '../../../src/core';
import { escapeData, escapeProperty } from '../../../src/cli/githubAnnotations';
import { FIXTURES } from '../helpers/fixtures';

const REPO = join(FIXTURES, '..', '..');
const CLI = join(REPO, 'dist', 'cli.js');
const CHECKS = 'test/fixtures/workspace/checks/memory';
// Microsoft's copy of the final SARIF 2.1.0 schema (rtm.5), as @microsoft/jest-sarif ships it.
const SCHEMA = join(REPO, 'node_modules', '@microsoft', 'jest-sarif', 'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');

function run(args: string[], cwd = REPO): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface JsonProblem { file: string; line: number; column: number; code: string; severity: string; message: string }

interface SarifRegion { startLine: number; startColumn: number; endLine: number; endColumn: number }
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: SarifRegion } }[];
}
interface SarifLog {
  version: string;
  runs: { tool: { driver: { name: string; version: string; rules: { id: string; help: { text: string } }[] } }; results: SarifResult[] }[];
}

/** The schema is draft-04; Ajv reads it as draft-07 once its draft-04 `$schema` and `id` are set aside (it uses no keyword whose meaning changed). */
function sarifValidator(): (data: unknown) => string[] {
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8')) as Record<string, unknown>;
  delete schema.$schema;
  delete schema.id;
  // unicodeRegExp off: the schema's language pattern (`^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`) is not valid in /u mode.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  ajv.addFormat('uri-reference', (value: string) => URL.canParse(value, 'file:///base/') && !/\s/.test(value));
  ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
  const validate = ajv.compile(schema);
  return (data) => (validate(data) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`));
}

describe('memory-shelf check --format', () => {
  let scratch: string;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-formats-'));
  });

  afterEach(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('--json prints byte for byte what --format json prints, and --format text what no flag prints', () => {
    const json = run(['check', CHECKS, '--json']);
    const format = run(['check', CHECKS, '--format', 'json']);
    assert.equal(json.status, 1);
    assert.equal(format.status, 1);
    assert.equal(format.stdout, json.stdout);
    assert.equal(run(['check', CHECKS, '--format=text']).stdout, run(['check', CHECKS]).stdout);
  });

  it('refuses an unknown format as a usage error', () => {
    const result = run(['check', CHECKS, '--format', 'xml']);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--format must be one of text, json, sarif, github, not "xml"/);
  });

  it('--format sarif is a SARIF 2.1.0 log the schema accepts: one rule per code with help, one result per problem at its 1-based region', () => {
    const result = run(['check', CHECKS, '--format', 'sarif']);
    assert.equal(result.status, 1, 'the exit status does not depend on the format');
    const log = JSON.parse(result.stdout) as SarifLog;
    const validate = sarifValidator();
    assert.deepEqual(validate(log), []);
    // The validator is not vacuous: a 0-based line (what the JSON's model holds) is refused.
    const zeroBased = JSON.parse(result.stdout) as SarifLog;
    zeroBased.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    assert.notDeepEqual(validate(zeroBased), []);
    assert.equal(log.version, '2.1.0');
    const run0 = log.runs[0];
    assert.equal(run0.tool.driver.name, 'memory-shelf');
    assert.match(run0.tool.driver.version, /^\d+\.\d+\.\d+/);
    assert.deepEqual(run0.tool.driver.rules.map((rule) => rule.id), [...ALL_PROBLEM_CODES]);
    assert.ok(run0.tool.driver.rules.every((rule) => rule.help.text === ruleOf(rule.id as ProblemCode).help && rule.help.text.length > 20));
    const problems = (JSON.parse(run(['check', CHECKS, '--json']).stdout) as { problems: JsonProblem[] }).problems;
    assert.equal(run0.results.length, problems.length);
    run0.results.forEach((res, i) => {
      const problem = problems[i];
      const { artifactLocation, region } = res.locations[0].physicalLocation;
      assert.equal(res.ruleId, problem.code);
      assert.equal(run0.tool.driver.rules[res.ruleIndex].id, problem.code);
      assert.equal(res.message.text, problem.message);
      assert.equal(artifactLocation.uri, problem.file);
      assert.equal(region.startLine, problem.line);
      assert.equal(region.startColumn, problem.column);
      assert.ok(region.endLine > region.startLine || region.endColumn >= region.startColumn);
      assert.equal(res.level, { error: 'error', warning: 'warning', information: 'note', hint: 'note' }[problem.severity]);
    });
    assert.ok(run0.results.some((res) => res.level === 'error') && run0.results.some((res) => res.level === 'note'));
    assert.doesNotMatch(result.stdout, /ghp_/, 'the secret itself is never printed');
  });

  it('a SARIF log of a clean folder, and of an absolute root with spaces and Korean in its name, still validates', () => {
    const clean = join(scratch, '메모 리');
    mkdirSync(clean);
    writeFileSync(join(clean, 'MEMORY.md'), '- [Tabs](user_tabs.md) — indentation\n');
    writeFileSync(join(clean, 'user_tabs.md'), '---\nname: user-tabs\ndescription: indentation\ntype: user\n---\nTabs, not spaces.\n');
    const ok = run(['check', clean, '--format', 'sarif']);
    assert.equal(ok.status, 0);
    assert.deepEqual(sarifValidator()(JSON.parse(ok.stdout)), []);
    writeFileSync(join(clean, 'user_dates.md'), '---\nname: user-dates\ndescription: dates\ntype: user\n---\nSee you tomorrow.\n');
    const red = JSON.parse(run(['check', clean, '--format', 'sarif']).stdout) as SarifLog;
    assert.deepEqual(sarifValidator()(red), []);
    const uri = red.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri;
    assert.ok(uri.startsWith('file:///') && uri.includes('%EB%A9%94%EB%AA%A8%20%EB%A6%AC/'), uri);
  });

  it('--format github prints one workflow command per problem, kind from severity, then the summary', () => {
    const result = run(['check', CHECKS, '--format', 'github']);
    assert.equal(result.status, 1);
    const lines = result.stdout.trimEnd().split('\n');
    const problems = (JSON.parse(run(['check', CHECKS, '--json']).stdout) as { problems: JsonProblem[] }).problems;
    assert.equal(lines.length, problems.length + 1);
    assert.equal(lines[0], `::warning file=${CHECKS}/feedback_meeting_dates.md,line=8,col=20,endLine=8,endColumn=29,title=relative-date::${escapeData(problems[0].message)}`);
    assert.ok(lines.some((line) => line.startsWith('::error ') && line.includes('title=secret::')));
    assert.ok(lines.some((line) => line.startsWith('::notice ') && line.includes('title=name-not-slug::')));
    assert.equal(lines.at(-1), '5 memories in 1 root, 9 problems (1 error, 6 warning, 2 information)');
    assert.doesNotMatch(result.stdout, /ghp_/);
  });

  it('escapes %, CR and LF in messages, and also : and , in properties (a file name cannot end the command)', () => {
    assert.equal(escapeData('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext: a, b');
    assert.equal(escapeProperty('a,b:c%\n.md'), 'a%2Cb%3Ac%25%0A.md');
    const root = join(scratch, 'memory');
    mkdirSync(root);
    writeFileSync(join(root, 'MEMORY.md'), '');
    writeFileSync(join(root, 'user_a,b:c%.md'), '---\nname: a\ndescription: 50% of a fact\ntype: user\n---\nText.\n');
    const lines = run(['check', 'memory', '--format', 'github'], scratch).stdout.trimEnd().split('\n');
    const unlisted = lines.find((line) => line.includes('title=index-unlisted'));
    assert.ok(unlisted?.startsWith('::warning file=memory/user_a%2Cb%3Ac%25.md,line='), unlisted);
    assert.equal(lines.filter((line) => line.startsWith('::')).length, lines.length - 1, 'no line of output is forged');
  });

  it('writes no control character of a file name raw into file= (issue #36: ESC could rewrite the log line)', () => {
    const root = join(scratch, 'ctl');
    mkdirSync(root);
    writeFileSync(join(root, 'MEMORY.md'), '');
    writeFileSync(join(root, 'user_\u001b[2Kx.md'), '---\nname: x\ndescription: a fact\ntype: user\n---\nText.\n');
    const out = run(['check', 'ctl', '--format', 'github'], scratch).stdout;
    assert.equal(/[\u0000-\u0008\u000b-\u001f\u007f]/.test(out), false, JSON.stringify(out));
    assert.match(out, /file=ctl\/user_\\x1b\[2Kx\.md/);
  });
});
