// An empty folder, as a new user first sees it (issue #40, item 12): the welcome view says where Claude
// Code keeps the project's auto memory (a link whose notification names the path: a tree message would hide
// the welcome view, and the manifest's text cannot name it) and
// that a memory/ folder loads only once CLAUDE.md imports it (test-results/welcome-empty.png, and the
// path's notification in welcome-auto-memory-path.png); Create memory/ then offers Load in Claude Code
// (welcome-created.png), which adds the import. At 1280x800, where no notification button may be cut.
// Part of `npm test`'s ui stage; alone, after `npm run build && npm run compile-tests`:
// node scripts/vscode/uiWelcome.mjs (exit 1 on a failed check).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { checkList, poll, SHELF_ENTRY } from './poll.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const TOASTS = '.notifications-toasts .notification-toast';
const WELCOME = '.part.sidebar .welcome-view-content';

function write(file, bytes) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

export async function uiWelcome() {
  await setup();
  const server = await startCodeServer({ settings: { 'workbench.colorTheme': 'Default Light Modern', 'workbench.reduceMotion': 'on' } });
  const { check, tally } = checkList();
  const save = (name, bytes) => write(join(REPO_ROOT, 'test-results', name), bytes);
  let browser;
  let page;
  try {
    const workspace = join(server.dir, 'new-project');
    mkdirSync(workspace, { recursive: true });
    browser = await launchChromium(server.env);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT }));
    const toast = (text) => page.locator(TOASTS).filter({ hasText: text }).first();
    // A button whose text the notification cuts shows an ellipsis: its text is wider than its box.
    const cutButtons = (locator) => locator.locator('.monaco-button').evaluateAll((nodes) => nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent)).catch(() => ['?']);
    const entry = page.locator(SHELF_ENTRY);
    await entry.waitFor({ state: 'visible', timeout: 60_000 });
    const welcome = await poll(async () => {
      const text = await page.locator(WELCOME).first().innerText().catch(() => '');
      if (!text && (await entry.getAttribute('aria-expanded').catch(() => null)) !== 'true') await entry.click().catch(() => {});
      return { done: /Create memory\//.test(text), text };
    }, 60_000, 500);
    check('an empty folder shows the welcome view', welcome.done, welcome.text);
    check('it says a memory/ folder loads only once CLAUDE.md imports it', /loads in Claude Code only once CLAUDE\.md imports its MEMORY\.md/.test(welcome.text), welcome.text.replace(/\s+/g, ' '));
    await page.mouse.move(1000, 600);
    await page.waitForTimeout(500);
    save('welcome-empty.png', await page.screenshot());

    await page.locator(`${WELCOME} a`).filter({ hasText: 'show where' }).first().click();
    const where = toast("keeps this project's auto memory in");
    const told = await where.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
    const whereText = told ? (await where.innerText()).replace(/\s+/g, ' ') : (await page.locator(TOASTS).allInnerTexts().catch(() => [])).join(' | ');
    check('"show where" names the path and says Claude Code creates it when it first saves a memory', told && /new-project/.test(whereText) && /does not exist yet/.test(whereText), whereText);
    check('its button is whole', told && (await cutButtons(where)).length === 0);
    await page.waitForTimeout(300);
    save('welcome-auto-memory-path.png', await page.screenshot());
    for (const close of await page.locator(`${TOASTS} .codicon-notifications-clear`).all()) await close.click().catch(() => {});

    await page.locator(`${WELCOME} .monaco-button`).filter({ hasText: 'Create memory/' }).first().click();
    const created = toast('Created memory/MEMORY.md. Claude Code does not load it until CLAUDE.md imports it.');
    const offered = await created.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
    check('Create memory/ says it will not load until imported, and offers Load in Claude Code', offered && await created.locator('.monaco-button').filter({ hasText: /^Load in Claude Code$/ }).count() === 1,
      (await page.locator(TOASTS).allInnerTexts().catch(() => [])).join(' | ').replace(/\s+/g, ' '));
    check('its button is whole', offered && (await cutButtons(created)).length === 0);
    check('memory/MEMORY.md is there', existsSync(join(workspace, 'memory', 'MEMORY.md')));
    await page.waitForTimeout(300);
    save('welcome-created.png', await page.screenshot());
    await created.locator('.monaco-button').filter({ hasText: /^Load in Claude Code$/ }).first().click().catch(() => {});
    const imported = await poll(async () => ({ done: existsSync(join(workspace, 'CLAUDE.md')) && readFileSync(join(workspace, 'CLAUDE.md'), 'utf8').includes('@memory/MEMORY.md') }), 15_000);
    check('Load in Claude Code adds the import to CLAUDE.md', imported.done);
  } catch (error) {
    check('the welcome walk ran to its end', false, String(error?.stack ?? error));
    if (page) save('welcome-failed.png', await page.screenshot().catch(() => Buffer.alloc(0)));
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
  }
  return tally();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uiWelcome().then(
    ({ passed, failed }) => { console.log(`${passed} passed, ${failed} failed`); process.exit(failed > 0 ? 1 : 0); },
    (error) => { console.error(error); process.exit(1); },
  );
}
