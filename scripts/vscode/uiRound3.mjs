// Everyday use, round 3 (issue #40), as a person sees it in the real workbench, each step screenshotted
// into test-results/: a relative date typed into a memory whose frontmatter dates it months ago, and the
// light bulb's offers saying what they count from (round3-typed-date.png); Change Type… and its short
// Rename File button, the message naming the new file (round3-retype.png); a stub merged into a memory,
// the notification saying what moved where (round3-merge-stub.png); Load in Claude Code and its Undo
// (round3-load.png); Reject All of an agent session's changes, its Undo, and Undo bringing them back
// (round3-reject-all.png).
// Part of `npm test`'s ui stage; alone, after `npm run build && npm run compile-tests`:
// node scripts/vscode/uiRound3.mjs (exit 1 on a failed check).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { checkList, openShelf, poll, quickPick, widenSidebar } from './poll.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const ROWS = '.part.sidebar .pane-body .monaco-list-row:visible';
const MENU_ITEMS = '.context-view .monaco-menu .action-item .action-label';
const QUICK_INPUT = '.quick-input-widget';
const TOASTS = '.notifications-toasts .notification-toast';
const SESSION = '7c1e9a42-5d3b-4f8e-a2c6-91b0e4d7f358';

const FILES = {
  'MEMORY.md': '# Memory\n\n- [배포 동결](feedback_deploy-freeze.md) — 목요일 18:00 이후에는 배포하지 않는다\n- [동결 시각](project_freeze-time.md) — 동결은 18:00부터\n- [API ports](project_ports.md) — the API listens on 8080\n- [返信の口調](feedback_reply-tone.md) — 返信は丁寧語で書く\n- [Role](user_role.md) — backend, on call in week 2\n',
  'feedback_deploy-freeze.md': '---\nname: deploy-freeze\ndescription: 목요일 18:00 이후에는 배포하지 않는다\ntype: feedback\n---\n\n목요일 18:00 이후에는 프로덕션 배포를 하지 않는다.\n\n**이유:** 2026-09-17 금요일 새벽 장애는 목요일 밤 배포에서 시작됐다.\n',
  // A stub: its fact is only in its description; its body is a template's empty labels.
  'project_freeze-time.md': '---\nname: freeze-time\ndescription: 동결은 목요일 18:00에 시작해 금요일 09:00에 풀린다\nmetadata:\n  type: project\n---\n# 동결 시각\n\n**이유:**\n\n**적용:**\n',
  // Last modified months ago, by its own account.
  'project_ports.md': '---\nname: ports\ndescription: the API listens on 8080\nmetadata:\n  type: project\n  modified: 2026-05-27T09:00:00.000Z\n---\n\nThe API listens on 8080 behind the gateway.\n',
  'feedback_reply-tone.md': '---\nname: reply-tone\ndescription: 返信は丁寧語で書く\ntype: feedback\n---\n\nユーザーへの返信は丁寧語で書く。\n',
  'user_role.md': '---\nname: role\ndescription: backend, on call in week 2\ntype: user\n---\n\nBackend engineer.\n',
};

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function iso(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export async function uiRound3() {
  const { History } = createRequire(import.meta.url)(join(REPO_ROOT, 'out', 'src', 'history', 'index.js'));
  await setup();
  const server = await startCodeServer({ settings: { 'workbench.colorTheme': 'Default Light Modern', 'workbench.reduceMotion': 'on' } });
  const { check, tally } = checkList();
  const save = (name, bytes) => write(join(REPO_ROOT, 'test-results', name), bytes);
  let browser;
  let page;
  try {
    const workspace = join(server.dir, 'ops-app');
    const memory = join(workspace, 'memory');
    for (const [name, text] of Object.entries(FILES)) write(join(memory, name), text);
    browser = await launchChromium(server.env);
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT }));
    const rowOf = (label) => page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: label }) }).first();
    const toast = (text) => page.locator(TOASTS).filter({ hasText: text }).first();
    const clearToasts = async () => {
      for (const close of await page.locator(`${TOASTS} .codicon-notifications-clear`).all()) await close.click().catch(() => {});
    };
    // A button whose text the notification cuts shows an ellipsis: its text is wider than its box.
    const cut = (button) => button.evaluate((node) => node.scrollWidth > node.clientWidth + 1).catch(() => true);
    const shown = await openShelf(page, { ready: (rows) => rows.some((row) => row.label === 'API ports') });
    if (!check('the memories are shown in the tree', shown.done)) {
      save('round3-failed.png', await page.screenshot());
      return tally();
    }
    await widenSidebar(page, 200);
    const store = await History.open({ dir: server.env.MEMORY_SHELF_HISTORY_DIR }).root(memory);
    await poll(async () => ({ done: (await store.latest()).size >= Object.keys(FILES).length }), 20_000, 300);

    // 1. Change Type… on a memory whose file name says its type: the notification names the new file, its button stays whole.
    await clearToasts();
    await rowOf('返信の口調').click({ button: 'right' });
    await page.waitForTimeout(500);
    await page.locator(MENU_ITEMS).filter({ hasText: 'Change Type…' }).first().click().catch(() => {});
    await page.locator(`${QUICK_INPUT} .monaco-list-row`).first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
    await page.keyboard.type('project');
    await page.waitForTimeout(300);
    await page.keyboard.press('Enter');
    const retyped = toast('Changed the type of "返信の口調" to project. Its file name feedback_reply-tone.md still says feedback: rename it to project_reply-tone.md?');
    check('the retype notification names the memory by its title and says the new file name', await retyped.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false),
      (await page.locator(TOASTS).allInnerTexts().catch(() => [])).join(' | ').replace(/\s+/g, ' '));
    const renameButton = retyped.locator('.monaco-button').filter({ hasText: /^Rename File$/ }).first();
    check('its button reads "Rename File", whole', await renameButton.isVisible().catch(() => false) && !(await cut(renameButton)));
    await page.waitForTimeout(300);
    save('round3-retype.png', await page.screenshot());
    await renameButton.click().catch(() => {});
    const renamed = await poll(async () => ({ done: existsSync(join(memory, 'project_reply-tone.md')) && !existsSync(join(memory, 'feedback_reply-tone.md')) }), 15_000);
    check('Rename File renames it', renamed.done);
    // The person's own move keeps the memory approved: nothing waits under To review.
    await page.waitForTimeout(1500);
    const calm = await poll(async () => {
      const labels = await page.locator(ROWS).evaluateAll((rows) => rows.map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? ''));
      return { done: !labels.includes('To review'), labels };
    }, 10_000);
    check('and the renamed memory does not wait under To review', calm.done, calm.labels.join(' | '));

    // 2. A stub merged into the memory it belongs to: its description moves, its empty labels do not.
    await clearToasts();
    const pickTwo = async () => {
      await page.keyboard.press('Escape');
      // A row being redrawn does not take the click: the pick is tried again.
      await rowOf('배포 동결').click({ timeout: 5_000 }).catch(() => {});
      await page.waitForTimeout(300);
      await rowOf('동결 시각').click({ modifiers: ['Control'], timeout: 5_000 }).catch(() => {});
      await rowOf('동결 시각').click({ button: 'right', timeout: 5_000 }).catch(() => {});
      await page.waitForTimeout(500);
      await page.locator(MENU_ITEMS).filter({ hasText: 'Merge Memories…' }).first().click().catch(() => {});
      return page.locator(`${QUICK_INPUT} .monaco-list-row`).first().waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
    };
    let picked = await pickTwo();
    for (let i = 0; i < 2 && !picked; i++) picked = await pickTwo();
    check('Merge asks which memory stays', picked);
    await page.keyboard.type('deploy-freeze');
    await page.waitForTimeout(300);
    await page.keyboard.press('Enter');
    const merged = toast('Merged "동결 시각" into "배포 동결" and deleted "동결 시각". Its description, the only thing it said, moved to the end of "배포 동결".');
    check('the merge notification quotes both titles and says the description moved', await merged.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false),
      (await page.locator(TOASTS).allInnerTexts().catch(() => [])).join(' | ').replace(/\s+/g, ' '));
    const survivor = await poll(async () => ({ done: !existsSync(join(memory, 'project_freeze-time.md')), text: readFileSync(join(memory, 'feedback_deploy-freeze.md'), 'utf8') }), 15_000);
    check('the survivor ends with the stub\'s fact and gains no empty label', survivor.text === `${FILES['feedback_deploy-freeze.md']}\n동결은 목요일 18:00에 시작해 금요일 09:00에 풀린다\n`, survivor.text.split('\n').slice(-4).join(' / '));
    await page.mouse.move(700, 500);
    await page.waitForTimeout(300);
    save('round3-merge-stub.png', await page.screenshot());
    await quickPick(page, 'F1', 'View: Close All Editors', 'Close All Editors');

    // 3. Load in Claude Code on the folder's row: CLAUDE.md gains the import, and the notification offers Undo.
    await clearToasts();
    const rootRow = page.locator(ROWS).first();
    await rootRow.hover();
    await rootRow.locator('.action-label[aria-label^="Load in Claude Code"]').first().click({ timeout: 5_000 }).catch(() => {});
    const loaded = toast('Added @memory/MEMORY.md to CLAUDE.md');
    const loadShown = await loaded.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
    check('Load in Claude Code says what it added, naming the folder in quotes', loadShown && /Claude Code reads the index of "memory" at session start/.test(await loaded.innerText().catch(() => '')),
      (await page.locator(TOASTS).allInnerTexts().catch(() => [])).join(' | ').replace(/\s+/g, ' '));
    const loadUndo = loaded.locator('.monaco-button').filter({ hasText: /^Undo$/ }).first();
    check('and offers Undo', await loadUndo.isVisible().catch(() => false));
    await page.waitForTimeout(300);
    save('round3-load.png', await page.screenshot());
    await loadUndo.click().catch(() => {});
    const unloaded = await poll(async () => ({ done: !existsSync(join(workspace, 'CLAUDE.md')) || !readFileSync(join(workspace, 'CLAUDE.md'), 'utf8').includes('@memory/MEMORY.md') }), 15_000);
    check('Undo takes the import out again', unloaded.done);

    // 4. An agent session changes two memories (the hook recorded both); Reject All, then Undo.
    await clearToasts();
    const role = FILES['user_role.md'].replace('Backend engineer.', 'Backend engineer; owns billing.');
    const ports = FILES['project_ports.md'].replace('8080 behind', '9090 behind');
    await store.recordAll([{ path: 'user_role.md', bytes: Buffer.from(role) }], { author: 'agent', source: 'hook-post', sessionId: SESSION, tool: 'Edit' });
    await store.recordAll([{ path: 'project_ports.md', bytes: Buffer.from(ports) }], { author: 'agent', source: 'hook-post', sessionId: SESSION, tool: 'Edit' });
    writeFileSync(join(memory, 'user_role.md'), role);
    writeFileSync(join(memory, 'project_ports.md'), ports);
    const group = rowOf('Claude changed 2 memories in session');
    const grouped = await group.waitFor({ state: 'visible', timeout: 20_000 }).then(() => true, () => false);
    check('To review groups the session\'s two changes', grouped);
    await group.hover();
    await group.locator('.action-label[aria-label^="Reject All"]').first().click({ timeout: 5_000 }).catch(() => {});
    const confirm = page.locator('.monaco-dialog-box');
    const asked = await confirm.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
    const detail = asked ? (await confirm.innerText().catch(() => '')).replace(/\s+/g, ' ') : '';
    check('Reject All asks first, in singular where one is meant', asked && /2 changed: each goes back/.test(detail) && !/1 changed: each/.test(detail), detail);
    await confirm.locator('.monaco-button').filter({ hasText: /^Reject All$/ }).first().click().catch(() => {});
    const rejected = toast('Rejected 2 changes.');
    const rejectShown = await rejected.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
    const rejectUndo = rejected.locator('.monaco-button').filter({ hasText: /^Undo$/ }).first();
    check('Reject All\'s notification offers Undo', rejectShown && await rejectUndo.isVisible().catch(() => false), (await page.locator(TOASTS).allInnerTexts().catch(() => [])).join(' | ').replace(/\s+/g, ' '));
    const back = await poll(async () => {
      const now = [readFileSync(join(memory, 'user_role.md'), 'utf8'), readFileSync(join(memory, 'project_ports.md'), 'utf8')];
      return { done: now[0] === FILES['user_role.md'] && now[1] === FILES['project_ports.md'], now };
    }, 15_000);
    check('both memories are back as approved', back.done, JSON.stringify(back.now));
    await page.waitForTimeout(300);
    save('round3-reject-all.png', await page.screenshot());
    await rejectUndo.click().catch(() => {});
    const again = await poll(async () => ({ done: readFileSync(join(memory, 'user_role.md'), 'utf8') === role && readFileSync(join(memory, 'project_ports.md'), 'utf8') === ports }), 15_000);
    check('its Undo brings both of the agent\'s changes back at once', again.done);

    // Last, as it leaves the memory edited and unsaved.
    // 5. "next Friday" typed today into a memory modified on 2026-05-27 counts from today.
    await quickPick(page, 'Control+P', 'project_ports.md');
    const editor = page.locator('.part.editor .monaco-editor').first();
    await editor.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {});
    await page.waitForTimeout(800);
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Demo next Friday with the gateway team.', { delay: 15 });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    for (let i = 0; i < 'Demo next '.length; i++) await page.keyboard.press('ArrowRight');
    const squiggle = await poll(async () => ({ done: (await page.locator('.part.editor .squiggly-warning').count().catch(() => 0)) > 0 }), 15_000);
    check('the typed relative date is underlined', squiggle.done);
    const offers = await poll(async () => {
      await page.keyboard.press('Control+.');
      await page.waitForTimeout(700);
      const titles = await page.locator('.action-widget .monaco-list-row').evaluateAll((rows) => rows.map((row) => row.textContent?.trim() ?? '')).catch(() => []);
      if (titles.length === 0) await page.keyboard.press('Escape');
      return { done: titles.some((title) => title.includes('Friday')), titles };
    }, 15_000, 500);
    const today = iso(new Date());
    const dated = offers.titles.filter((title) => title.includes('next Friday'));
    check('the light bulb offers dates for "next Friday"', dated.length > 0, offers.titles.join(' | '));
    check('every offered date says it counts from today, when it was typed', dated.length > 0 && dated.every((title) => title.includes(`counted from ${today}, when you typed it`)), dated.join(' | '));
    save('round3-typed-date.png', await page.screenshot());
    await page.keyboard.press('Escape');
  } catch (error) {
    check('the walk ran to its end', false, String(error?.stack ?? error));
    if (page) save('round3-failed.png', await page.screenshot().catch(() => Buffer.alloc(0)));
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
  }
  return tally();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uiRound3().then(
    ({ failed }) => process.exit(failed > 0 ? 1 : 0),
    (error) => { console.error(error); process.exit(1); },
  );
}
