import * as assert from 'node:assert/strict';
import { agentMessage, formatText, ProblemCode, relativeDate, secret, type Problem, type ProblemEngine } from '../../../src/core';
import { checkedEngine } from './rules/ruleHelpers';

// Assembled at run time, so no scanner takes this file for a leak.
const TOKEN = ['ghp', '_', 'Q7mZ2kP9xL4vB8nR3tW6yH1cJ5dF0gS2aE7u'].join('');
const MODIFIED = Date.UTC(2026, 6, 20, 12);

const memory = (name: string, description: string, body: string, modified = ''): string =>
  `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: project\n${modified ? `  modified: ${modified}\n` : ''}---\n\n${body}\n`;

const SHARED = 'The payments provider retires API v1 on 2026-09-30; every v1 endpoint answers 410 Gone after that date and the client must move to v2.';

function root(): Map<string, string> {
  return new Map([
    ['MEMORY.md', '- [Payments API](project_payments.md) — the provider retires API v1 on 2026-09-30\n'],
    ['project_payments.md', memory('project-payments', 'The payments provider retires API v1 on 2026-09-30', SHARED)],
    ['project_payments_v1.md', memory('project-payments-v1', 'Payments API v1 is retired on 2026-09-30', SHARED)],
    ['project_release.md', memory('project-release', 'Release 4.2 was cut, the freeze is over', 'Release 4.2 was cut yesterday; the merge freeze is over.', '2026-07-20')],
    ['reference_deploy.md', memory('reference-deploy', 'Staging deploys authenticate with the CI token', `Deploy staging with the token ${TOKEN} in the Authorization header.`)],
  ]);
}

function engineOf(files: ReadonlyMap<string, string>): ProblemEngine {
  return checkedEngine(files, { textRules: [relativeDate, secret], modifiedTime: () => MODIFIED });
}

/** The agent's sentence for the problem of `code` in `path`, as the language server words it. */
function said(engine: ProblemEngine, path: string, code: ProblemCode): { problem: Problem; text: string } {
  const problems = engine.problemsFor(path);
  const problem = problems.find((candidate) => candidate.code === code);
  assert.ok(problem, `${path}: no ${code} among ${problems.map((p) => p.code).join(', ')}`);
  return { problem, text: formatText(agentMessage(problem, problems)) };
}

describe('findings worded for an agent', () => {
  it('names the replacement and the day it counts from; making that replacement clears the finding', () => {
    const files = root();
    const { text } = said(engineOf(files), 'project_release.md', ProblemCode.RelativeDate);
    const step = /^Replace "(yesterday)" with "([^"]+)" \(counted from 2026-07-20\)\.$/.exec(text);
    assert.ok(step, text);
    assert.match(step[2], /2026-07-19/);
    files.set('project_release.md', files.get('project_release.md')!.replace(step[1], step[2]));
    assert.deepEqual(engineOf(files).problemsFor('project_release.md').filter((p) => p.code === ProblemCode.RelativeDate), []);
  });

  it('gives the exact MEMORY.md line of an unlisted memory; adding it lists the memory', () => {
    const files = root();
    const { text } = said(engineOf(files), 'project_release.md', ProblemCode.IndexUnlisted);
    const line = /: (- \[.+\]\(project_release\.md\) — .+)$/.exec(text)?.[1];
    assert.ok(line, text);
    files.set('MEMORY.md', `${files.get('MEMORY.md')}${line}\n`);
    const after = engineOf(files);
    assert.deepEqual(after.problemsFor('project_release.md').filter((p) => p.code === ProblemCode.IndexUnlisted), []);
    assert.deepEqual(after.problemsFor('MEMORY.md'), [], 'the line is a well-formed entry');
  });

  it('never repeats a secret: the token is not in any sentence, and an unlisted memory holding one gets no ready-made line', () => {
    const engine = engineOf(root());
    const texts = [...engine.allProblems()].map((problem) => formatText(agentMessage(problem, engine.problemsFor(problem.path))));
    for (const text of texts) assert.ok(!text.includes(TOKEN.slice(0, 5)), text);
    const { text } = said(engine, 'reference_deploy.md', ProblemCode.IndexUnlisted);
    assert.ok(!text.includes('reference_deploy.md') && !text.includes('CI token'), text);
    assert.match(said(engine, 'reference_deploy.md', ProblemCode.Secret).text, /^Secret stored in memory: remove it\./);
  });

  it('names the other near-duplicate without quoting either body, and says which to keep', () => {
    const engine = engineOf(root());
    const { text } = said(engine, 'project_payments_v1.md', ProblemCode.NearDuplicate);
    assert.match(text, /^Says nearly the same as project_payments\.md: keep one memory\. Move anything new into the one that was there first, then delete the other\.$/);
    assert.ok(!text.includes('retires API v1'), text);
    // The person's message still quotes the shared passage: only the agent's wording leaves it out.
    assert.match(said(engine, 'project_payments_v1.md', ProblemCode.NearDuplicate).problem.message, /retires API v1/);
  });

  it('tells an index entry written before its memory to write that memory', () => {
    const files = root();
    files.set('MEMORY.md', `${files.get('MEMORY.md')}- [Freeze](project_freeze.md) — the merge freeze\n`);
    const { text } = said(engineOf(files), 'MEMORY.md', ProblemCode.IndexMissingFile);
    assert.equal(text, 'project_freeze.md does not exist: write that memory, or remove this entry.');
  });

  it('keeps the message of a code it has nothing better for', () => {
    const files = root();
    files.set('project_release.md', files.get('project_release.md')!.replace('name: project-release\n', ''));
    const { problem, text } = said(engineOf(files), 'project_release.md', ProblemCode.NameMissing);
    assert.equal(text, problem.message);
  });
});
