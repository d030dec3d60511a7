// The session preview as a person sees it: opens a folder with a CLAUDE.md, an import, a conditional
// rule and an auto memory index past its 200 lines, runs "Preview Session Start" from the palette, checks
// the totals row and the struck-through cut, and saves test-results/session-preview.png to look at.
// Run alone: node scripts/vscode/sessionPreviewShot.mjs (exit 1 on a failed check).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { poll, quickPick } from './poll.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const sanitize = (path) => path.replace(/[^a-zA-Z0-9]/g, '-');

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

await setup();
const server = await startCodeServer({ settings: { 'workbench.colorTheme': 'Default Light Modern', 'workbench.reduceMotion': 'on' } });
let failed = 0;
const check = (what, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : ` (${detail})`}`);
  if (!ok) failed++;
};
let browser;
try {
  const workspace = join(server.dir, 'lab');
  write(join(workspace, 'CLAUDE.md'), '# 실험실 프로젝트\n\nビルドは `make`。See @docs/setup.md\n<!-- 사람만 보는 메모 -->\n');
  write(join(workspace, 'docs', 'setup.md'), 'Install the toolchain first.\n');
  write(join(workspace, '.claude', 'rules', 'python.md'), '---\npaths:\n  - "src/**/*.py"\n---\nType hints everywhere.\n');
  const lines = Array.from({ length: 205 }, (_, i) => `- [메모 ${i + 1}](note_${i + 1}.md) — 実験ノート ${i + 1}`);
  write(join(server.env.HOME, '.claude', 'projects', sanitize(workspace), 'memory', 'MEMORY.md'), lines.join('\n') + '\n');
  browser = await launchChromium(server.env);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT }));
  await page.locator('.activitybar a[aria-label^="Memory Shelf"]').waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForTimeout(1500);
  await quickPick(page, 'F1', 'Preview Session Start');
  const shown = await poll(async () => {
    const text = (await page.locator('.editor-instance .view-lines').first().innerText().catch(() => '')).replace(/\u00a0/g, ' ');
    return { done: text.includes('Loaded at start'), text };
  }, 30_000);
  const text = shown.text;
  check('the preview opens with its totals first', shown.done, text.slice(0, 200));
  check('it counts three files loaded at start (CLAUDE.md, its import, the index up to its cut)', /\| Loaded at start \| 3 \|/.test(text), text.slice(0, 400));
  check('it totals the five index lines past the 200-line cut', /\| Cut by a limit \(not loaded\) \| 1 \| \d+ \| 5 \|/.test(text), text.slice(0, 400));
  await page.mouse.move(1270, 890);
  await page.waitForTimeout(500);
  const file = join(REPO_ROOT, 'test-results', 'session-preview.png');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await page.screenshot());
  // The end of the document: the cut lines, struck through.
  await page.keyboard.press('Control+End');
  await page.waitForTimeout(500);
  const end = (await page.locator('.editor-instance .view-lines').first().innerText().catch(() => '')).replace(/\u00a0/g, ' ');
  check('the cut lines are struck through', /> ~~- \[메모 205\]\(note_205\.md\) — 実験ノート 205~~/.test(end), end.slice(-300));
  writeFileSync(join(REPO_ROOT, 'test-results', 'session-preview-cut.png'), await page.screenshot());
} catch (error) {
  check('the session preview check ran to the end', false, error?.message ?? String(error));
} finally {
  await browser?.close().catch(() => {});
  await server.stop();
}
process.exitCode = failed > 0 ? 1 : 0;
