// UI check of everyday use in the real workbench: a memory's context menu, and New Memory from the
// view's title bar through its three questions to the file on disk, each screenshotted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { poll } from './poll.mjs';

const ROWS = '.part.sidebar .pane-body .monaco-list-row:visible';
const MENU_ITEMS = '.context-view .monaco-menu .action-item .action-label';
const QUICK_INPUT = '.quick-input-widget';

export async function everydayCheck({ page, workspace, check, save }) {
  // The context menu of a memory, opened with the right mouse button as a person does.
  const row = page.locator(ROWS).filter({ hasText: 'Small, single-purpose PRs' }).first();
  const rowShown = await row.waitFor({ state: 'visible', timeout: 20_000 }).then(() => true, () => false);
  if (!check('the "Small, single-purpose PRs" memory is shown by its index title', rowShown)) return;
  await row.click({ button: 'right' });
  const menu = await poll(async () => {
    const labels = await page.locator(MENU_ITEMS).evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? item.textContent?.trim() ?? '')).catch(() => []);
    return { done: labels.includes('Delete Memory…'), labels };
  }, 10_000);
  const wanted = ['Open to the Side', 'Reveal in Explorer View', 'Copy Name', 'Copy [[Link]]', 'Rename Memory…', 'Change Type…', 'Show Backlinks', 'Delete Memory…'];
  const missing = wanted.filter((label) => !menu.labels.some((shown) => shown.startsWith(label)));
  check('a memory\'s context menu offers open, reveal, copy, rename, retype, backlinks and delete', missing.length === 0, missing.length ? `missing ${missing.join(', ')}; shown ${menu.labels.join(' | ')}` : menu.labels.join(' | '));
  await page.waitForTimeout(300);
  save('context-menu.png', await page.screenshot());
  await page.keyboard.press('Escape');

  // New Memory from the view's title bar: type, name (checked as it is typed), description.
  const plus = page.locator('.part.sidebar .title-actions .action-label[aria-label^="New Memory"], .part.sidebar .actions-container .action-label[aria-label^="New Memory"]').first();
  const plusShown = await plus.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
  if (!check('the view\'s title bar has a New Memory button', plusShown)) return;
  await plus.click();
  const typePick = await page.locator(`${QUICK_INPUT} .monaco-list-row`).first().waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
  if (!check('New Memory asks the type first', typePick)) return;
  await page.keyboard.type('feedback');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  // A title, in words: the sample folder's names carry their type (feedback-small-prs) and its files
  // follow the whole name (feedback_small_prs.md), so the title becomes both.
  await page.keyboard.type('Tabs over spaces');
  const validation = await poll(async () => {
    const text = await page.locator(`${QUICK_INPUT} .quick-input-message`).innerText().catch(() => '');
    return { done: /Name: feedback-tabs-over-spaces · File: feedback_tabs_over_spaces\.md/.test(text), text };
  }, 10_000);
  check('New Memory asks a title and shows the name and file name the folder\'s convention gives', validation.done, validation.text);
  await page.waitForTimeout(200);
  save('new-memory.png', await page.screenshot());
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  await page.keyboard.type('Indent with tabs, never spaces');
  await page.keyboard.press('Enter');
  const file = join(workspace, 'memory', 'feedback_tabs_over_spaces.md');
  const written = await poll(async () => ({ done: existsSync(file) && /name: feedback-tabs-over-spaces\n/.test(readFileSync(file, 'utf8')) && /description: Indent with tabs, never spaces/.test(readFileSync(file, 'utf8')) }), 20_000);
  check('New Memory writes the file with its name and description', written.done);
  // MEMORY.md is saved after the edit that wrote both: wait for it too.
  const indexLine = /\[Tabs over spaces\]\(feedback_tabs_over_spaces\.md\) — Indent with tabs, never spaces/;
  const indexed = await poll(async () => ({ done: indexLine.test(readFileSync(join(workspace, 'memory', 'MEMORY.md'), 'utf8')) }), 10_000);
  check('and its index line with the title and the description as hook', indexed.done);
  // Made by the person in VS Code: it does not wait in To review.
  const own = await poll(async () => {
    const rows = await page.locator(ROWS).evaluateAll((all) => all.map((row) => row.textContent ?? ''));
    return { done: rows.some((text) => text.includes('Tabs over spaces')) && !rows.some((text) => /Tabs over spaces.*new ·/.test(text)) };
  }, 10_000);
  check('the tree shows it by its title, not waiting in To review', own.done);
  // The file is written first and opened after: wait for its tab.
  const tab = await poll(async () => {
    const text = await page.locator('.tabs-container .tab.active').innerText().catch(() => '');
    return { done: /feedback_tabs_over_spaces\.md/.test(text), text };
  }, 10_000);
  check('and opens it', tab.done, tab.text);
}
