// The UI checks wait on a workbench that renders asynchronously: `fn` is asked again until it reports
// `done` or time runs out, and its last answer is returned either way (so a check can say what it saw).
export async function poll(fn, timeoutMs, intervalMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await fn();
    if (last.done || Date.now() > deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

// Drags the side bar's sash `px` wider, so descriptions are readable in a screenshot; best effort.
export async function widenSidebar(page, px) {
  const box = await page.locator('.part.sidebar').boundingBox().catch(() => null);
  if (!box) return;
  const edge = box.x + box.width;
  await page.mouse.move(edge, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge + px, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

// The TAP-like lines every UI check prints (`ok N - name: detail`), and their tally for `npm test`.
export function checkList() {
  const results = [];
  const check = (name, ok, detail = '') => {
    results.push(ok);
    console.log(`${ok ? 'ok' : 'not ok'} ${results.length} - ${name}${detail ? `: ${detail}` : ''}`);
    return ok;
  };
  const tally = () => {
    const passed = results.filter(Boolean).length;
    return { passed, failed: results.length - passed };
  };
  return { check, tally };
}

// The Memory Shelf's activity-bar entry and the rows of its tree, as every UI check finds them.
export const SHELF_ENTRY = '.activitybar a[aria-label^="Memory Shelf"]';
export const SHELF_ROWS = '.part.sidebar .pane-body .monaco-list-row:visible';
const FIRST_RUN_ROW = /already here as reviewed\?$/;

/** The tree's rows as a person reads them: depth, label, description, and whether a row is open. */
export function shelfRows(page) {
  return page.locator(SHELF_ROWS).evaluateAll((rows) => rows.map((row) => ({
    depth: Number(row.getAttribute('aria-level') ?? 1),
    label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
    description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
    expanded: row.getAttribute('aria-expanded'),
  }))).catch(() => []);
}

/**
 * Opens the Memory Shelf view as a person does and waits until `ready(rows)`: clicks the activity-bar
 * entry while the side bar shows something else (clicking an open container closes it, and the entry's
 * aria-expanded is not to be trusted once it carries a badge); with `answerFirstRun` (the default)
 * answers each new root's first-run row Yes, as most people will; with `openRoots`, opens every root
 * the tree draws closed (with several roots only the first starts open). Returns the last rows read.
 */
export async function openShelf(page, { ready = (rows) => rows.length > 0, timeoutMs = 60_000, answerFirstRun = true, openRoots = false } = {}) {
  const entry = page.locator(SHELF_ENTRY);
  await entry.waitFor({ state: 'visible', timeout: timeoutMs });
  // Root label -> the clicks given and when the last was (see openRoots below).
  const opened = new Map();
  return poll(async () => {
    const shown = await page.locator('.part.sidebar .pane-body').first().isVisible().catch(() => false)
      && /memory shelf/i.test(await page.locator('.part.sidebar .composite.title').innerText().catch(() => ''));
    if (!shown) {
      await entry.click().catch(() => {});
      return { done: false, rows: [] };
    }
    const rows = await shelfRows(page);
    const row = (label) => page.locator(SHELF_ROWS).filter({ has: page.locator('.label-name').getByText(label, { exact: true }) }).first();
    if (openRoots) {
      // Each root opened as a person would: clicked, and clicked again (at most three times, 3 s apart) if
      // it still shows closed: a click landing while the tree redraws the row (a root still loading) is
      // lost, as a clean-clone run once showed, leaving the root closed for good.
      const now = Date.now();
      for (const root of rows.filter((candidate) => candidate.depth === 1 && candidate.expanded === 'false')) {
        const clicks = opened.get(root.label);
        if (clicks && (clicks.count >= 3 || now - clicks.at < 3_000)) continue;
        opened.set(root.label, { count: (clicks?.count ?? 0) + 1, at: now });
        await row(root.label).locator('.monaco-tl-twistie').click().catch(() => {});
      }
    }
    const questions = answerFirstRun ? rows.filter((candidate) => FIRST_RUN_ROW.test(candidate.label)) : [];
    for (const question of questions) {
      await row(question.label).hover().catch(() => {});
      await row(question.label).locator('.action-label[aria-label^="Yes, Count as Reviewed"]').first().click({ timeout: 2_000 }).catch(() => {});
    }
    return { done: questions.length === 0 && ready(rows), rows };
  }, timeoutMs, 500);
}

/**
 * Opens Quick Open (`Control+P`) or the command palette (`F1`), types `text` as a person does, and presses
 * Enter once a row holding `row` shows (or after 10 s, so a check goes on to judge what it finds).
 */
export async function quickPick(page, key, text, row = text) {
  await page.keyboard.press(key);
  await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
  await page.keyboard.type(text);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: row }).first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
  await page.keyboard.press('Enter');
}
