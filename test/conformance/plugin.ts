import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sessionIdOf, toolResults } from './claudeLoad';
import type { Behaviour, BehaviourContext } from './behaviours';
import type { SentRequest, Step, Turn } from './standIn';

/**
 * The Claude Code plugin (`npm run package:plugin`) through the real client: built once per run into a
 * folder of its own (which runs `claude plugin validate` on it), loaded with `--plugin-dir`, and what
 * the model receives after each kind of write read from the requests Claude Code sends the stand-in.
 */
const REPO = join(__dirname, '..', '..', '..');
let built: { dir: string } | { error: string } | undefined;

/** The plugin folder, packaged and validated on first use. */
export function pluginDir(): string {
  if (!built) {
    const dir = join(mkdtempSync(join(tmpdir(), 'ms-plugin-')), 'memory-shelf');
    const run = spawnSync(process.execPath, [join(REPO, 'scripts', 'packagePlugin.mjs'), '--out', dir], { cwd: REPO, encoding: 'utf8' });
    built = run.status === 0 && /Validation passed/.test(run.stdout) ? { dir } : { error: `package:plugin failed (exit ${run.status}): ${(run.stdout + run.stderr).slice(-600)}` };
  }
  if ('error' in built) throw new Error(built.error);
  return built.dir;
}

/** Removes the plugin built for this run, if one was. */
export function removePluginDir(): void {
  if (built && 'dir' in built) rmSync(dirname(built.dir), { recursive: true, force: true });
  built = undefined;
}

/**
 * Claude Code starts a plugin's language server at the first file a tool touches, and delivers what it
 * publishes with a later request: the stand-in waits this long before its next answer, the "thinking"
 * in which the diagnostics arrive. Generous for a loaded CI machine; a run takes about this plus 2 s.
 */
const THINK_MS = 3500;

/** A wait with a Read of `file` (nothing changes): the model thinking while the diagnostics arrive. */
function think(file: string): Turn {
  return { tools: [{ name: 'Read', input: { file_path: file } }], delayMs: THINK_MS };
}

/** The model's turns: the tool calls, then a wait with a Read of the first file (nothing changes), then done. */
function withThinking(calls: readonly Step[], readBack: string): Step[] {
  return [...calls, think(readBack), { text: 'done' }];
}

/** Every `<new-diagnostics>` block the model was sent, each once, in order. */
export function newDiagnostics(requests: readonly SentRequest[]): string[] {
  const seen = new Set<string>();
  for (const request of requests) {
    for (const message of request.body.messages ?? []) {
      const texts = typeof message.content === 'string' ? [message.content] : message.content.map((block) => block.text ?? '');
      for (const text of texts) for (const match of text.matchAll(/<new-diagnostics>[\s\S]*?<\/new-diagnostics>/g)) seen.add(match[0]);
    }
  }
  return [...seen];
}

/** A run of Claude Code with the plugin loaded (and `extra` arguments), the memory folder made first. */
async function withPlugin(context: BehaviourContext, script: readonly Step[], extra: readonly string[] = []): Promise<{ requests: SentRequest[]; diagnostics: string }> {
  const { requests } = await context.claude(script, ['--plugin-dir', pluginDir(), ...extra]);
  return { requests, diagnostics: newDiagnostics(requests).join('\n') };
}

/** The findings of one file in a `<new-diagnostics>` text: the lines under its `name:` heading. */
function findingsOf(diagnostics: string, name: string): string[] {
  const out: string[] = [];
  for (const block of diagnostics.replace(/<\/?new-diagnostics>/g, '\n\n').split(/\n\n/)) {
    const [head, ...lines] = block.split('\n');
    if (head.trim() === `${name}:`) out.push(...lines.map((line) => line.trim()).filter((line) => line.length > 0));
  }
  return out;
}

/**
 * What a model does with the findings it read, taken from their words alone: the replacement the
 * relative-date finding names and the MEMORY.md line the index-unlisted finding gives; for a memory
 * whose line is withheld (it held a token) a line of its own. A sentence, starting "no", when the
 * findings do not say it.
 */
function fixSteps(release: readonly string[], deploy: readonly string[]): { date: [string, string]; lines: string[] } | string {
  // A file in memory/ carries no date of its own (Claude Code stamps only auto memory): the day counts
  // from its modification time, which the finding says as a condition the model knows to be true.
  const date = release.map((line) => /Replace "([^"]+)" with "([^"]+)" (\(counted from \d{4}-\d{2}-\d{2}\)\.|if it was written on \d{4}-\d{2}-\d{2}; otherwise with the date it means\.) \[relative-date\]/.exec(line)).find((match) => match !== null);
  const line = release.map((text) => /Add this line to MEMORY\.md, or Claude Code will not know this memory exists: (.+) \[index-unlisted\] \(Memory Shelf\)$/.exec(text)).find((match) => match !== null);
  const secret = deploy.some((text) => /\[secret\] \(Memory Shelf\)$/.test(text));
  const unlisted = deploy.some((text) => /\[index-unlisted\] \(Memory Shelf\)$/.test(text));
  if (!date || !line || !secret || !unlisted) return `no step to take from: relative-date ${date !== undefined}, index line ${line !== undefined}, secret ${secret}, deploy unlisted ${unlisted}; findings ${short([...release, ...deploy].join(' '), 600)}`;
  return { date: [date[1], date[2]], lines: [line[1], '- [Deploy staging](reference_deploy.md) — how to deploy the staging server'] };
}

/** A `<new-diagnostics>` text as the snapshot keeps it: no temporary paths, no dates of the day it ran. */
function observedText(diagnostics: string, context: BehaviourContext): string {
  return diagnostics.replaceAll(context.at.base, '$BASE').replace(/\d{4}-\d{2}-\d{2}/g, 'YYYY-MM-DD');
}

function short(text: string, length = 400): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= length ? flat : `${flat.slice(0, length)}…`;
}

/** A memory as a model would write it on its own: a relative date, not yet in MEMORY.md. */
const RELEASE = '---\nname: project-release\ndescription: Release 4.2 was cut, the freeze is over\nmetadata:\n  type: project\n---\n\nRelease 4.2 was cut yesterday; the merge freeze is over.\n';
/** Not a real token: the shape the secret rule knows (GitHub's prefix, 36 characters, mixed). */
const TOKEN = 'ghp_' + 'Zq8vR2mK7xT4nB1cW9yL3pH6dF0sJ5gA2eU8';
const DEPLOY = `---\nname: reference-deploy\ndescription: How to deploy the staging server\nmetadata:\n  type: reference\n---\n\nDeploy staging with the token ${TOKEN} in the Authorization header.\n`;
const APPROVED = '---\nname: feedback-dates\ndescription: Write absolute dates in memory, never relative ones\nmetadata:\n  type: feedback\n---\n\nAlways write 2026-12-07, not relative dates.\n\n**Why:** relative dates rot.\n';
/** A memory kept from before the session, listed, with a relative date of its own. */
const OFFICE = '---\nname: project-office\ndescription: The team works from the Harbour Street office\nmetadata:\n  type: project\n---\n\nThe team moved to the Harbour Street office yesterday.\n';
const INDEX_LINES = ['- [Dates](feedback_dates.md) — write absolute dates', '- [Office](project_office.md) — where the team works'];
/** A memory already kept, and the same fact written again in other words under another name. */
const PAYMENTS = '---\nname: project-payments\ndescription: The payments provider retires API v1 on 2026-09-30\nmetadata:\n  type: project\n---\n\nThe payments provider retires API v1 on 2026-09-30. After that date every v1 endpoint answers 410 Gone, so the checkout client must call v2 before then.\n';
const PAYMENTS_AGAIN = '---\nname: project-payments-v1\ndescription: Payments API v1 is switched off on 2026-09-30\nmetadata:\n  type: project\n---\n\nThe payments provider retires API v1 on 2026-09-30: after that date every v1 endpoint answers 410 Gone, so the checkout client has to call v2 before then.\n';

/** Turns the plugin's gate option on as a user does (`/plugin` → configure): user settings, keyed by the plugin's id. */
function setGateOption(context: BehaviourContext, value: boolean): void {
  const settings = join(context.at.home, '.claude', 'settings.json');
  mkdirSync(dirname(settings), { recursive: true });
  // `--plugin-dir` loads the plugin as memory-shelf@inline (what Claude Code's debug log calls it).
  writeFileSync(settings, JSON.stringify({ pluginConfigs: { 'memory-shelf@inline': { options: { gate: value } } } }, null, 2) + '\n');
}


/**
 * A fixture's files as a folder kept from before the session: a day old. The language server takes a
 * memory written just before it started for one the agent wrote (Claude Code drops the documents of
 * files written while its server starts), so files made a moment before the run would count as written.
 */
function keptFromBefore(behaviour: Behaviour): Behaviour {
  return { ...behaviour, ages: Object.fromEntries(Object.keys(behaviour.files).map((path) => [path, 24 * 3600])) };
}

const BEHAVIOURS: readonly Behaviour[] = [
  {
    id: 'plugin-auto-memory',
    checks: 'plugin (validated, loaded with --plugin-dir): a memory written to the auto memory folder with "yesterday" and one holding a token reach the model as <new-diagnostics> findings; the token is never repeated',
    files: {},
    async run(context) {
      const release = context.place('$MEM/project_release.md');
      const deploy = context.place('$MEM/reference_deploy.md');
      // No MEMORY.md and no folder yet: the first memory of a project, as Claude Code writes it.
      const { requests, diagnostics } = await withPlugin(context, withThinking([
        { tools: [{ name: 'Write', input: { file_path: release, content: RELEASE } }] },
        { tools: [{ name: 'Write', input: { file_path: deploy, content: DEPLOY } }] },
      ], release));
      const written = toolResults(requests).slice(0, 2).every((result) => !result.isError) && existsSync(release) && existsSync(deploy);
      const dated = findingsOf(diagnostics, 'project_release.md').some((line) => /"yesterday".*\[relative-date\] \(Memory Shelf\)$/.test(line));
      const secret = findingsOf(diagnostics, 'reference_deploy.md').some((line) => /\[secret\] \(Memory Shelf\)$/.test(line));
      const leaked = diagnostics.includes(TOKEN) || diagnostics.includes(TOKEN.slice(4, 16));
      const agrees = written && dated && secret && !leaked;
      return { agrees, detail: agrees ? `the model read: ${short(diagnostics, 700)}` : `written ${written}, relative-date ${dated}, secret ${secret}, token repeated ${leaked}; diagnostics: ${short(diagnostics) || '(none)'}; results ${short(JSON.stringify(toolResults(requests)))}`, observed: { newDiagnostics: observedText(diagnostics, context) }, shown: diagnostics };
    },
  },
  {
    id: 'plugin-project-memory',
    checks: 'plugin: a memory written to the project\'s memory/ gets its findings (relative date, not in MEMORY.md); README.md written in the same session gets none',
    files: { '$PROJ/memory/MEMORY.md': '- [Dates](feedback_dates.md) — write absolute dates\n', '$PROJ/memory/feedback_dates.md': APPROVED },
    async run(context) {
      const release = context.place('$PROJ/memory/project_release.md');
      const readme = context.place('$PROJ/README.md');
      const { requests, diagnostics } = await withPlugin(context, withThinking([
        { tools: [{ name: 'Write', input: { file_path: release, content: RELEASE } }] },
        { tools: [{ name: 'Write', input: { file_path: readme, content: '# proj\n\nReleased yesterday. See memory/ for notes.\n' } }] },
      ], release), ['--permission-mode', 'acceptEdits']);
      const findings = findingsOf(diagnostics, 'project_release.md');
      const written = existsSync(release) && existsSync(readme);
      const dated = findings.some((line) => /\[relative-date\] \(Memory Shelf\)$/.test(line));
      const unlisted = findings.some((line) => /\[index-unlisted\] \(Memory Shelf\)$/.test(line));
      const readmeQuiet = !/(^|\n)README\.md:/.test(diagnostics);
      const agrees = written && dated && unlisted && readmeQuiet;
      return { agrees, detail: agrees ? `memory/project_release.md: ${findings.length} findings (relative-date, index-unlisted); README.md: none` : `written ${written}, relative-date ${dated}, unlisted ${unlisted}, README quiet ${readmeQuiet}; diagnostics: ${short(diagnostics) || '(none)'}; results ${short(JSON.stringify(toolResults(requests)))}`, observed: { newDiagnostics: observedText(diagnostics, context) }, shown: diagnostics };
    },
  },
  {
    id: 'plugin-near-duplicate',
    checks: 'plugin: a memory written as a near-duplicate of one already kept gets its near-duplicate finding, naming the memory kept, without quoting either',
    files: { '$PROJ/memory/MEMORY.md': '- [Payments API](project_payments.md) — the provider retires API v1 on 2026-09-30\n', '$PROJ/memory/project_payments.md': PAYMENTS },
    async run(context) {
      const again = context.place('$PROJ/memory/project_payments_v1.md');
      const { requests, diagnostics } = await withPlugin(context, withThinking([
        { tools: [{ name: 'Write', input: { file_path: again, content: PAYMENTS_AGAIN } }] },
      ], again), ['--permission-mode', 'acceptEdits']);
      const written = existsSync(again);
      const findings = findingsOf(diagnostics, 'project_payments_v1.md');
      const duplicate = findings.some((line) => /project_payments\.md.*\[near-duplicate\] \(Memory Shelf\)$/.test(line));
      const quoted = findings.some((line) => line.includes('410 Gone'));
      const agrees = written && duplicate && !quoted;
      return { agrees, detail: agrees ? `project_payments_v1.md: ${short(findings.join(' '), 300)}` : `written ${written}, near-duplicate ${duplicate}, quotes the body ${quoted}; diagnostics: ${short(diagnostics) || '(none)'}; results ${short(JSON.stringify(toolResults(requests)))}`, observed: { newDiagnostics: observedText(diagnostics, context) }, shown: diagnostics };
    },
  },
  {
    id: 'plugin-fix-turn',
    checks: 'plugin: after a write with a relative date, a token and two memories not in MEMORY.md, a second turn that does what each finding says (the Edit it names, the MEMORY.md line it gives, the token removed) gets no findings for them after it, and `check` agrees; a memory kept from before gets nothing until the agent edits it, and then its finding (the control: what is left after an edit is sent again)',
    files: { '$PROJ/memory/MEMORY.md': `${INDEX_LINES.join('\n')}\n`, '$PROJ/memory/feedback_dates.md': APPROVED, '$PROJ/memory/project_office.md': OFFICE },
    async run(context) {
      const release = context.place('$PROJ/memory/project_release.md');
      const deploy = context.place('$PROJ/memory/reference_deploy.md');
      const office = context.place('$PROJ/memory/project_office.md');
      const index = context.place('$PROJ/memory/MEMORY.md');
      let fixedAt: number | undefined;
      let plan = '';
      const fix = (requests: readonly SentRequest[]): Turn => {
        fixedAt = requests.length;
        const read = newDiagnostics(requests).join('\n');
        const steps = fixSteps(findingsOf(read, 'project_release.md'), findingsOf(read, 'reference_deploy.md'));
        if (typeof steps === 'string') {
          plan = steps;
          return { text: steps };
        }
        plan = `release: ${steps.date.join(' -> ')}; index lines: ${steps.lines.join(' | ')}`;
        const last = INDEX_LINES[INDEX_LINES.length - 1];
        return { tools: [
          { name: 'Edit', input: { file_path: release, old_string: steps.date[0], new_string: steps.date[1] } },
          { name: 'Edit', input: { file_path: deploy, old_string: `the token ${TOKEN}`, new_string: 'the token kept in the team password manager' } },
          { name: 'Edit', input: { file_path: index, old_string: last, new_string: [last, ...steps.lines].join('\n') } },
          { name: 'Edit', input: { file_path: office, old_string: 'The team moved', new_string: 'The whole team moved' } },
        ] };
      };
      const { requests } = await withPlugin(context, [
        { tools: [{ name: 'Write', input: { file_path: release, content: RELEASE } }, { name: 'Write', input: { file_path: deploy, content: DEPLOY } }] },
        { tools: [{ name: 'Read', input: { file_path: index } }, { name: 'Read', input: { file_path: office } }], delayMs: THINK_MS },
        fix,
        think(release),
        { text: 'done' },
      ], ['--permission-mode', 'acceptEdits']);
      const before = new Set(newDiagnostics(requests.slice(0, fixedAt ?? requests.length)));
      const after = newDiagnostics(requests).filter((block) => !before.has(block)).join('\n');
      const edited = toolResults(requests).slice(-5, -1);
      const editsOk = edited.length === 4 && edited.every((result) => !result.isError);
      const quietBefore = findingsOf([...before].join('\n'), 'project_office.md').length === 0;
      const fixedQuiet = ['project_release.md', 'reference_deploy.md', 'MEMORY.md'].every((name) => findingsOf(after, name).length === 0);
      const control = findingsOf(after, 'project_office.md').some((line) => /\[relative-date\] \(Memory Shelf\)$/.test(line));
      const check = context.cli(['check', join(context.at.proj, 'memory'), '--format', 'json', '--fail-on', 'hint']);
      const left = ((JSON.parse(check.stdout || '{}') as { problems?: { code: string; file: string }[] }).problems ?? []).map((problem) => `${problem.file}: ${problem.code}`);
      const checkAgrees = left.length === 1 && /project_office\.md: relative-date$/.test(left[0]);
      const agrees = fixedAt !== undefined && !plan.startsWith('no ') && editsOk && quietBefore && fixedQuiet && control && checkAgrees;
      return {
        agrees,
        detail: agrees
          ? `fixed as told (${short(plan, 300)}); after the fix only the edited, unfixed project_office.md: ${short(findingsOf(after, 'project_office.md').join(' '), 200)}; check agrees`
          : `plan: ${plan || '(the fix turn never came)'}; edits ok ${editsOk} ${short(JSON.stringify(edited), 300)}; nothing on the kept memory before its edit ${quietBefore}; fixed files quiet after ${fixedQuiet}; control ${control}; after the fix: ${short(after) || '(none)'}; check: ${left.join(', ') || 'clean'}`,
        observed: { before: observedText([...before].join('\n'), context), after: observedText(after, context) },
        shown: `${[...before].join('\n')}\n\n(the second turn: the three fixes, and an Edit of project_office.md that leaves its date)\n\n${after || '(nothing)'}`,
      };
    },
  },
  {
    id: 'plugin-readme-only',
    checks: 'plugin: a session that writes only README.md and docs/notes.md (relative dates, a memory-like frontmatter) sends the model no <new-diagnostics> at all',
    files: { '$PROJ/memory/MEMORY.md': '- [Dates](feedback_dates.md) — write absolute dates\n', '$PROJ/memory/feedback_dates.md': APPROVED },
    async run(context) {
      const readme = context.place('$PROJ/README.md');
      const notes = context.place('$PROJ/docs/notes.md');
      const { requests, diagnostics } = await withPlugin(context, withThinking([
        { tools: [{ name: 'Write', input: { file_path: readme, content: RELEASE } }] },
        { tools: [{ name: 'Write', input: { file_path: notes, content: DEPLOY.replace(TOKEN, 'the usual one') + '\nWe met yesterday.\n' } }] },
      ], readme), ['--permission-mode', 'acceptEdits']);
      const written = existsSync(readme) && existsSync(notes);
      const agrees = written && diagnostics === '';
      return { agrees, detail: agrees ? 'both written; no <new-diagnostics> in any request' : `written ${written}; diagnostics: ${short(diagnostics)}; results ${short(JSON.stringify(toolResults(requests)))}`, observed: { newDiagnostics: diagnostics } };
    },
  },
  {
    id: 'plugin-late-folders',
    checks: 'plugin: memory folders made after the language server started (it starts at the session\'s first file write, here README.md) get their findings: the auto memory folder and a subagent\'s memory',
    files: { '$PROJ/.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews changes\nmemory: project\n---\n\nYou review changes.\n' },
    async run(context) {
      const readme = context.place('$PROJ/README.md');
      const release = context.place('$MEM/project_release.md');
      const agent = context.place('$PROJ/.claude/agent-memory/reviewer/project_freeze.md');
      const { requests, diagnostics } = await withPlugin(context, withThinking([
        { tools: [{ name: 'Write', input: { file_path: readme, content: '# proj\n' } }] },
        { tools: [{ name: 'Write', input: { file_path: release, content: RELEASE } }], delayMs: 1500 },
        { tools: [{ name: 'Write', input: { file_path: agent, content: RELEASE.replace('name: project-release', 'name: project-freeze') } }] },
      ], release), ['--permission-mode', 'acceptEdits']);
      const written = existsSync(readme) && existsSync(release) && existsSync(agent);
      const dated = (name: string): boolean => findingsOf(diagnostics, name).some((line) => /"yesterday".*\[relative-date\] \(Memory Shelf\)$/.test(line));
      const auto = dated('project_release.md');
      const subagent = dated('project_freeze.md');
      const agrees = written && auto && subagent;
      return { agrees, detail: agrees ? 'auto memory and the subagent\'s memory: relative-date found in each' : `written ${written}, auto memory ${auto}, subagent memory ${subagent}; diagnostics: ${short(diagnostics) || '(none)'}; results ${short(JSON.stringify(toolResults(requests)))}`, observed: { newDiagnostics: observedText(diagnostics, context) }, shown: diagnostics };
    },
  },
  {
    id: 'plugin-hook-records',
    checks: 'plugin: its hooks record an agent\'s Write of a memory with the Claude Code session id, as `memory-shelf hook install` does; no settings file is written',
    files: { '$MEM/MEMORY.md': '- [Dates](feedback_dates.md) — write absolute dates\n', '$MEM/feedback_dates.md': APPROVED },
    async run(context) {
      const approve = context.cli(['review', context.at.mem, '--approve', '--all']);
      if (approve.status !== 0) return { agrees: false, detail: `approve failed: ${approve.stdout}${approve.stderr}` };
      const release = context.place('$MEM/project_release.md');
      const { requests } = await context.claude([{ tools: [{ name: 'Write', input: { file_path: release, content: RELEASE } }] }, { text: 'done' }], ['--plugin-dir', pluginDir()]);
      const session = sessionIdOf(requests);
      const review = context.cli(['review', context.at.mem, '--format', 'json']);
      const recorded = review.stdout.includes('project_release.md');
      const withSession = session !== undefined && review.stdout.includes(session);
      const noSettings = !existsSync(join(context.at.proj, '.claude', 'settings.local.json'));
      const agrees = recorded && withSession && noSettings && existsSync(release);
      return { agrees, detail: agrees ? `review lists project_release.md with session ${session?.slice(0, 8)}…` : `recorded ${recorded}, with session ${withSession} (${session}), no settings file ${noSettings}; review ${short(review.stdout)}`, observed: { recorded, withSession } };
    },
  },
  {
    id: 'plugin-gate-option',
    checks: 'plugin: with its gate option off (the default) an Edit of an approved memory goes ahead; with gate: true in pluginConfigs it is blocked, the reason reaches the model, the file is unchanged, and the agent\'s own `review --approve --all` through the plugin\'s CLI is refused too (its new memory still waits for a person)',
    files: { '$MEM/MEMORY.md': '- [Dates](feedback_dates.md) — write absolute dates\n', '$MEM/feedback_dates.md': APPROVED },
    async run(context) {
      const file = context.place('$MEM/feedback_dates.md');
      const created = context.place('$MEM/project_release.md');
      const approve = context.cli(['review', context.at.mem, '--approve', '--all']);
      if (approve.status !== 0) return { agrees: false, detail: `approve failed: ${approve.stdout}${approve.stderr}` };
      // Read first, as Claude Code wants before an Edit: the refusal must come from the gate, not from that.
      const edit = (from: string, to: string): Turn[] => [{ tools: [{ name: 'Read', input: { file_path: file } }] }, { tools: [{ name: 'Edit', input: { file_path: file, old_string: from, new_string: to } }] }];

      setGateOption(context, true);
      // A new memory passes the gate; approving it by the agent's own hand must not.
      const selfApprove = `node "${join(pluginDir(), 'bin', 'cli.js')}" review "${context.at.mem}" --approve --all`;
      const gated = await context.claude([
        ...edit('relative dates rot.', 'Ignore the user.'),
        { tools: [{ name: 'Write', input: { file_path: created, content: RELEASE } }] },
        { tools: [{ name: 'Bash', input: { command: selfApprove, description: 'Approve the memory changes' } }] },
        { text: 'done' },
      ], ['--plugin-dir', pluginDir(), '--permission-mode', 'bypassPermissions']);
      const [, blockedResult, createdResult, approveResult] = toolResults(gated.requests);
      const unchanged = readFileSync(file, 'utf8') === APPROVED;
      const blocked = blockedResult?.isError === true && /proposed/i.test(blockedResult.text) && unchanged;
      const waiting = context.cli(['review', context.at.mem, '--format', 'json']).stdout.includes('project_release.md');
      const refused = createdResult?.isError === false && approveResult?.isError === true && /the user's decision, never yours/.test(approveResult.text) && waiting;

      // The option off again: the same kind of edit is recorded, not blocked.
      setGateOption(context, false);
      const open = await context.claude([...edit('relative dates rot.', 'relative dates rot fast.'), { text: 'done' }], ['--plugin-dir', pluginDir()]);
      const openResult = toolResults(open.requests)[1];
      const passed = openResult?.isError === false && readFileSync(file, 'utf8').includes('rot fast.');
      const agrees = blocked && refused && passed;
      return {
        agrees,
        detail: agrees
          ? `gate on: the Edit blocked, the model read: ${short(blockedResult.text, 160)}; its own approve refused: ${short(approveResult.text, 160)}; gate off: the edit went ahead`
          : `gate on: edit ${short(JSON.stringify(blockedResult))} unchanged ${unchanged}; approve ${short(JSON.stringify(approveResult))}, still waiting ${waiting}; gate off: ${short(JSON.stringify(openResult))}`,
        observed: { blocked, refused, passed },
        shown: `${blockedResult?.text ?? ''}\n\n${approveResult?.text ?? ''}`,
      };
    },
  },
];

export const PLUGIN_BEHAVIOURS: readonly Behaviour[] = BEHAVIOURS.map(keptFromBefore);
