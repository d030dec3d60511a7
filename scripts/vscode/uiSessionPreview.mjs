// The session preview panel (issue #40, item 8) as a person sees it: a folder with a CLAUDE.md, its
// import, a conditional rule, an auto memory index past its 200 lines and a memory/ no CLAUDE.md imports.
// "Preview Session Start" from the palette opens a panel that lists each file by name in load order with
// its sizes, marks the cut and shows the cut lines as cut, says memory/ is not loaded and offers the
// import; "Open at the cut" opens the index at line 201 (session-preview.png, session-preview-cut.png).
// Then a folder where nothing loads but memory/ exists (session-preview-nothing.png).
// Part of `npm test`'s ui stage; alone, after `npm run build && npm run compile-tests`:
// node scripts/vscode/uiSessionPreview.mjs (exit 1 on a failed check).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, workbenchUrl } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { checkList, poll, quickPick } from './poll.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const sanitize = (path) => path.replace(/[^a-zA-Z0-9]/g, '-');

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The frame of the session preview panel (webviews are iframes within iframes), once it shows its title. */
async function panelFrame(page, title, timeoutMs) {
  const found = await poll(async () => {
    for (const frame of page.frames()) {
      const text = await frame.locator('#app header h1').first().textContent({ timeout: 200 }).catch(() => null);
      if (text && text.includes(title)) return { done: true, frame };
    }
    return { done: false };
  }, timeoutMs);
  return found.frame;
}

export async function uiSessionPreview() {
  await setup();
  const server = await startCodeServer({ settings: { 'workbench.colorTheme': 'Default Light Modern', 'workbench.reduceMotion': 'on' } });
  const { check, tally } = checkList();
  const save = (name, bytes) => write(join(REPO_ROOT, 'test-results', name), bytes);
  let browser;
  try {
    const workspace = join(server.dir, 'lab');
    write(join(workspace, 'CLAUDE.md'), '# 실험실 프로젝트\n\nビルドは `make`。See @docs/setup.md\n<!-- 사람만 보는 메모 -->\n');
    write(join(workspace, 'docs', 'setup.md'), 'Install the toolchain first.\n');
    write(join(workspace, '.claude', 'rules', 'python.md'), '---\npaths:\n  - "src/**/*.py"\n---\nType hints everywhere.\n');
    write(join(workspace, 'memory', 'MEMORY.md'), '- [Deploy freeze](project_freeze.md) — no deploys after Thursday 18:00\n');
    write(join(workspace, 'memory', 'project_freeze.md'), '---\nname: freeze\ndescription: no deploys after Thursday 18:00\ntype: project\n---\n\nNo deploys after Thursday 18:00.\n');
    const lines = Array.from({ length: 205 }, (_, i) => `- [메모 ${i + 1}](note_${i + 1}.md) — 実験ノート ${i + 1}`);
    write(join(server.env.HOME, '.claude', 'projects', sanitize(workspace), 'memory', 'MEMORY.md'), lines.join('\n') + '\n');
    browser = await launchChromium(server.env);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: REPO_ROOT }));
    await page.locator('.activitybar a[aria-label^="Memory Shelf"]').waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(1500);
    await quickPick(page, 'F1', 'Preview Session Start');
    const frame = await panelFrame(page, 'Session start: lab', 30_000);
    if (!check('Preview Session Start opens a panel titled "Session start: lab"', Boolean(frame))) return tally();
    const seen = await frame.evaluate(() => ({
      text: document.body.innerText,
      parts: [...document.querySelectorAll('.part')].map((part) => ({
        number: part.querySelector('.number')?.textContent ?? '',
        file: part.querySelector('.file')?.textContent ?? '',
        status: part.querySelector('.status')?.textContent ?? '',
        link: part.querySelector('a.file') !== null,
      })),
      cutFirst: document.querySelector('.cut-text')?.textContent?.split('\n')[0] ?? '',
      cutStruck: document.querySelector('.cut-text') ? getComputedStyle(document.querySelector('.cut-text')).textDecorationLine : '',
      marker: document.querySelector('.cut-marker')?.textContent ?? '',
      notLoaded: document.querySelector('.not-loaded')?.textContent ?? '',
      totals: [...document.querySelectorAll('table.totals tbody tr')].map((row) => row.innerText.replace(/\s+/g, ' ').trim()),
    }));
    const files = seen.parts.map((part) => `${part.number} ${part.file}`);
    check('each file is listed by its name, in load order, numbered as it reaches the context',
      files.slice(0, 4).join(' | ') === '1. CLAUDE.md | ↳ setup.md | – python.md | 2. MEMORY.md', files.join(' | '));
    check('every file is a link that opens it', seen.parts.every((part) => part.link), JSON.stringify(seen.parts));
    check('no raw Markdown link is shown', !/\]\(file:/.test(seen.text) && !/^#+ /m.test(seen.text), seen.text.slice(0, 300));
    check('sizes read in the number they take ("1 line", never "1 lines")', seen.parts.some((part) => / · 1 line · /.test(part.status)) && !/\b1 lines\b/.test(seen.text), seen.parts.map((part) => part.status).join(' | '));
    check('the totals count three files loaded at start and five cut lines', /^Loaded at start 3 /.test(seen.totals[0] ?? '') && seen.totals.some((row) => /^Cut by a limit \(not loaded\) 1 [\d,]+ 5 /.test(row)), seen.totals.join(' | '));
    check('the cut is marked where Claude Code stops reading', /Claude Code stops reading here/.test(seen.marker), seen.marker);
    check('the cut lines are shown as cut, from line 201', seen.cutFirst === lines[200] && seen.cutStruck.includes('line-through'), `${seen.cutFirst} / ${seen.cutStruck}`);
    check('memory/ is said not to load, with Load in Claude Code offered', /memory\/ is not in this list/.test(seen.notLoaded) && /Load in Claude Code/.test(seen.notLoaded), seen.notLoaded);
    await page.mouse.move(1270, 890);
    await page.waitForTimeout(500);
    save('session-preview.png', await page.screenshot());
    await frame.locator('.cut').first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    save('session-preview-cut.png', await page.screenshot());
    await frame.locator('.cut-marker a').first().click();
    const opened = await poll(async () => {
      const tab = (await page.locator('.tabs-container .tab.active').innerText().catch(() => '')).trim();
      const position = (await page.locator('.statusbar-item').filter({ hasText: /Ln \d+, Col \d+/ }).first().innerText().catch(() => '')).trim();
      return { done: /^MEMORY\.md/.test(tab) && /Ln 201,/.test(position), tab, position };
    }, 15_000);
    check('"Open at the cut" opens the index at line 201, its first line not loaded', opened.done, `${opened.tab} ${opened.position}`);
    await page.close();

    // A folder where nothing loads, but a memory/ is there.
    const empty = join(server.dir, 'empty');
    write(join(empty, 'memory', 'project_freeze.md'), '---\nname: freeze\ndescription: no deploys after Thursday 18:00\ntype: project\n---\n\nNo deploys after Thursday 18:00.\n');
    write(join(empty, 'memory', 'MEMORY.md'), '- [Deploy freeze](project_freeze.md) — no deploys after Thursday 18:00\n');
    const second = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    await second.goto(workbenchUrl(server, { folder: empty, extensionDevelopmentPath: REPO_ROOT }));
    await second.locator('.activitybar a[aria-label^="Memory Shelf"]').waitFor({ state: 'visible', timeout: 60_000 });
    await second.waitForTimeout(1500);
    await quickPick(second, 'F1', 'Preview Session Start');
    const nothingFrame = await panelFrame(second, 'Session start: empty', 30_000);
    const nothing = nothingFrame ? await nothingFrame.evaluate(() => ({ nothing: document.querySelector('.nothing')?.textContent ?? '', notLoaded: document.querySelector('.not-loaded')?.textContent ?? '' })) : { nothing: '', notLoaded: '' };
    check('where nothing loads, the panel says so', /^Nothing loads at session start here/.test(nothing.nothing), nothing.nothing);
    check('and says memory/ exists and how to load it', /memory\/ exists, but nothing loads it/.test(nothing.notLoaded) && /Load in Claude Code/.test(nothing.notLoaded), nothing.notLoaded);
    await second.mouse.move(1270, 690);
    await second.waitForTimeout(500);
    save('session-preview-nothing.png', await second.screenshot());
  } catch (error) {
    check('the session preview check ran to the end', false, String(error?.stack ?? error));
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
  }
  return tally();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  uiSessionPreview().then(
    ({ failed }) => process.exit(failed > 0 ? 1 : 0),
    (error) => { console.error(error); process.exit(1); },
  );
}
