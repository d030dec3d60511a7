// The .vsix as a user gets it: installed with `code-server --install-extension` into a fresh
// extensions folder (not loaded as a development extension), in English, Korean and Japanese
// (code-server --locale). For each: the extension activates (its activity-bar entry appears), finds the
// sample memory (the tree shows its type groups), and shows the getting-started walkthrough with its
// steps in that language; a screenshot of the walkthrough goes to test-results/walkthrough-<locale>.png.
//   node scripts/vscode/vsixCheck.mjs [--vsix FILE] [--locales en,ko,ja]
// Without --vsix it runs `npm run package` first. Each check counts as a test; exit 1 on any failure.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { poll } from './poll.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const EXAMPLES = join(REPO_ROOT, 'examples', 'memory');
const ENTRY = '.activitybar a[aria-label^="Memory Shelf"]';
const ROWS = '.part.sidebar .pane-body .monaco-list-row:visible';

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
}

function packageVsix() {
  execFileSync('npm', ['run', 'package'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const { name, version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  return join(REPO_ROOT, `${name}-${version}.vsix`);
}

function nls(locale) {
  return JSON.parse(readFileSync(join(REPO_ROOT, locale === 'en' ? 'package.nls.json' : `package.nls.${locale}.json`), 'utf8'));
}

export async function vsixCheck({ vsix, locales = ['en', 'ko', 'ja'], timeoutMs = 4 * 60_000 } = {}) {
  await setup();
  const results = [];
  const check = (name, ok, detail = '') => {
    results.push(ok);
    console.log(`${ok ? 'ok' : 'not ok'} ${results.length} - ${name}${detail ? `: ${detail}` : ''}`);
    return ok;
  };
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const id = `${manifest.publisher}.${manifest.name}`;
  for (const locale of locales) {
    const strings = nls(locale);
    const server = await startCodeServer({ installExtensions: [vsix], args: ['--locale', locale], settings: { 'workbench.colorTheme': 'Default Dark Modern', 'workbench.reduceMotion': 'on' } });
    let browser;
    const guard = setTimeout(() => browser?.close(), timeoutMs);
    try {
      const installed = readdirSync(join(server.dir, 'extensions')).filter((name) => name.startsWith(`${id}-`));
      check(`[${locale}] the .vsix installs into a fresh extensions folder`, installed.length === 1, installed.join(', '));
      const workspace = join(server.dir, 'project');
      mkdirSync(workspace);
      cpSync(EXAMPLES, join(workspace, 'memory'), { recursive: true });

      browser = await launchChromium(server.env);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale });
      // No extensionDevelopmentPath: the extension comes from the extensions folder only.
      await page.goto(`${server.url}?folder=${encodeURIComponent(workspace)}`);
      const entry = page.locator(ENTRY);
      const activated = await entry.waitFor({ state: 'visible', timeout: 90_000 }).then(() => true, () => false);
      if (!check(`[${locale}] it activates: the Memory Shelf entry is in the activity bar`, activated)) continue;

      const tree = await poll(async () => {
        const visible = await page.locator('.part.sidebar .pane-body').first().isVisible().catch(() => false);
        const title = await page.locator('.part.sidebar .composite.title').innerText().catch(() => '');
        if (!(visible && /memory shelf/i.test(title)) && (await entry.getAttribute('aria-expanded').catch(() => null)) !== 'true') await entry.click().catch(() => {});
        const rows = await page.locator(ROWS).evaluateAll((all) => all.map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? ''));
        return { done: rows.includes('feedback') && rows.includes('project') && rows.includes('reference'), rows };
      }, 60_000, 500);
      check(`[${locale}] it finds the sample memory: the tree shows its type groups`, tree.done, tree.rows.slice(0, 8).join(' | '));

      // The walkthrough, opened the way a person finds it: Help > Welcome lists it, a click opens it.
      await page.keyboard.press('F1');
      await page.keyboard.type('workbench.action.openWalkthrough', { delay: 5 });
      const title = strings['walkthrough.title'];
      const opened = await poll(async () => {
        const pick = page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first();
        if (await pick.isVisible().catch(() => false)) {
          await pick.click().catch(() => {});
          return { done: true };
        }
        const command = page.locator('.quick-input-widget .monaco-list-row').first();
        if (await command.isVisible().catch(() => false)) await page.keyboard.press('Enter');
        return { done: false };
      }, 30_000, 500);
      check(`[${locale}] the walkthrough is listed as "${title}"`, opened.done);
      const steps = ['find', 'fix', 'review', 'session', 'ci'].map((key) => strings[`walkthrough.${key}.title`]);
      const shown = await poll(async () => {
        const text = await page.locator('.gettingStartedContainer').innerText().catch(() => '');
        return { done: steps.every((step) => text.includes(step)), text };
      }, 30_000);
      check(`[${locale}] the walkthrough shows its five steps in ${locale}`, shown.done, steps.filter((step) => !shown.text.includes(step)).join(', ') || steps.join(' / '));
      await page.mouse.move(1200, 780);
      await page.waitForTimeout(1500);
      const file = join(REPO_ROOT, 'test-results', `walkthrough-${locale}.png`);
      mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
      writeFileSync(file, await page.screenshot());
      console.log(`[vsixCheck] screenshot: ${file.slice(REPO_ROOT.length + 1)}`);
    } finally {
      clearTimeout(guard);
      await browser?.close().catch(() => {});
      await server.stop();
    }
  }
  const passed = results.filter(Boolean).length;
  return { passed, failed: results.length - passed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const given = option('--vsix');
  const vsix = given ? resolve(given) : packageVsix();
  if (!existsSync(vsix)) throw new Error(`no .vsix at ${vsix}`);
  vsixCheck({ vsix, locales: option('--locales', 'en,ko,ja').split(',') }).then(
    ({ passed, failed }) => { console.log(`${passed} passed, ${failed} failed`); process.exit(failed > 0 ? 1 : 0); },
    (err) => { console.error(`[vsixCheck] ERROR: ${err?.stack ?? err}`); process.exit(1); },
  );
}
