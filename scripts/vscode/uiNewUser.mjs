// The everyday path as a new user walks it, on real-shaped folders (test/fixtures/newuser): a Korean project
// memory of 40 memories (memory/), a Japanese one of 25 (docs/memory-ja/, a configured root) and the
// workspace's Claude Code auto memory under a throwaway HOME. While the window is open a small "agent"
// process writes a new memory, changes one and deletes one (with its MEMORY.md line) in the auto memory.
// Walked as a person does: the first-run question in the view, the To review badge and group, a memory
// opened from the tree, the form editor, a link's hover, a quick fix saved to disk, New Memory by title in
// the Japanese folder, Approve and Reject of the agent's changes, Delete and Undo from the notification,
// and Show History. Every step saves test-results/newuser-*.png for a person to look at.
// Run alone after `npm run build && npm run compile-tests`: node scripts/vscode/uiNewUser.mjs
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { checkList, poll, widenSidebar } from './poll.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'newuser');
const ENTRY = '.activitybar a[aria-label^="Memory Shelf"]';
const ROWS = '.part.sidebar .pane-body .monaco-list-row:visible';
const MENU_ITEMS = '.context-view .monaco-menu .action-item .action-label';
const QUICK_INPUT = '.quick-input-widget';
const TOAST = '.notifications-toasts .notification-toast';

/** The agent: three writes to the auto memory while VS Code is open, each a moment after the last, as a session does. */
const AGENT = `
const fs = require('node:fs'); const path = require('node:path');
const dir = process.argv[1];
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  fs.writeFileSync(path.join(dir, 'feedback_no-friday-deploys.md'), '---\\nname: 금요일 배포 금지\\ndescription: 금요일 15시 이후에는 배포하지 않는다\\ntype: feedback\\n---\\n\\n금요일 15시 이후에는 프로덕션 배포를 하지 않는다.\\n\\n**Why:** 주말 당직 인원이 적다.\\n\\n**How to apply:** 금요일 오후 배포 요청에는 월요일 오전을 제안한다.\\n');
  let index = fs.readFileSync(path.join(dir, 'MEMORY.md'), 'utf8');
  index += '- [금요일 배포 금지](feedback_no-friday-deploys.md) — 금요일 15시 이후 배포 금지\\n';
  fs.writeFileSync(path.join(dir, 'MEMORY.md'), index);
  await pause(300);
  const owner = path.join(dir, 'project_payments-owner.md');
  fs.writeFileSync(owner, fs.readFileSync(owner, 'utf8').replace('결제 API 담당은 박지훈.', '결제 API 담당은 김하늘 (11월부터).'));
  await pause(300);
  fs.unlinkSync(path.join(dir, 'reference_ci.md'));
  fs.writeFileSync(path.join(dir, 'MEMORY.md'), index.split('\\n').filter((line) => !line.includes('reference_ci.md')).join('\\n'));
})();
`;

/** Where Claude Code keeps the auto memory of `workspace` under `home` (DESIGN.md section 1). */
function autoMemoryOf(home, workspace) {
  return join(home, '.claude', 'projects', realpathSync(workspace).replace(/[^a-zA-Z0-9]/g, '-'), 'memory');
}

export async function uiNewUser({ timeoutMs = 5 * 60_000 } = {}) {
  await setup();
  const { check, tally } = checkList();
  const server = await startCodeServer({ settings: { 'workbench.colorTheme': 'Default Light Modern', 'workbench.reduceMotion': 'on' } });
  let browser;
  let agent;
  const guard = setTimeout(() => { console.error(`[uiNewUser] timed out after ${timeoutMs / 1000} s`); browser?.close(); }, timeoutMs);
  const started = Date.now();
  const save = (name, png) => {
    const file = join(REPO_ROOT, 'test-results', name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, png);
    console.log(`[uiNewUser] ${((Date.now() - started) / 1000).toFixed(1)} s screenshot: test-results/${name}`);
  };
  try {
    const workspace = join(server.dir, 'shop-app');
    cpSync(join(FIXTURES, 'shop-app'), workspace, { recursive: true });
    mkdirSync(join(workspace, '.vscode'), { recursive: true });
    writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'memoryShelf.roots': ['docs/memory-ja'] }, null, 2));
    const ko = join(workspace, 'memory');
    const ja = join(workspace, 'docs', 'memory-ja');
    const auto = autoMemoryOf(server.env.HOME, workspace);
    cpSync(join(FIXTURES, 'auto-memory'), auto, { recursive: true });

    browser = await launchChromium(server.env);
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT }));
    const entry = page.locator(ENTRY);
    await entry.waitFor({ state: 'visible', timeout: 60_000 });
    const rowOf = (label) => page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: label }) }).first();
    const read = () => page.locator(ROWS).evaluateAll((rows) => rows.map((row) => ({
      depth: Number(row.getAttribute('aria-level') ?? 1),
      label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
      description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
      aria: row.getAttribute('aria-label') ?? '',
    }))).catch(() => []);
    const toast = (text) => page.locator(TOAST).filter({ hasText: text }).first();
    /** Opens or closes a root or group row by its twistie, as a person does, until it is so. */
    const setExpanded = (label, open) => poll(async () => {
      const row = page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[/.]/g, '\\$&')}$`) }) }).first();
      if ((await row.getAttribute('aria-expanded').catch(() => null)) === String(open)) return { done: true };
      await row.locator('.monaco-tl-twistie').click().catch(() => {});
      return { done: false };
    }, 10_000, 500);
    const settle = async () => {
      await page.mouse.move(1270, 850);
      await page.locator('.monaco-hover:visible, .workbench-hover:visible').first().waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => {});
    };

    // 1. The view, opened as a new user opens it: three roots readable at a glance, the first open, and
    // the first-run question asked in the view, at the top of the root it is about.
    const shown = await poll(async () => {
      const shelfShown = await page.locator('.part.sidebar .pane-body').first().isVisible().catch(() => false)
        && /memory shelf/i.test(await page.locator('.part.sidebar .composite.title').innerText().catch(() => ''));
      if (!shelfShown) await entry.click().catch(() => {});
      const rows = await read();
      return { done: shelfShown && rows.some((row) => row.label === 'memory') && rows.some((row) => row.label === 'Claude Code auto memory'), rows };
    }, 60_000, 300);
    check('the view shows the auto memory and memory/ as roots', shown.done, shown.rows.filter((row) => row.depth === 1).map((row) => `${row.label} — ${row.description}`).join(' | '));
    await widenSidebar(page, 300);
    const glance = await poll(async () => {
      const roots = await page.locator(ROWS).evaluateAll((rows) => rows.filter((row) => row.getAttribute('aria-level') === '1').map((row) => ({
        label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
        open: row.getAttribute('aria-expanded'),
      }))).catch(() => []);
      return { done: roots.map((root) => `${root.label}:${root.open}`).join(' | ') === 'Claude Code auto memory:true | memory:false | docs/memory-ja:false', roots };
    }, 20_000);
    check('with three roots, all three are in sight: the first open, the others closed', glance.done, glance.roots.map((root) => `${root.label}:${root.open}`).join(' | '));
    const question = rowOf('Count the 6 memories already here as reviewed?');
    const asked = await question.waitFor({ state: 'visible', timeout: 20_000 }).then(() => true, () => false);
    check('the first-run question is a row at the top of the auto memory, counting its memories', asked && (await read())[1]?.label === 'Count the 6 memories already here as reviewed?');
    // The notification used to come a moment after the view showed: given as long, none comes.
    check('and no notification asks it', !(await page.locator(TOAST).filter({ hasText: /as reviewed/ }).first().waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)));
    // The auto memory's row is whole at this width: a short description, the rest in its tooltip.
    const autoFits = await rowOf('Claude Code auto memory').locator('.monaco-icon-label-container').evaluate((el) => ({ fits: el.scrollWidth <= el.clientWidth, text: el.textContent })).catch(() => ({ fits: false, text: '' }));
    check('the auto memory\'s row is not cut off', autoFits.fits, autoFits.text);
    // A folder Claude Code does not load is painted like any other root (not in the colour of the errors inside) and offers the import.
    const colourOf = (label) => page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label.replace(/[/.]/g, '\\$&')}$`) }) }).first().locator('.label-name').evaluate((el) => getComputedStyle(el).color).catch(() => 'missing');
    const calm = { memory: await colourOf('memory'), ja: await colourOf('docs/memory-ja'), auto: await colourOf('Claude Code auto memory') };
    check('roots not loaded by Claude Code are drawn in the same colour as the loaded one', calm.memory === calm.auto && calm.ja === calm.auto, JSON.stringify(calm));
    const koRow = page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: /^memory$/ }) }).first();
    await koRow.hover().catch(() => {});
    const importAction = koRow.locator('.action-label[aria-label^="Load in Claude Code"]').first();
    check('hovering memory/ offers Load in Claude Code on its row', await importAction.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false));
    await question.hover().catch(() => {});
    await page.waitForTimeout(300); // the inline buttons' fade-in, for the picture only
    save('newuser-01-first-run.png', await page.screenshot());
    await question.locator('.action-label[aria-label^="Yes, Count as Reviewed"]').first().click().catch(() => {});
    const answeredRow = await poll(async () => ({ done: !(await read()).some((row) => /already here as reviewed/.test(row.label)) }), 10_000);
    check('Yes on the row answers it: the row goes', answeredRow.done);
    await settle();
    save('newuser-02-tree.png', await page.screenshot());
    // The Japanese root is the third: opened as a person does, its memories named by titles, never by file names.
    await setExpanded('docs/memory-ja', true);
    const third = await poll(async () => {
      const rows = await read();
      const at = rows.findIndex((row) => row.depth === 1 && row.label === 'docs/memory-ja');
      return { done: at >= 0 && rows.some((row, i) => i > at && row.label === '敬語で対応'), rows };
    }, 15_000);
    check('the configured Japanese folder is the third root', third.done, third.rows.filter((row) => row.depth <= 2).map((row) => `${row.label} — ${row.description}`).join(' | '));
    const fileNamed = third.rows.filter((row) => row.depth === 3 && /^(user|feedback|project|reference)_/.test(row.label)).map((row) => row.label);
    check('no memory row reads as a file name (name: feedback_small-commits shows its description)', fileNamed.length === 0 && third.rows.some((row) => row.label === 'コミットは小さく、一つの目的ごとに'), fileNamed.join(', '));
    await settle();
    save('newuser-02b-roots-collapsed.png', await page.screenshot());
    console.log(third.rows.map((row) => `  ${'  '.repeat(row.depth - 1)}${row.label}${row.description ? `  — ${row.description}` : ''}`).join('\n'));
    await setExpanded('docs/memory-ja', false);
    // Open again: the rest of the walk uses the auto memory's rows.
    const autoRoot = page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: /^Claude Code auto memory$/ }) }).first();
    await poll(async () => {
      if ((await autoRoot.getAttribute('aria-expanded').catch(() => null)) === 'true') return { done: true };
      await autoRoot.locator('.monaco-tl-twistie').click().catch(() => {});
      return { done: false };
    }, 10_000, 500);

    // 2. The agent, while the window is open.
    agent = spawn(process.execPath, ['-e', AGENT, auto], { stdio: 'inherit' });
    await new Promise((resolve) => agent.once('exit', resolve));
    const review = await poll(async () => {
      const rows = await read();
      const group = rows.find((row) => row.label === 'To review');
      const badge = await entry.locator('..').locator('.badge .badge-content').innerText().catch(() => '');
      return { done: group?.description === '3' && badge.trim() === '3', group, badge, rows };
    }, 30_000, 300);
    check('the agent\'s three changes wait under To review, counted on the activity-bar badge', review.done, `group ${review.group?.description ?? 'missing'}, badge ${review.badge}`);
    await settle();
    save('newuser-03-to-review.png', await page.screenshot());
    // The agent deleted the auto memory's only reference memory: no "reference 0" is left behind.
    const autoGroups = await (async () => {
      const rows = await read();
      const at = rows.findIndex((row) => row.depth === 1 && row.label === 'Claude Code auto memory');
      const end = rows.findIndex((row, i) => i > at && row.depth === 1);
      return rows.slice(at + 1, end < 0 ? undefined : end).filter((row) => row.depth === 2).map((row) => `${row.label} ${row.description}`);
    })();
    check('a type group the agent emptied is not shown', autoGroups.length > 0 && !autoGroups.some((group) => / 0$/.test(group)), autoGroups.join(' | '));
    console.log((await read()).filter((row) => /^(new|changed|deleted)/.test(row.description)).map((row) => `  ${row.label} — ${row.description}`).join('\n'));
    const reviewRow = rowOf('결제 담당자');
    await reviewRow.hover().catch(() => {});
    const reviewHover = await poll(async () => {
      const text = await page.locator('.monaco-hover:visible, .workbench-hover:visible').first().innerText().catch(() => '');
      return { done: /Why here/.test(text) && /What changed since you approved it/.test(text) && /\+ 결제 API 담당은 김하늘/.test(text), text };
    }, 8_000);
    check('hovering a changed memory in To review says why it is there and shows the changed lines', reviewHover.done, reviewHover.text.replace(/\s+/g, ' ').slice(0, 400));
    // Its only finding is a hint: VS Code puts no number beside the row and none in the Problems panel.
    check('the hover calls its hint a suggestion, pointing at no number and no Problems panel', /1 suggestion/.test(reviewHover.text) && !/problem/i.test(reviewHover.text), reviewHover.text.match(/.*(suggestion|problem).*/i)?.[0] ?? 'neither said');
    save('newuser-03b-review-hover.png', await page.screenshot());

    // 3. A memory opened from the tree.
    const activeTab = (file) => page.locator(`.tabs-container .tab.active[aria-label*="${file}"]`);
    const openFromTree = async (label, file) => poll(async () => {
      if (await activeTab(file).count() > 0) return { done: true };
      await rowOf(label).click().catch(() => {});
      return { done: await activeTab(file).waitFor({ state: 'attached', timeout: 2_000 }).then(() => true, () => false) };
    }, 20_000, 0);
    check('clicking "장바구니 캐시" in the tree opens its file', (await openFromTree('장바구니 캐시', 'project_cart-cache.md')).done);
    await settle();
    save('newuser-04-open.png', await page.screenshot());

    // 4. The form editor, from the palette, on the open memory.
    await page.keyboard.press('F1');
    await page.keyboard.type('Edit in Memory Shelf Editor');
    await page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: 'Memory Shelf Editor' }).first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
    await page.keyboard.press('Enter');
    const form = await poll(async () => {
      for (const frame of page.frames()) {
        const text = await frame.locator('#app').first().innerText({ timeout: 200 }).catch(() => '');
        if (text.includes('장바구니')) return { done: true, text };
      }
      return { done: false, text: '' };
    }, 20_000, 300);
    check('the form editor shows the memory', form.done, form.text.replace(/\s+/g, ' ').slice(0, 200));
    // A name that is a title (this folder's habit) is information: said in the hint, not painted as an error.
    const hint = await poll(async () => {
      for (const frame of page.frames()) {
        // evaluateAll does not wait for an element the frame does not have.
        const [found] = await frame.locator('#name-hint').evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', error: el.classList.contains('error') }))).catch(() => []);
        if (found && found.text) return { done: true, ...found };
      }
      return { done: false };
    }, 3_000);
    // A human title is a name like any other: the form asks nothing of it (issue #21, round 2).
    check('the form asks a title-named memory for no slug', !hint.done, JSON.stringify(hint));
    await settle();
    save('newuser-05-form.png', await page.screenshot());

    // 5. A link's hover: [[textbook-headings-verbatim]] names feedback_textbook-headings-verbatim.md by its file stem.
    const quickOpen = async (file) => {
      for (let attempt = 0; attempt < 4; attempt++) {
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+P');
        await page.locator(`${QUICK_INPUT} input`).waitFor({ state: 'visible', timeout: 10_000 });
        await page.keyboard.type(file);
        await page.locator(`${QUICK_INPUT} .monaco-list-row`, { hasText: file }).first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
        await page.keyboard.press('Enter');
        if (await activeTab(file).waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false)) return true;
      }
      return false;
    };
    await quickOpen('feedback_review-small.md');
    const link = page.locator('.monaco-editor .view-line span', { hasText: 'textbook-headings-verbatim' }).first();
    const linkHover = await poll(async () => {
      await link.hover().catch(() => {});
      const text = await page.locator('.monaco-hover:visible').first().innerText({ timeout: 1_500 }).catch(() => '');
      return { done: text.includes('교재'), text };
    }, 20_000, 500);
    check('hovering [[textbook-headings-verbatim]] shows the memory it links to', linkHover.done, linkHover.text.replace(/\s+/g, ' ').slice(0, 300));
    await page.waitForTimeout(400); // the hover's fade-in, for the picture only
    save('newuser-06-link-hover.png', await page.screenshot());
    await page.keyboard.press('Escape');

    // 6. The frontmatter Claude Code wrote that YAML cannot read: the quick fix quotes it, saved to disk.
    const passWord = join(ko, 'feedback_pass-word.md');
    await quickOpen('feedback_pass-word.md');
    const squiggle = page.locator('.monaco-editor .squiggly-error');
    check('the unparseable name is underlined as an error', await squiggle.first().waitFor({ state: 'attached', timeout: 20_000 }).then(() => true, () => false));
    await page.keyboard.press('Control+G');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    const fixes = await poll(async () => {
      await page.keyboard.press('Control+.');
      await page.locator('.action-widget .monaco-list-row').first().waitFor({ state: 'visible', timeout: 3_000 }).catch(() => {});
      const labels = await page.locator('.action-widget .monaco-list-row').evaluateAll((rows) => rows.map((row) => row.textContent?.trim() ?? '')).catch(() => []);
      if (!labels.some((label) => /Quote/.test(label))) await page.keyboard.press('Escape');
      return { done: labels.some((label) => /Quote/.test(label)), labels };
    }, 15_000, 500);
    check('Ctrl+. offers to quote the value', fixes.done, fixes.labels.join(' | '));
    save('newuser-07-quick-fix.png', await page.screenshot());
    await page.keyboard.press('Enter');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    await page.keyboard.press('Control+S');
    const quoted = await poll(async () => {
      const text = readFileSync(passWord, 'utf8');
      return { done: /^name: '"통과" 한마디 = 커밋'$/m.test(text), line: text.split('\n')[1] };
    }, 15_000);
    check('the quick fix saved the quoted name to disk, the rest unchanged', quoted.done, quoted.line);

    await page.keyboard.press('Escape');

    // 7. New Memory by title, in the Japanese folder: which folder, which type, a title in Japanese, a description.
    const before = new Set(readdirSync(ja));
    // The view's own button, not the inline one of a type group's row.
    const plus = page.locator('.part.sidebar .pane-header .actions-container .action-label[aria-label^="New Memory"]').first();
    // The title bar's + asks which folder when there are several, the focused row's first: a Japanese
    // memory, clicked as a person does (memory/ closed first, the Japanese folder opened).
    const koRoot = page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: /^memory$/ }) }).first();
    await poll(async () => {
      if ((await koRoot.getAttribute('aria-expanded').catch(() => null)) === 'false') return { done: true };
      await koRoot.locator('.monaco-tl-twistie').click().catch(() => {});
      return { done: false };
    }, 10_000, 500);
    await setExpanded('docs/memory-ja', true);
    await poll(async () => {
      if (await activeTab('feedback_keigo.md').count() > 0) return { done: true };
      await rowOf('敬語で対応').click().catch(() => {});
      return { done: await activeTab('feedback_keigo.md').waitFor({ state: 'attached', timeout: 2_000 }).then(() => true, () => false) };
    }, 15_000, 0);
    // The view's title actions show while the pointer is over the view.
    await page.locator('.part.sidebar .pane-header').first().hover().catch(() => {});
    await plus.click();
    const pickText = async () => (await page.locator(QUICK_INPUT).innerText().catch(() => '')).replace(/\s+/g, ' ');
    const folderStep = await poll(async () => {
      const items = await page.locator(`${QUICK_INPUT} .monaco-list-row`).evaluateAll((all) => all.map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? '')).catch(() => []);
      const asking = await page.locator(`${QUICK_INPUT} input`).getAttribute('placeholder').catch(() => '');
      return { done: asking === 'Which memory folder?' && items[0] === 'docs/memory-ja' && items.length === 3, items };
    }, 10_000);
    check('New Memory from the title bar asks which folder, the focused row\'s first', folderStep.done, folderStep.items.join(' | '));
    save('newuser-08a-new-folder.png', await page.screenshot());
    await page.keyboard.press('Enter');
    const typeStep = await poll(async () => ({ done: /New memory \(1\/3\) · docs\/memory-ja/.test(await pickText()), text: await pickText() }), 10_000);
    check('each step then names the folder the memory goes to', typeStep.done, typeStep.text.slice(0, 200));
    save('newuser-08-new-type.png', await page.screenshot());
    await page.keyboard.type('feedback');
    await page.waitForTimeout(200);
    await page.keyboard.press('Enter');
    await page.locator(`${QUICK_INPUT} input`).waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type('ビルド結果は毎朝確認する');
    const derived = await poll(async () => {
      const text = await page.locator(`${QUICK_INPUT} .quick-input-message`).innerText().catch(() => '');
      return { done: /File: feedback_/.test(text), text };
    }, 10_000);
    check('the Japanese title gives a name and a feedback_ file name, shown as typed', derived.done, derived.text);
    save('newuser-09-new-title.png', await page.screenshot());
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    await page.keyboard.type('夜間ビルドの結果を毎朝 9 時に確認する');
    await page.keyboard.press('Enter');
    const created = await poll(async () => {
      const added = readdirSync(ja).filter((name) => !before.has(name));
      const text = added.length === 1 ? readFileSync(join(ja, added[0]), 'utf8') : '';
      const index = readFileSync(join(ja, 'MEMORY.md'), 'utf8');
      return { done: added.length === 1 && added[0] === 'feedback_ビルド結果は毎朝確認する.md' && text.includes('description: 夜間ビルドの結果を毎朝 9 時に確認する') && index.includes(`[ビルド結果は毎朝確認する](${added[0]})`), added, text };
    }, 20_000);
    check('New Memory writes the file with the folder\'s prefix and its index line under the title', created.done, `${created.added.join(', ')}: ${created.text.split('\n').slice(0, 4).join(' / ')}`);
    // The folder's memories lead with the rule, then **Why:** and **How to apply:** lines: the new one too.
    check('the new memory\'s body follows its neighbours\' **Why:** / **How to apply:** lines', /\n---\n\n\n\n\*\*Why:\*\*\n\n\*\*How to apply:\*\*\n$/.test(created.text), JSON.stringify(created.text.slice(created.text.indexOf('\n---\n'))));
    check('and opens, the cursor on the line for the rule', await activeTab(created.added[0] ?? 'none').waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false));
    // In a tab of its own (a preview tab's label is italic): a preview tab is replaced by the next row clicked, and the new memory seems never to have opened.
    check('in a tab of its own, not a preview', !(await activeTab(created.added[0] ?? 'none').evaluate((tab) => tab.querySelector('.monaco-icon-label.italic') !== null).catch(() => true)));
    const ownRow = await poll(async () => {
      const rows = await read();
      return { done: rows.some((row) => row.label === 'ビルド結果は毎朝確認する' && !/^new/.test(row.description)), rows: rows.filter((row) => row.label.includes('ビルド結果')) };
    }, 15_000);
    check('the tree shows it by its title', ownRow.done, JSON.stringify(ownRow.rows));
    // Made by the person in VS Code: it must not wait in To review.
    const ownReview = await poll(async () => {
      const rows = await read();
      const at = rows.findIndex((row) => row.depth === 1 && row.label === 'docs/memory-ja');
      const end = rows.findIndex((row, i) => i > at && row.depth === 1);
      const children = rows.slice(at + 1, end < 0 ? undefined : end);
      return { done: at >= 0 && !children.some((row) => row.label === 'To review'), groups: children.filter((row) => row.depth === 2).map((row) => `${row.label} ${row.description}`) };
    }, 10_000);
    check('the new memory does not wait in To review', ownReview.done, JSON.stringify(ownReview.groups));
    // The folder's question is about the 25 memories that were there: the one just made is the person's own.
    check('the folder\'s first-run question still counts only the 25 memories already there', ownReview.groups.some((group) => /^Count the 25 memories already here as reviewed\?/.test(group)), JSON.stringify(ownReview.groups));
    await page.waitForTimeout(500);
    await settle();
    save('newuser-10-new-created.png', await page.screenshot());

    // 8. Approve the agent's new memory; Reject its change; restore what it deleted.
    const inline = async (label, action) => {
      const row = rowOf(label);
      await row.scrollIntoViewIfNeeded().catch(() => {});
      await row.hover().catch(() => {});
      await row.locator(`.action-label[aria-label^="${action}"]`).first().click({ timeout: 5_000 }).catch(() => {});
      const dialog = page.locator('.monaco-dialog-box');
      if (await dialog.waitFor({ state: 'visible', timeout: 1_500 }).then(() => true, () => false)) {
        const text = (await dialog.innerText().catch(() => '')).replace(/\s+/g, ' ');
        save(`newuser-dialog-${action.toLowerCase().replace(/\W+/g, '-')}.png`, await page.screenshot());
        await dialog.locator('.monaco-button').first().click().catch(() => {});
        return text;
      }
      return '';
    };
    // Back to the auto memory's To review: the Japanese folder collapsed, so its rows are in sight.
    const jaRoot = page.locator(ROWS).filter({ has: page.locator('.label-name', { hasText: /^docs\/memory-ja$/ }) }).first();
    await poll(async () => {
      if ((await jaRoot.getAttribute('aria-expanded').catch(() => null)) === 'false') return { done: true };
      await jaRoot.locator('.monaco-tl-twistie').click().catch(() => {});
      return { done: false };
    }, 10_000, 500);
    await rowOf('CI 위치').waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
    const reviewRowsOf = async () => (await read()).filter((row) => /^(new|changed|deleted)/.test(row.description)).map((row) => row.label);
    const approveDialog = await inline('금요일 배포 금지', 'Approve');
    const approved = await poll(async () => ({ done: !(await reviewRowsOf()).includes('금요일 배포 금지'), rows: await reviewRowsOf() }), 10_000);
    check('Approve takes the agent\'s new memory out of To review, file untouched', approved.done && existsSync(join(auto, 'feedback_no-friday-deploys.md')), `${approved.rows.join(', ')} ${approveDialog}`);
    const owner = join(auto, 'project_payments-owner.md');
    const rejectDialog = await inline('결제 담당자', 'Reject');
    const rejected = await poll(async () => ({ done: readFileSync(owner, 'utf8') === readFileSync(join(FIXTURES, 'auto-memory', 'project_payments-owner.md'), 'utf8') }), 10_000);
    check('Reject puts the changed memory back, byte for byte', rejected.done, rejectDialog);
    // Named as the tree names it, not by its file.
    check('the notification names it by its title', await toast('Restored an earlier version of "결제 담당자"').waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false));
    const restoreDialog = await inline('CI 위치', 'Restore');
    const restored = await poll(async () => ({ done: existsSync(join(auto, 'reference_ci.md')) && readFileSync(join(auto, 'reference_ci.md'), 'utf8') === readFileSync(join(FIXTURES, 'auto-memory', 'reference_ci.md'), 'utf8') }), 10_000);
    check('Restore brings the deleted memory back, byte for byte', restored.done, restoreDialog);
    check('the notification names the restored memory by its title', await toast('Restored "CI 위치"').waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false));
    const badgeGone = await poll(async () => ({ done: (await entry.locator('..').locator('.badge .badge-content').innerText().catch(() => '')).trim() === '' || !(await entry.locator('..').locator('.badge').isVisible().catch(() => false)), rows: await reviewRowsOf() }), 10_000);
    check('To review and its badge are empty once all three are decided', badgeGone.done, badgeGone.rows.join(', '));
    await settle();
    save('newuser-11-reviewed.png', await page.screenshot());

    // 9. Delete a Japanese memory from its context menu, then Undo from the notification.
    await setExpanded('Claude Code auto memory', false);
    await setExpanded('docs/memory-ja', true);
    const victim = join(ja, 'reference_store-guidelines.md');
    const victimBytes = readFileSync(victim);
    const jaIndexBytes = readFileSync(join(ja, 'MEMORY.md'));
    const menuOf = async (label, item) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        await page.keyboard.press('Escape');
        await rowOf(label).scrollIntoViewIfNeeded().catch(() => {});
        await rowOf(label).click({ button: 'right' }).catch(() => {});
        const shownItem = await page.locator(MENU_ITEMS).filter({ hasText: item }).first().waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false);
        if (!shownItem) continue;
        await page.waitForTimeout(400);
        await page.locator(MENU_ITEMS).filter({ hasText: item }).first().click().catch(() => {});
        return true;
      }
      return false;
    };
    check('the memory\'s context menu offers Delete Memory…', await menuOf('ストア規約', 'Delete Memory…'));
    const dialog = page.locator('.monaco-dialog-box');
    const dialogShown = await dialog.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
    const dialogText = dialogShown ? (await dialog.innerText()).replace(/\s+/g, ' ') : '';
    check('the delete dialog names the memory by its title and says there is no trash', /ストア規約/.test(dialogText) && /no trash/.test(dialogText), dialogText);
    save('newuser-12-delete-dialog.png', await page.screenshot());
    await dialog.locator('.monaco-button').filter({ hasText: /^Delete/ }).first().click().catch(() => {});
    const deleted = await poll(async () => ({ done: !existsSync(victim) }), 10_000);
    check('Delete removes the file', deleted.done);
    const undoToast = toast('Deleted');
    const undoShown = await undoToast.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
    check('a notification says it is deleted and offers Undo', undoShown, undoShown ? (await undoToast.innerText()).replace(/\s+/g, ' ') : '');
    save('newuser-13-deleted-undo.png', await page.screenshot());
    await undoToast.locator('.monaco-button').filter({ hasText: /^Undo$/ }).first().click().catch(() => {});
    const undone = await poll(async () => ({ done: existsSync(victim) && readFileSync(victim).equals(victimBytes) && readFileSync(join(ja, 'MEMORY.md')).equals(jaIndexBytes) }), 15_000);
    check('Undo brings the file and its index line back, byte for byte', undone.done);
    check('and says what it undid, naming the memory', await toast('Undone: Delete "ストア規約".').waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false));

    // 10. Show History of the memory the agent changed and the person rejected.
    await setExpanded('docs/memory-ja', false);
    await setExpanded('Claude Code auto memory', true);
    await settle();
    check('the context menu of "결제 담당자" offers Show History', await menuOf('결제 담당자', 'Show History'));
    const history = await poll(async () => {
      const text = await pickText();
      return { done: /History of 결제 담당자 \(project_payments-owner\.md\)/.test(text) && /Version seen at load/.test(text) && /outside VS Code/.test(text) && /Restored by Reject/.test(text) && !/Saved in VS Code/.test(text), text };
    }, 15_000);
    check('Show History, titled as the tree names the memory, lists the load, the agent\'s change and the version Reject restored', history.done, history.text.slice(0, 400));
    save('newuser-14-history.png', await page.screenshot());
    await page.keyboard.press('Escape');

    console.log(`[uiNewUser] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const notifications = await page.locator('.notifications-toasts .notification-toast, .notifications-center .notification-list-item').evaluateAll((all) => all.map((n) => n.textContent?.trim() ?? '')).catch(() => []);
    console.log(`[uiNewUser] notifications: ${notifications.join(' | ')}`);
    return tally();
  } catch (err) {
    check('the new-user UI check ran to the end', false, err?.stack ?? String(err));
    return tally();
  } finally {
    clearTimeout(guard);
    if (agent && agent.exitCode === null) agent.kill();
    await browser?.close().catch(() => {});
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uiNewUser().then(
    ({ passed, failed }) => { console.log(`${passed} passed, ${failed} failed`); process.exit(failed > 0 ? 1 : 0); },
    (err) => { console.error(`[uiNewUser] ERROR: ${err?.stack ?? err}`); process.exit(1); },
  );
}
