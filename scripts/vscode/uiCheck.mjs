// Looks at the sidebar as a person would: opens a workspace holding a copy of examples/memory with the
// extension loaded, clicks the Memory Shelf activity-bar entry, reads the tree rows, and saves a
// screenshot (test-results/sidebar.png; with UPDATE_SCREENSHOTS=1 also docs/images/, the README's picture)
// for a person to look at; then opens the Reservations group's entries (test-results/reservations.png). Then opens an empty folder and checks the welcome view offers to create memory/.
// Each check counts as a test. Usable as a module and as a script (exit code 1 on any failure).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import YAML from 'yaml';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { memoryEditorCheck } from './memoryEditorCheck.mjs';
import { startCodeServer } from './codeServer.mjs';
import { indexLensCheck } from './uiIndexLens.mjs';
import { everydayCheck } from './uiEveryday.mjs';
import { poisonCheck } from './uiPoison.mjs';
import { curationCheck } from './uiCuration.mjs';
import { REPO_ROOT, setup } from './setup.mjs';
import { checkList, openShelf, poll, shelfRows, widenSidebar } from './poll.mjs';

const EXAMPLES = join(REPO_ROOT, 'examples', 'memory');
const STANDUP_MEMORY = `---
name: feedback-standup-time
description: The lab standup moved to 10:00; the change was announced yesterday.
metadata:
  type: feedback
  modified: 2026-07-30T07:40:18.191Z
---
From next week the standup starts at 10:00 in room 301.

**Why:** the 09:00 slot clashed with the circuits lecture.
**How to apply:** schedule nothing before 10:30 on weekdays.
`;

// The committed picture changes only when asked: a few pixels of the icon differ between runs.
const UPDATE_DOCS = process.env.UPDATE_SCREENSHOTS === '1';
const screenshotPaths = (name) => [join(REPO_ROOT, 'test-results', name), ...(UPDATE_DOCS ? [join(REPO_ROOT, 'docs', 'images', name)] : [])];
const ENTRY = '.activitybar a[aria-label^="Memory Shelf"]';
// Visible rows only: the Explorer's tree stays in the DOM, hidden, after switching containers.
const ROWS = '.part.sidebar .pane-body .monaco-list-row:visible';

/** How many memories of each type a folder holds (top-level `type` or `metadata.type`): the groups to expect. */
function typeCounts(dir) {
  const types = new Map();
  for (const name of readdirSync(dir, { recursive: true })) {
    if (!String(name).endsWith('.md') || String(name).endsWith('MEMORY.md')) continue;
    const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(join(dir, name), 'utf8'));
    try {
      const fm = match ? YAML.parse(match[1]) : undefined;
      const type = fm?.type ?? fm?.metadata?.type;
      if (typeof type === 'string') types.set(type, (types.get(type) ?? 0) + 1);
    } catch { /* a broken frontmatter is the tree's business, not an expected label */ }
  }
  return types;
}

/** Names `[[linked]]` in a folder's memories that no memory has yet (by name or file stem, case and _/- folded), with how many memories reserve each. */
function reservations(dir) {
  const fold = (name) => name.trim().toLowerCase().replace(/_/g, '-');
  const known = new Set();
  const links = new Map();
  for (const name of readdirSync(dir, { recursive: true })) {
    if (!String(name).endsWith('.md') || String(name).endsWith('MEMORY.md')) continue;
    const text = readFileSync(join(dir, name), 'utf8');
    known.add(fold(String(name).split('/').pop().slice(0, -3)));
    const own = /^\uFEFF?---\r?\n[\s\S]*?^name:\s*(.+?)\s*$/m.exec(text);
    if (own) known.add(fold(own[1]));
    for (const match of text.matchAll(/\[\[([^[\]\r\n|#]+)(?:[|#][^[\]\r\n]*)?\]\]/g)) {
      const target = match[1].trim();
      if (!links.has(fold(target))) links.set(fold(target), { name: target, files: new Set() });
      links.get(fold(target)).files.add(String(name));
    }
  }
  return [...links].filter(([key]) => !known.has(key)).map(([, { name, files }]) => ({ name, count: files.size }));
}

export async function uiCheck({ timeoutMs = 5 * 60_000 } = {}) {
  await setup();
  const { check, tally } = checkList();

  const server = await startCodeServer({ settings: { 'workbench.colorTheme': 'Default Light Modern', 'workbench.reduceMotion': 'on' } });
  let browser;
  const guard = setTimeout(() => { console.error(`[uiCheck] timed out after ${timeoutMs / 1000} s`); browser?.close(); }, timeoutMs);
  try {
    // MEMORY_SHELF_UI=curation (or index-lens) runs one part alone, while working on it.
    if (process.env.MEMORY_SHELF_UI === 'curation') {
      browser = await launchChromium(server.env);
      await curationCheck({ browser, server, check, save, workspace: join(server.dir, 'curation-project') });
      return tally();
    }
    // Same layout as a project with a committed memory/ folder.
    const workspace = join(server.dir, 'project');
    mkdirSync(workspace);
    if (existsSync(EXAMPLES)) cpSync(EXAMPLES, join(workspace, 'memory'), { recursive: true });
    const counts = existsSync(EXAMPLES) ? typeCounts(EXAMPLES) : new Map();
    const expected = [...counts.keys()].sort();

    browser = await launchChromium(server.env);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT }));

    // The entry appears once the extension host has registered the contribution.
    const entry = page.locator(ENTRY);
    const found = await entry.waitFor({ state: 'visible', timeout: 60_000 }).then(() => true, () => false);
    if (!check('activity bar has a "Memory Shelf" entry', found)) return tally();

    // Clicking an already-open container closes it: click until the view's pane is shown.
    const opened = await poll(async () => {
      const expanded = await entry.getAttribute('aria-expanded').catch(() => null);
      const visible = await page.locator('.part.sidebar .pane-body').first().isVisible().catch(() => false);
      const title = await page.locator('.part.sidebar .composite.title').innerText().catch(() => '');
      const done = visible && /memory shelf/i.test(title);
      if (!done && expanded !== 'true') await entry.click().catch(() => {});
      return { done, title };
    }, 30_000, 500);
    check('clicking it opens the Memory Shelf side bar', opened.done, opened.title.trim());
    // Asked in the view, at the top of the root it is about (not in a notification at start-up), about
    // the files already there: answered Yes on its row, as most people will.
    const asked = await poll(async () => ({ done: (await shelfRows(page)).some((row) => /already here as reviewed\?$/.test(row.label)) }), 30_000);
    check('the first-run question is asked in the view, at the top of the root', asked.done);
    await openShelf(page, { ready: (rows) => !rows.some((row) => /already here as reviewed\?$/.test(row.label)), timeoutMs: 20_000 });

    // Wait until the tree shows every expected group (it loads roots in the background), or time out.
    const read = () => page.locator(ROWS).evaluateAll((rows) => rows.map((row) => ({
      depth: Number(row.getAttribute('aria-level') ?? 1),
      label: row.querySelector('.label-name')?.textContent?.trim() ?? row.textContent?.trim() ?? '',
      description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
    })));
    const state = await poll(async () => {
      const rows = await read();
      const missing = expected.filter((type) => !rows.some((row) => row.label.toLowerCase() === type.toLowerCase()));
      return { done: rows.length > 0 && missing.length === 0, rows, missing };
    }, 60_000);
    const shown = state.rows.map((r) => `  ${'  '.repeat(r.depth - 1)}${r.label}${r.description ? `  — ${r.description}` : ''}`);
    console.log(`[uiCheck] ${state.rows.length} tree rows:\n${shown.join('\n')}`);
    check('the tree shows rows', state.rows.length > 0, `${state.rows.length} rows`);
    for (const type of expected) {
      const group = state.rows.find((row) => row.label.toLowerCase() === type.toLowerCase());
      check(`the tree has a "${type}" group counting ${counts.get(type)}`, group?.description === String(counts.get(type)), group ? `shows ${group.description}` : 'missing');
    }

    // A wider side bar so descriptions are readable in the picture (best effort: drag its sash).
    await widenSidebar(page, 280);
    // No hover tooltip over the tree, and no half-finished hover fade: the picture is committed, so
    // take it once two consecutive shots agree (keeps docs/images/sidebar.png stable between runs).
    await page.mouse.move(800, 700);
    await page.locator('.monaco-hover:visible, .custom-hover:visible').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
    let shot = await page.screenshot();
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(250);
      const next = await page.screenshot();
      if (next.equals(shot)) break;
      shot = next;
    }
    save('sidebar.png', shot);

    // The Reservations group, last in the root: each reserved name, opened to show who reserves it.
    const reserved = existsSync(EXAMPLES) ? reservations(EXAMPLES) : [];
    const groupRow = state.rows.find((row) => row.label === 'Reservations');
    check(`the tree ends with a "Reservations" group counting ${reserved.length}`, reserved.length === 0 ? !groupRow : groupRow?.description === String(reserved.length) && state.rows.at(-1 - reserved.length) === groupRow,
      groupRow ? `shows ${groupRow.description}` : 'missing');
    for (const { name, count } of reserved) {
      const row = page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: name }) }).first();
      // The twistie, not the label: a click on the label creates the memory.
      if ((await row.getAttribute('aria-expanded').catch(() => null)) === 'false') await row.locator('.monaco-tl-twistie').click().catch(() => {});
      const opened = await poll(async () => {
        const rows = await read();
        const at = rows.findIndex((candidate) => candidate.label === name);
        const children = at < 0 ? [] : rows.slice(at + 1).filter((candidate, i, all) => all.slice(0, i + 1).every((r) => r.depth > rows[at].depth));
        return { done: children.length === count, row: rows[at], children };
      }, 10_000);
      check(`reservation "${name}" says it is reserved by ${count} and lists them`, opened.done && opened.row?.description === (count === 1 ? 'reserved by 1 memory' : `reserved by ${count} memories`),
        `${opened.row?.description ?? 'missing'}; ${opened.children.map((child) => child.label).join(', ')}`);
    }
    await page.mouse.move(800, 700);
    await page.locator('.monaco-hover:visible, .custom-hover:visible').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(300);
    save('reservations.png', await page.screenshot());

    // The editor: a memory an agent just wrote with a relative date, as the user opens it from the tree.
    writeFileSync(join(workspace, 'memory', 'feedback_standup_time.md'), STANDUP_MEMORY);
    // Its name only repeats its file name and its description is too long for a title: the row reads its
    // topic ("Standup time") with the description beside it.
    const standupRow = page.locator(ROWS).filter({ hasText: 'The lab standup moved to 10:00' });
    const rowShown = await standupRow.first().waitFor({ state: 'visible', timeout: 30_000 }).then(() => true, () => false);
    check('a memory written on disk appears in the tree', rowShown);
    // The tree is still settling (the To review group appears for the new file), so a click can land on a
    // row that moved under the pointer: click until the memory's tab is the active one, then wait for the
    // squiggle there. Waiting on what is looked for, never on a fixed time, keeps the check from flaking.
    const standupTab = page.locator('.tabs-container .tab.active[aria-label*="feedback_standup_time.md"]');
    const standupOpened = await poll(async () => {
      if (await standupTab.count() > 0) return { done: true };
      await standupRow.first().click().catch(() => {});
      return { done: await standupTab.waitFor({ state: 'attached', timeout: 2_000 }).then(() => true, () => false) };
    }, 30_000, 0);
    check('clicking the memory in the tree opens it', standupOpened.done);
    const squiggle = page.locator('.monaco-editor .squiggly-warning');
    const flagged = await squiggle.first().waitFor({ state: 'attached', timeout: 45_000 }).then(() => true, () => false);
    check('the editor underlines the relative date', flagged);
    await page.keyboard.press('Control+Shift+M').catch(() => {});
    const problems = page.locator('.markers-panel .monaco-list-row');
    const listed = await poll(async () => {
      const rows = await problems.evaluateAll((all) => all.map((row) => row.textContent ?? '')).catch(() => []);
      return { done: rows.some((text) => text.includes('relative-date')), rows };
    }, 20_000);
    check('the Problems panel lists it with its code', listed.done, listed.rows.join(' | ').slice(0, 300));
    await page.mouse.move(800, 300);
    await page.waitForTimeout(300);
    save('editor.png', await page.screenshot());

    // The memory the agent just wrote waits under "To review", counted, at the end of its root.
    const review = await poll(async () => {
      const rows = await read();
      const group = rows.find((row) => row.label === 'To review');
      return { done: group?.description === '1' && rows.some((row) => row.label === 'Standup time' && /^new/.test(row.description ?? '')), group };
    }, 20_000);
    check('the tree has a "To review" group counting the memory written on disk', review.done, review.group ? `shows ${review.group.description}` : 'missing');
    await page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: 'To review' }) }).first().scrollIntoViewIfNeeded().catch(() => {});
    await page.mouse.move(800, 700);
    await page.waitForTimeout(300);
    save('to-review.png', await page.screenshot());
    await everydayCheck({ page, workspace, check, save });
    await poisonCheck({ page, workspace, check, save });
    await page.close();

    await memoryEditorCheck({ browser, server, workspace, check, save, workbenchUrl, extensionPath: REPO_ROOT });
    await indexLensCheck({ browser, server, check, save, workspace: join(server.dir, 'lab-project') });
    await curationCheck({ browser, server, check, save, workspace: join(server.dir, 'curation-project') });

    // An empty folder: no memory root anywhere (HOME is the run's temp folder), so the welcome view.
    const empty = join(server.dir, 'empty-project');
    mkdirSync(empty);
    const welcomePage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await welcomePage.goto(workbenchUrl(server, { folder: empty, extensionDevelopmentPath: REPO_ROOT }));
    const welcomeEntry = welcomePage.locator(ENTRY);
    await welcomeEntry.waitFor({ state: 'visible', timeout: 60_000 });
    const button = welcomePage.locator('.part.sidebar .welcome-view-content a.monaco-button, .part.sidebar .welcome-view-content .monaco-button');
    const welcome = await poll(async () => {
      const visible = await button.first().isVisible().catch(() => false);
      if (!visible && (await welcomeEntry.getAttribute('aria-expanded').catch(() => null)) !== 'true') await welcomeEntry.click().catch(() => {});
      return { done: visible, text: visible ? await button.first().innerText() : '' };
    }, 30_000, 500);
    check('an empty folder shows the welcome view with a button to create memory/', welcome.done && /Create memory\//.test(welcome.text), welcome.text);
    await welcomePage.mouse.move(800, 700);
    save('welcome.png', await welcomePage.screenshot());
    return tally();
  } catch (err) {
    check('UI check ran to the end', false, err?.message ?? String(err));
    return tally();
  } finally {
    clearTimeout(guard);
    await browser?.close().catch(() => {});
    await server.stop();
  }
}

function save(name, png) {
  for (const file of screenshotPaths(name)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, png);
  }
  console.log(`[uiCheck] screenshot: ${screenshotPaths(name).map((f) => f.slice(REPO_ROOT.length + 1)).join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uiCheck().then(
    ({ passed, failed }) => { console.log(`${passed} passed, ${failed} failed`); process.exit(failed > 0 ? 1 : 0); },
    (err) => { console.error(`[uiCheck] ERROR: ${err?.stack ?? err}`); process.exit(1); },
  );
}
