// The history as a person sees it. A script plays the agent while the window is open: it deletes a memory
// and its index line, changes one, adds one, and (as Claude Code's hook would) records two writes of one
// session. To review then shows the session's group and the deleted memory with what it said
// (test-results/to-review-deleted.png, and its hover in to-review-deleted-hover.png); Show History lists
// the changed memory's versions, who changed each and how many lines (test-results/history-quick-pick.png),
// and a version's diff has Restore on its title bar, which writes it back (history-diff-restore.png). The Timeline view is open to
// extensions only through the `timeline` API proposal before VS Code 1.145, so a second window runs a copy
// of the extension that declares it, with code-server's --enable-proposed-api, and shows the memory's
// Timeline (test-results/timeline.png).
// Part of `npm test`'s ui stage; alone, after `npm run build && npm run compile-tests`:
// node scripts/vscode/uiHistory.mjs (exit 1 on a failed check).
import { cpSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { checkList, openShelf, poll, quickPick, widenSidebar } from './poll.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const ROWS = '.part.sidebar .pane-body .monaco-list-row:visible';
const SESSION = '3f2c8e41-95b0-4d7a-b1e6-2c7d0a9f5e13';

const FILES = {
  'MEMORY.md': '# Memory\n\n- [배포 동결](feedback_deploy-freeze.md) — 목요일 18:00 이후에는 배포하지 않는다\n- [Staging host](reference_staging.md) — Staging runs on host-b behind the VPN\n- [返信の口調](feedback_reply-tone.md) — 返信は丁寧語で書く\n- [Role](user_role.md) — backend, on call in week 2\n',
  'feedback_deploy-freeze.md': '---\nname: deploy-freeze\ndescription: 목요일 18:00 이후에는 배포하지 않는다\ntype: feedback\n---\n\n목요일 18:00 이후에는 프로덕션 배포를 하지 않는다.\n\n**Why:** 2026-09-17 금요일 새벽 장애는 목요일 밤 배포에서 시작됐다.\n',
  'reference_staging.md': '---\nname: staging-host\ndescription: Staging runs on host-b behind the VPN\ntype: reference\n---\n\nStaging: host-b.internal, reachable only through the office VPN.\n',
  'feedback_reply-tone.md': '---\nname: reply-tone\ndescription: 返信は丁寧語で書く\ntype: feedback\n---\n\nユーザーへの返信は丁寧語で書く。\n',
  'user_role.md': '---\nname: role\ndescription: backend, on call in week 2\ntype: user\n---\n\nBackend engineer.\n',
};

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A copy of the extension that declares the `timeline` proposal: what this VS Code needs to show a Timeline source. */
function proposalCopy(dir) {
  const copy = join(dir, 'extension-with-timeline');
  for (const name of ['dist', 'media', 'l10n', 'package.nls.json', 'package.nls.ko.json', 'package.nls.ja.json']) cpSync(join(REPO_ROOT, name), join(copy, name), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...manifest, enabledApiProposals: ['timeline'] }, null, 2));
  return copy;
}

export async function uiHistory() {
  // The compiled history store (out/, from compile-tests) is what the test writes the hook's records with.
  const { History } = createRequire(import.meta.url)(join(REPO_ROOT, 'out', 'src', 'history', 'index.js'));
  await setup();
  const server = await startCodeServer({ settings: { 'workbench.colorTheme': 'Default Light Modern', 'workbench.reduceMotion': 'on' }, args: ['--enable-proposed-api', 'memory-shelf.memory-shelf'] });
  const { check, tally } = checkList();
  const save = (name, bytes) => write(join(REPO_ROOT, 'test-results', name), bytes);
  let browser;
  try {
    const workspace = join(server.dir, 'team-app');
    const memory = join(workspace, 'memory');
    for (const [name, text] of Object.entries(FILES)) write(join(memory, name), text);
    const extension = proposalCopy(server.dir);
    browser = await launchChromium(server.env);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: extension }));
    const rowOf = (label) => page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: label }) }).first();
    const shown = await openShelf(page, { ready: (rows) => rows.some((row) => row.label === '배포 동결') });
    check('the memories are shown in the tree', shown.done);
    await widenSidebar(page, 260);
    // The first load's versions reach the history a moment after the tree shows.
    const store = await History.open({ dir: server.env.MEMORY_SHELF_HISTORY_DIR }).root(memory);
    const recorded = await poll(async () => ({ done: (await store.latest()).size >= Object.keys(FILES).length }), 20_000, 300);
    check('the first load recorded every file in the history', recorded.done);

    // The agent, while the window is open: a deletion with its index line, a change, a new memory, and
    // two writes of one session that the hook recorded first.
    unlinkSync(join(memory, 'reference_staging.md'));
    writeFileSync(join(memory, 'MEMORY.md'), FILES['MEMORY.md'].replace('- [Staging host](reference_staging.md) — Staging runs on host-b behind the VPN\n', ''));
    writeFileSync(join(memory, 'user_role.md'), FILES['user_role.md'].replace('Backend engineer.', 'Backend engineer; owns the billing service.'));
    const tone = FILES['feedback_reply-tone.md'].replace('丁寧語で書く。', '丁寧語で書く。絵文字は使わない。');
    const freeze = FILES['feedback_deploy-freeze.md'].replace('하지 않는다.\n\n', '하지 않는다. 핫픽스는 당번 승인 후 예외.\n\n');
    await store.recordAll([{ path: 'feedback_reply-tone.md', bytes: Buffer.from(tone) }], { author: 'agent', source: 'hook-post', sessionId: SESSION, tool: 'Edit' });
    await store.recordAll([{ path: 'feedback_deploy-freeze.md', bytes: Buffer.from(freeze) }], { author: 'agent', source: 'hook-post', sessionId: SESSION, tool: 'Edit' });
    writeFileSync(join(memory, 'feedback_reply-tone.md'), tone);
    writeFileSync(join(memory, 'feedback_deploy-freeze.md'), freeze);
    writeFileSync(join(memory, 'project_billing.md'), '---\nname: billing-retries\ndescription: Billing webhooks retry 5 times, then page\ntype: project\n---\n\nStripe webhooks retry 5 times over 3 hours.\n');

    const review = await poll(async () => {
      const rows = await page.locator(ROWS).evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? item.textContent ?? '')).catch(() => []);
      const text = rows.join(' | ');
      return { done: /deleted/.test(text) && /Claude changed 2 memories in session 3f2c8e41/.test(text) && /new/.test(text) && /changed/.test(text), text };
    }, 30_000, 500);
    check('To review shows the session group, the change, the new memory and the deletion', review.done, review.text.slice(0, 600));
    await page.mouse.move(1270, 790);
    await page.waitForTimeout(800);
    save('to-review-deleted.png', await page.screenshot());
    const deletedRow = rowOf('staging-host');
    await deletedRow.hover().catch(() => {});
    const hover = await poll(async () => {
      const text = await page.locator('.monaco-hover:visible, .workbench-hover:visible').first().innerText().catch(() => '');
      return { done: text.includes('What it said') && text.includes('host-b'), text };
    }, 8_000);
    check('hovering the deleted memory says what it said and who removed it', hover.done, hover.text.slice(0, 300));
    save('to-review-deleted-hover.png', await page.screenshot());

    // Show History on the changed memory, from the palette with it open.
    await page.keyboard.press('Escape');
    await quickPick(page, 'Control+P', 'user_role.md');
    const opened = await poll(async () => ({ done: /user_role\.md/.test(await page.locator('.tabs-container .tab.active').innerText().catch(() => '')) }), 10_000);
    check('Quick Open opens the changed memory', opened.done);
    await quickPick(page, 'F1', 'Memory Shelf: Show History', 'Show History');
    const picked = await poll(async () => {
      const text = await page.locator('.quick-input-widget').innerText().catch(() => '');
      return { done: text.includes('Changed outside VS Code · 1 line changed') && text.includes('Version seen at load'), text };
    }, 15_000);
    check('Show History says who changed what: the agent\'s change of one line, and the version seen at load', picked.done, picked.text.slice(0, 300));
    check('and lists no hashes', !/sha256|[0-9a-f]{12}/.test(picked.text), picked.text.slice(0, 300));
    save('history-quick-pick.png', await page.screenshot());
    // The version seen at load opens beside the file now, with Restore on the diff's title bar.
    await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Version seen at load' }).first().click();
    const restore = page.locator('.part.editor .editor-group-container.active .action-label[aria-label^="Restore This Version"]').first();
    const offered = await restore.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
    check('the version\'s diff has Restore on its title bar', offered, (await page.locator('.part.editor .action-label').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))).catch(() => [])).join(' | '));
    await restore.hover().catch(() => {});
    await page.waitForTimeout(800);
    save('history-diff-restore.png', await page.screenshot());
    await restore.click().catch(() => {});
    const restored = await poll(async () => ({ done: readFileSync(join(memory, 'user_role.md'), 'utf8') === FILES['user_role.md'] }), 15_000);
    check('Restore on the diff writes that version back', restored.done);
    await quickPick(page, 'F1', 'View: Close All Editors', 'Close All Editors');
    await quickPick(page, 'Control+P', 'user_role.md');
    await page.waitForTimeout(1000);
    check('the file in its own editor has no Restore', await page.locator('.part.editor .action-label[aria-label^="Restore This Version"]').count() === 0);

    // The Timeline, in the Explorer, for the open memory.
    await quickPick(page, 'F1', 'Explorer: Focus on Timeline View', 'Timeline');
    const timeline = await poll(async () => {
      const text = await page.locator('.part.sidebar').innerText().catch(() => '');
      return { done: text.includes('Restored · 1 line changed') && text.includes('Changed outside VS Code · 1 line changed') && text.includes('Version seen at load'), text };
    }, 20_000, 500);
    check('the Timeline lists the memory\'s versions (with the timeline proposal allowed)', timeline.done, timeline.text.slice(0, 400));
    await page.mouse.move(1270, 790);
    await page.waitForTimeout(500);
    save('timeline.png', await page.screenshot());
  } catch (error) {
    check('the history UI check ran to the end', false, error?.message ?? String(error));
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
  }
  return tally();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uiHistory().then(
    ({ passed, failed }) => { console.log(`${passed} passed, ${failed} failed`); process.exit(failed > 0 ? 1 : 0); },
    (err) => { console.error(`[uiHistory] ERROR: ${err?.stack ?? err}`); process.exit(1); },
  );
}
