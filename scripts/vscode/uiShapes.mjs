// Looks at the sidebar on the memory shapes of current Claude Code: a team/ indexed from the private
// MEMORY.md (memory/, a Team group), a folder of durable lessons (lessons/memory/, Pinned and Lessons)
// and a subagent's project memory (.claude/agent-memory/code-reviewer/), from the fixtures. Prints the
// rows, checks the groups, and saves test-results/shapes-sidebar.png for a person to look at.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { REPO_ROOT, setup } from './setup.mjs';
import { checkList, openShelf, widenSidebar } from './poll.mjs';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures');

export async function uiShapes({ timeoutMs = 3 * 60_000 } = {}) {
  await setup();
  const { check, tally } = checkList();
  const server = await startCodeServer({ settings: { 'workbench.colorTheme': 'Default Light Modern', 'workbench.reduceMotion': 'on' } });
  let browser;
  const guard = setTimeout(() => browser?.close(), timeoutMs);
  try {
    const workspace = join(server.dir, 'project');
    mkdirSync(workspace);
    cpSync(join(FIXTURES, 'shapes', 'ko-team-combined'), join(workspace, 'memory'), { recursive: true });
    cpSync(join(FIXTURES, 'shapes', 'ko-durable-lessons'), join(workspace, 'lessons', 'memory'), { recursive: true });
    cpSync(join(FIXTURES, 'subagents', 'repo', '.claude'), join(workspace, '.claude'), { recursive: true });
    for (const dir of ['memory', join('lessons', 'memory')]) rmSync(join(workspace, dir, 'expected.json'));

    browser = await launchChromium(server.env);
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT }));
    // Several roots: only the first starts open; each is opened as a person would to see its groups.
    const wanted = ['Team', 'Pinned', 'Lessons', 'Subagent code-reviewer (project)', 'Subagent old-agent (project)'];
    const state = await openShelf(page, { ready: (rows) => wanted.every((label) => rows.some((row) => row.label === label)), openRoots: true });
    console.log(state.rows.map((r) => `  ${'  '.repeat(r.depth - 1)}${r.label}${r.description ? `  — ${r.description}` : ''}`).join('\n'));
    const row = (label) => state.rows.find((candidate) => candidate.label === label);
    check('memory/ shows its team/ memories as a Team group of 2', row('Team')?.description === '2', row('Team')?.description);
    check('lessons/memory shows Pinned 2 and Lessons 1', row('Pinned')?.description === '2' && row('Lessons')?.description === '1');
    check('the code-reviewer subagent\'s memory says it loads', row('Subagent code-reviewer (project)')?.description === 'code-reviewer subagent · its first 200 lines of MEMORY.md load');
    check('a folder no definition asks for says it is not loaded', row('Subagent old-agent (project)')?.description === 'not loaded: no agent definition asks for memory: project');
    await widenSidebar(page, 330);
    await page.mouse.move(900, 800);
    await page.waitForTimeout(800);
    mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'test-results', 'shapes-sidebar.png'), await page.screenshot());
    console.log('[uiShapes] screenshot: test-results/shapes-sidebar.png');
  } finally {
    clearTimeout(guard);
    await browser?.close().catch(() => {});
    await server.stop?.();
  }
  return tally();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uiShapes().then(
    ({ passed, failed }) => { console.log(`${passed} passed, ${failed} failed`); process.exit(failed > 0 ? 1 : 0); },
    (err) => { console.error(`[uiShapes] ERROR: ${err?.stack ?? err}`); process.exit(1); },
  );
}
