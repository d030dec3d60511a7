// The .vsix as a user gets it: installed with `code-server --install-extension` into a fresh
// extensions folder (not loaded as a development extension), in English, Korean and Japanese
// (code-server --locale). For each: the extension activates (its activity-bar entry appears), finds the
// sample memory (the tree shows its type groups), and shows the getting-started walkthrough with its
// steps in that language; a screenshot of the walkthrough goes to test-results/walkthrough-<locale>.png.
//   node scripts/vscode/vsixCheck.mjs [--vsix FILE] [--locales en,ko,ja]
// Without --vsix it runs `npm run package` first. Each check counts as a test; exit 1 on any failure.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './browser.mjs';
import { startCodeServer } from './codeServer.mjs';
import { checkList, poll } from './poll.mjs';
import { REPO_ROOT, setup } from './setup.mjs';

const EXAMPLES = join(REPO_ROOT, 'examples', 'memory');
const ENTRY = '.activitybar a[aria-label^="Memory Shelf"]';
const ROWS = '.part.sidebar .pane-body .monaco-list-row:visible';

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
}

export function packageVsix() {
  execFileSync('npm', ['run', 'package'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const { name, version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  return join(REPO_ROOT, `${name}-${version}.vsix`);
}

/**
 * VS Code takes --locale only when a language pack for it is installed, and the real ones come from a
 * marketplace this machine cannot reach. A pack with no translations makes the locale stick: the
 * workbench's own words stay English, while extensions' package.nls.<locale>.json and l10n bundles apply.
 */
function stubLanguagePack(locale, dir) {
  const folder = join(dir, `stub-language-pack-${locale}`);
  mkdirSync(join(folder, 'translations'), { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({
    name: `stub-language-pack-${locale}`, publisher: 'memory-shelf-test', version: '1.0.0', license: 'MIT',
    engines: { vscode: '^1.100.0' }, categories: ['Language Packs'],
    contributes: { localizations: [{ languageId: locale, languageName: locale, translations: [{ id: 'vscode', path: './translations/main.i18n.json' }] }] },
  }));
  writeFileSync(join(folder, 'translations', 'main.i18n.json'), '{"version":"1.0.0","contents":{}}');
  writeFileSync(join(folder, 'README.md'), `# A ${locale} language pack without translations, for tests\n`);
  writeFileSync(join(folder, 'LICENSE'), 'MIT\n');
  const vsix = join(dir, `stub-language-pack-${locale}.vsix`);
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--allow-missing-repository', '--skip-license', '-o', vsix], { cwd: folder, stdio: 'ignore' });
  return vsix;
}

/**
 * The server reads installed language packs from languagepacks.json in its user-data folder, which
 * installing from the command line does not write: written here as VS Code writes it.
 */
function registerLanguagePack(locale, userDataDir, extensionsDir) {
  const id = `memory-shelf-test.stub-language-pack-${locale}`;
  const folder = readdirSync(extensionsDir).find((name) => name.startsWith(`${id}-`));
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify({
    [locale]: { hash: `stub-${locale}`, extensions: [{ extensionIdentifier: { id }, version: '1.0.0' }], translations: { vscode: join(extensionsDir, folder, 'translations', 'main.i18n.json') }, label: locale },
  }));
}

function nls(locale) {
  return JSON.parse(readFileSync(join(REPO_ROOT, locale === 'en' ? 'package.nls.json' : `package.nls.${locale}.json`), 'utf8'));
}

export async function vsixCheck({ vsix, locales = ['en', 'ko', 'ja'], timeoutMs = 4 * 60_000 } = {}) {
  await setup();
  const { check, tally } = checkList();
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const id = `${manifest.publisher}.${manifest.name}`;
  const packs = mkdtempSync(join(tmpdir(), 'memory-shelf-language-packs-'));
  for (const locale of locales) {
    const strings = nls(locale);
    const extensions = locale === 'en' ? [vsix] : [vsix, stubLanguagePack(locale, packs)];
    const server = await startCodeServer({ installExtensions: extensions, beforeStart: ({ userDataDir, extensionsDir }) => locale === 'en' || registerLanguagePack(locale, userDataDir, extensionsDir), args: ['--locale', locale], settings: { 'workbench.colorTheme': 'Default Dark Modern', 'workbench.reduceMotion': 'on' } });
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

      // The walkthrough, opened as a person finds it: "Open Walkthrough..." in the palette, then its title.
      const title = strings['walkthrough.title'];
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {});
      await page.keyboard.type('Open Walkthrough', { delay: 5 });
      const command = await poll(async () => {
        const rows = await page.locator('.quick-input-widget .monaco-list-row').allInnerTexts().catch(() => []);
        return { done: rows.some((row) => /walkthrough/i.test(row)), rows };
      }, 15_000);
      if (command.done) await page.keyboard.press('Enter');
      await page.waitForTimeout(1000);
      await page.keyboard.type(title, { delay: 5 });
      const opened = await poll(async () => {
        const pick = page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first();
        const visible = await pick.isVisible().catch(() => false);
        if (visible) await pick.click().catch(() => {});
        return { done: visible };
      }, 30_000, 500);
      check(`[${locale}] the walkthrough is listed as "${title}"`, opened.done);
      const steps = ['find', 'fix', 'review', 'session', 'ci'].map((key) => strings[`walkthrough.${key}.title`]);
      const shown = await poll(async () => {
        const text = await page.locator('.gettingStartedContainer').innerText().catch(() => '');
        return { done: steps.every((step) => text.includes(step)), text };
      }, 30_000);
      check(`[${locale}] the walkthrough shows its five steps in ${locale}`, shown.done, steps.filter((step) => !shown.text.includes(step)).join(', ') || steps.join(' / '));
      // Toasts (the To review prompt) cover the picture; closing them is best effort.
      for (const close of await page.locator('.notifications-toasts .codicon-notifications-clear').all()) await close.click().catch(() => {});
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
  rmSync(packs, { recursive: true, force: true });
  return tally();
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
