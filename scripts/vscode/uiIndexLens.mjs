// The UI check's look at MEMORY.md: a lab's index past Claude Code's 200 lines, opened in the editor.
// Checks the budget lens on line 1, the entry lenses, the status-bar budget, and the marker where
// loading stops; screenshots the top (index-lens.png) and the cut (index-cut.png).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workbenchUrl } from './browser.mjs';
import { REPO_ROOT } from './setup.mjs';
import { poll } from './poll.mjs';

const LAB = join(REPO_ROOT, 'test', 'fixtures', 'workspace', 'index-lens', 'lab-memory');
const LENS = '.monaco-editor .codelens-decoration';

/** The lens fixture's memories, its index followed by a bench log long enough to pass 200 lines. */
function writeLongLab(dir) {
  mkdirSync(dir, { recursive: true });
  cpSync(LAB, dir, { recursive: true });
  const lines = ['', '## Bench runs (oldest first)'];
  for (let n = 1; n <= 190; n++) {
    const id = String(n).padStart(3, '0');
    const date = `2026-${String(3 + Math.floor((n - 1) / 28)).padStart(2, '0')}-${String(((n - 1) % 28) + 1).padStart(2, '0')}`;
    const description = `${date}: gain at ${20 + (n % 7)} °C, 0.${n % 10} dB off.`;
    writeFileSync(join(dir, `project_bench_run_${id}.md`), `---\nname: bench-run-${id}\ndescription: "${description}"\nmetadata:\n  type: project\n---\nRaw data: /lab/2026/raw/${date}_amp_${id}.csv\n`);
    lines.push(`- [Bench run ${n}](project_bench_run_${id}.md) — ${description}`);
  }
  const text = readFileSync(join(LAB, 'MEMORY.md'), 'utf8') + lines.join('\n') + '\n';
  writeFileSync(join(dir, 'MEMORY.md'), text);
  // What Claude Code counts: the trimmed text's lines and UTF-16 length.
  const trimmed = text.trim();
  return { lines: trimmed.split('\n').length, percent: Math.round(Math.max(trimmed.split('\n').length / 200, trimmed.length / 25_000) * 100) };
}

export async function indexLensCheck({ browser, server, check, save, workspace }) {
  const expected = writeLongLab(join(workspace, 'memory'));
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT }));
    await page.locator('.activitybar').waitFor({ state: 'visible', timeout: 60_000 });
    // The status-bar budget, clicked as a person would to open the index.
    const statusItem = page.locator('.statusbar-item').filter({ hasText: 'MEMORY.md' }).first();
    const opened = await poll(async () => {
      if (await statusItem.isVisible().catch(() => false)) await statusItem.click().catch(() => {});
      const tab = await page.locator('.tabs-container .tab.active').innerText().catch(() => '');
      return { done: /MEMORY\.md/.test(tab), tab };
    }, 60_000, 1000);
    check('MEMORY.md opens in the editor', opened.done, opened.tab ?? '');

    const lenses = await poll(async () => {
      const titles = await page.locator(LENS).evaluateAll((all) => all.map((lens) => lens.textContent ?? '')).catch(() => []);
      return { done: titles.some((title) => /lines · .* characters (load|· not loaded) at session start/.test(title)) && titles.some((title) => /backlink/.test(title)), titles };
    }, 30_000);
    const budget = lenses.titles.find((title) => /loaded? at session start/.test(title)) ?? '';
    // The workspace's memory/ is imported by no CLAUDE.md: the lens says so, and where the limit would cut it.
    check('the first line shows the load budget, that nothing loads this index, and where the limit falls', new RegExp(`${expected.lines} / 200 lines · .* · not loaded at session start · past the limit from line 201`).test(budget.trim()), budget);
    check('entries show their type, backlinks, Edit and problem lenses',
      ['feedback · 1 backlink', 'Edit', 'hook differs from the description: 09:00 → 10:00 — update hook', 'file missing — create', 'listed twice (line 7) — remove'].every((want) => lenses.titles.some((title) => title.includes(want))),
      lenses.titles.slice(0, 12).join(' | '));
    const status = await statusItem.innerText().catch(() => '');
    // Nothing loads it: the status bar says so rather than a share of a limit that does not apply (issue #40).
    const statusClass = await statusItem.getAttribute('class').catch(() => '');
    check('the status bar says the index is not loaded, in its plain colour', status.includes('MEMORY.md not loaded') && !/error|warning/.test(statusClass ?? ''), `${status} [${statusClass}]`);
    // The editor alone, wide: the Explorer would only list the bench runs.
    await page.keyboard.press('Control+B');
    await page.mouse.move(640, 780);
    await page.waitForTimeout(500);
    save('index-lens.png', await page.screenshot());

    // Go to the cut: Ctrl+G, then the line.
    await page.keyboard.press('Control+G');
    await page.keyboard.type('199');
    await page.keyboard.press('Enter');
    const marker = await poll(async () => {
      const texts = await page.evaluate(() => [...document.querySelectorAll('.monaco-editor .view-lines span')]
        .map((span) => span.ownerDocument.defaultView.getComputedStyle(span, '::after').content)
        .filter((content) => content && content !== 'none' && content !== 'normal'));
      return { done: texts.some((text) => text.includes('an auto memory index would stop here')), texts };
    }, 20_000);
    check('the line where an auto memory limit would stop carries its marker, not a "not loaded from here on" cut', marker.done && !marker.texts.some((text) => text.includes('not loaded from here on')), marker.texts.slice(0, 3).join(' | '));
    await page.mouse.move(640, 780);
    await page.waitForTimeout(500);
    save('index-cut.png', await page.screenshot());
  } finally {
    await page.close();
  }
}
