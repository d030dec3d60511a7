import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkRoot, checkRootOrDefer, type CheckRootOptions } from '../../../src/cli/checkRoot';
import { printedCheck } from '../../../src/cli/printedCheck';
import { RACY_WINDOW_MS } from '../../../src/reader';
import { render } from '../../../src/cli/output';
import { cacheFolder } from '../../../src/cli/resultCache';
import { resolveTypeSet } from '../../../src/core';
import { FIXTURES } from '../helpers/fixtures';

const CLI = join(FIXTURES, '..', '..', 'dist', 'cli.js');

describe('check\'s result cache', function () {
  this.timeout(120_000);
  let scratch: string;
  let cache: string;
  let root: string;

  const run = (args: string[], extraEnv: Record<string, string> = {}): { status: number | null; stdout: string } => {
    const result = spawnSync(process.execPath, [CLI, ...args], { cwd: scratch, encoding: 'utf8', env: { ...process.env, MEMORY_SHELF_CACHE_DIR: cache, CLAUDE_CONFIG_DIR: join(scratch, 'no-claude'), ...extraEnv } });
    return { status: result.status, stdout: result.stdout };
  };
  /** A root's entries, the per-file part beside each left out. */
  const entries = (): string[] => readdirSync(cache).filter((name) => /^[0-9a-f]+\.json$/.test(name));
  /** The check as the CLI runs it without a cache. */
  const options: CheckRootOptions = { typeSet: resolveTypeSet(undefined, undefined), fix: false };
  /**
   * With the cache, named here (the bundled CLI's is the user's). Files a test has just written are
   * within the racy window; `settled` moves the run's clock past it, so their metadata decides.
   */
  const cachedOptions = (settled = false): CheckRootOptions & { cache: NonNullable<CheckRootOptions['cache']> } => ({
    ...options,
    cache: { folder: cache, version: 'test', ...(settled ? { clock: () => Date.now() + RACY_WINDOW_MS + 1000 } : {}) },
  });
  const json = async (checkOptions: CheckRootOptions): Promise<string> => render('json', [await checkRoot('memory', scratch, checkOptions)], 'test');
  const memory = (name: string, description: string, body: string): string => `---\nname: ${name}\ndescription: ${description}\ntype: feedback\n---\n${body}\n`;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-cache-'));
    cache = join(scratch, 'cache');
    root = join(scratch, 'memory');
    mkdirSync(root);
    writeFileSync(join(root, 'feedback_tabs.md'), memory('tabs', 'Indent with tabs, never spaces', 'Indent with tabs.'));
    writeFileSync(join(root, 'feedback_deploy.md'), memory('deploy', 'Deploys go out on Tuesdays', 'We decided yesterday: deploys on Tuesdays.'));
    writeFileSync(join(root, 'MEMORY.md'), '# Memory\n\n- [Tabs](feedback_tabs.md) — tabs\n');
  });

  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  /** Settled, each edit waits for the clock's grain first (as real edits, seconds apart, do), so the metadata walk decides. */
  const randomEdits = async (settled: boolean): Promise<void> => {
    // In the process, through checkRoot as the CLI calls it: the cache is the bundled CLI's, named here.
    const withCache = cachedOptions(settled);
    const outputs = async (checkOptions: CheckRootOptions): Promise<string[]> => {
      if (checkOptions === withCache) {
        // As the CLI prints: results found by the metadata alone, and output kept for them.
        const printed: string[] = [];
        for (const format of ['text', 'json', 'sarif'] as const) {
          const outcome = await checkRootOrDefer('memory', scratch, withCache);
          printed.push((await printedCheck([outcome], { format, failOn: 'warning', version: 'test', cache: withCache.cache })).bytes.toString('utf8').slice(0, -1));
        }
        return printed;
      }
      const checked = [await checkRoot('memory', scratch, checkOptions)];
      return (['text', 'json', 'sarif'] as const).map((format) => render(format, checked, 'test'));
    };
    // A fixed seed, so a failure can be replayed.
    let seed = 20261207;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const words = ['yesterday', 'next week', '어제', '先週', 'on 2026-11-02', 'password: hunter2-Zx9!q', 'see [[tabs]]', 'see [[gone]]', 'Tuesdays', 'tabs'];
    const edits: ((step: number) => void)[] = [
      (step) => writeFileSync(join(root, `feedback_n${step}.md`), memory(`n${step}`, `Note ${words[random(words.length)]}`, words[random(words.length)])),
      () => {
        const files = readdirSync(root).filter((name) => name.startsWith('feedback_n'));
        if (files.length > 0) unlinkSync(join(root, files[random(files.length)]));
      },
      // Always a relative date here, so a change of only the modification time below changes what it counts from.
      () => writeFileSync(join(root, 'feedback_deploy.md'), memory('deploy', 'Deploys go out on Tuesdays', `We decided yesterday: ${words[random(words.length)]}`)),
      // Only the modification time: a relative date counts from it.
      () => utimesSync(join(root, 'feedback_deploy.md'), new Date(2026, random(12), 1 + random(28)), new Date(2026, random(12), 1 + random(28))),
      () => writeFileSync(join(root, 'MEMORY.md'), `# Memory\n\n${readdirSync(root).filter((name) => name !== 'MEMORY.md' && random(2) === 0).map((name) => `- [${name}](${name}) — ${words[random(words.length)]}\n`).join('')}`),
    ];
    let deferred = 0;
    for (let step = 0; step < 40; step++) {
      if (settled) await new Promise((resolve) => setTimeout(resolve, 25));
      edits[random(edits.length)](step);
      const cold = await outputs(options);
      assert.deepEqual(await outputs(withCache), cold, `step ${step}, first run`);
      if ('results' in (await checkRootOrDefer('memory', scratch, withCache))) deferred++;
      assert.deepEqual(await outputs(withCache), cold, `step ${step}, from the cache`);
    }
    assert.equal(entries().length, 1);
    // Settled, every run after the first found the root's entry by its metadata; racy, none did.
    assert.equal(deferred, settled ? 40 : 0);
  };

  it('gives the same findings with and without the cache through a random run of edits, and keeps one entry per root outside it', () => randomEdits(false));

  it('gives the same findings and output through a random run of edits when the files\' metadata is settled and the output is kept', () => randomEdits(true));

  it('prints kept output only for the results it was kept for, and renders again an output file cut short or foreign', async () => {
    const options = cachedOptions(true);
    const print = async (format: 'text' | 'json' = 'text'): Promise<string> => (await printedCheck([await checkRootOrDefer('memory', scratch, options)], { format, failOn: 'warning', version: 'test', cache: options.cache })).bytes.toString('utf8');
    const expected = await print();
    const [output] = readdirSync(cache).filter((name) => name.endsWith('.out'));
    const kept = readFileSync(join(cache, output));
    // A mark of the same length only the kept output can print: the root's results are not read at all.
    const marked = Buffer.from(kept.toString('latin1').replace('memories in 1 root', 'MEMORIES IN 1 ROOT'), 'latin1');
    writeFileSync(join(cache, output), marked);
    assert.match(await print(), /MEMORIES IN 1 ROOT/);
    // Another format is another slot; a file cut short or from another build is rendered again.
    assert.doesNotMatch(await print('json'), /MEMORIES/);
    for (const bad of [marked.subarray(0, marked.length - 1), Buffer.from(marked.toString('latin1').replace('"version":"test"', '"version":"tess"'), 'latin1'), Buffer.from('{')]) {
      writeFileSync(join(cache, output), bad);
      assert.equal(await print(), expected);
    }
    // Kept output that others could write is never printed: a shared cache folder must not speak for this user.
    writeFileSync(join(cache, output), marked);
    chmodSync(join(cache, output), 0o620);
    assert.equal(await print(), expected);
    // The root's entry found by its first line, its results corrupt after it: the root is checked again.
    unlinkSync(join(cache, output));
    const [entry] = entries();
    const good = readFileSync(join(cache, entry), 'utf8');
    writeFileSync(join(cache, entry), `${good.slice(0, good.indexOf('\n'))}\n{"memories":`);
    assert.equal(await print(), expected);
    // A memory changed: its root's key changes, and the kept output is not printed.
    writeFileSync(join(cache, output), marked);
    await new Promise((resolve) => setTimeout(resolve, 25));
    writeFileSync(join(root, 'feedback_tabs.md'), memory('tabs', 'Indent with tabs, never spaces', 'Indent with tabs, always.'));
    assert.doesNotMatch(await print(), /MEMORIES/);
  });

  it('keeps the printed output of the 16 runs used last', async () => {
    for (let at = 0; at < 20; at++) {
      const checked = { argument: `root-${at}`, memories: 0, problems: [], skipped: [], fixed: 0, notWritten: [], settledKey: 'k' };
      await printedCheck([checked], { format: 'text', failOn: 'warning', version: 'test', cache: cachedOptions().cache });
    }
    assert.equal(readdirSync(cache).filter((name) => name.endsWith('.out')).length, 16);
  });

  it('ignores a corrupt, truncated or foreign entry and writes a good one over it', async () => {
    const withCache = cachedOptions();
    const expected = await json(options);
    await json(withCache);
    const [entry] = entries();
    const good = readFileSync(join(cache, entry), 'utf8');
    for (const bad of ['{', '', good.replace('"version":"test"', '"version":"other"'), good.replace(/"memories":\d+/, '"memories":"two"'), good.replace(/"key":"[0-9a-f]+"/, '"key":"0"')]) {
      writeFileSync(join(cache, entry), bad);
      assert.equal(await json(withCache), expected);
      assert.equal(readFileSync(join(cache, entry), 'utf8'), good);
    }
    // The per-file part likewise, read when the root changed: nothing in it that this build did not write is taken.
    const part = join(cache, entry.replace(/\.json$/, '.files.json'));
    const goodPart = readFileSync(part, 'utf8');
    let step = 0;
    for (const bad of ['{', '[]', goodPart.replace('"context":"', '"context":"x'), goodPart.replace(/\["feedback_deploy\.md","[^"]+",/, '["feedback_deploy.md",7,'), goodPart.replace('"text":[', '"text":7,"x":['), goodPart.replace(/\{"text"/, '["text"')]) {
      writeFileSync(part, bad);
      writeFileSync(join(root, `feedback_n${step++}.md`), memory('n', 'Note', 'yesterday'));
      assert.equal(await json(withCache), await json(options));
    }
  });

  it('reads again only the memories that changed: the others\' text findings are taken from the last run while their bytes, time, options and day are the same', async () => {
    const withCache = cachedOptions();
    await json(withCache);
    const [entry] = entries();
    const part = join(cache, entry.replace(/\.json$/, '.files.json'));
    const kept = JSON.parse(readFileSync(part, 'utf8')) as { files: [string, string, { text: { message: string }[] }][] };
    const deploy = kept.files.find(([path]) => path === 'feedback_deploy.md')!;
    assert.match(deploy[2].text[0].message, /yesterday/);
    // A mark only a reading from the cache can print: the rules never write it.
    deploy[2].text[0].message = 'KEPT FROM THE LAST RUN';
    writeFileSync(part, JSON.stringify(kept));
    // Another memory changes, so the root's entry is a miss and the root is checked again.
    writeFileSync(join(root, 'feedback_tabs.md'), memory('tabs', 'Indent with tabs, never spaces', 'Indent with tabs since last week.'));
    const partly = JSON.parse(await json(withCache)) as { problems: { file: string; message: string }[] };
    const messages = partly.problems.map((problem) => `${problem.file.replace(/^memory\//, '')} ${problem.message}`);
    assert.ok(messages.includes('feedback_deploy.md KEPT FROM THE LAST RUN'), messages.join('\n'));
    assert.ok(messages.some((message) => message.startsWith('feedback_tabs.md') && /last week/.test(message)), messages.join('\n'));
    // Its own file touched (same bytes, another time): its dates count from another time, so it is read again.
    writeFileSync(part, JSON.stringify(kept));
    utimesSync(join(root, 'feedback_deploy.md'), new Date(2026, 0, 5), new Date(2026, 0, 5));
    assert.equal(await json(withCache), await json(options));
  });

  it('tells options apart: another type set or severity filter never reads another\'s results', () => {
    const claude = run(['check', 'memory', '--format', 'json']).stdout;
    const custom = run(['check', 'memory', '--format', 'json', '--types', 'decision']).stdout;
    assert.notEqual(custom, claude);
    assert.equal(run(['check', 'memory', '--format', 'json', '--types', 'decision', '--no-cache']).stdout, custom);
    assert.equal(run(['check', 'memory', '--format', 'json']).stdout, claude);
  });

  it('takes a FIFO or a link where an entry goes for a miss, without blocking or reading through it', async () => {
    const withCache = cachedOptions();
    const expected = await json(options);
    await json(withCache);
    const [entry] = entries();
    const elsewhere = join(scratch, 'elsewhere.json');
    writeFileSync(elsewhere, readFileSync(join(cache, entry)));
    unlinkSync(join(cache, entry));
    symlinkSync(elsewhere, join(cache, entry));
    assert.equal(await json(withCache), expected);
    unlinkSync(join(cache, entry));
    assert.equal(spawnSync('mkfifo', [join(cache, entry)]).status, 0);
    assert.equal(await json(withCache), expected);
  });

  it('never keeps or reuses a --fix run: a fix reads the files as they are', () => {
    const before = run(['check', 'memory', '--format', 'json']).stdout;
    assert.match(JSON.parse(run(['check', 'memory', '--fix', '--format', 'json']).stdout).roots[0].fixed.toString(), /^[1-9]/);
    const after = run(['check', 'memory', '--format', 'json']).stdout;
    assert.notEqual(after, before);
    assert.equal(after, run(['check', 'memory', '--format', 'json', '--no-cache']).stdout);
  });

  it('says where it keeps results and clears only its own entries', () => {
    run(['check', 'memory']);
    writeFileSync(join(cache, 'notes.txt'), 'mine');
    assert.equal(run(['cache', 'where']).stdout, `${cache}\n`);
    assert.equal(run(['cache', 'clear']).stdout, `1 entry removed from ${cache}\n`);
    assert.deepEqual(readdirSync(cache), ['notes.txt']);
    const status = spawnSync(process.execPath, [CLI, 'cache', 'wipe'], { encoding: 'utf8' }).status;
    assert.equal(status, 2);
  });

  it('keeps results in the platform\'s cache folder unless MEMORY_SHELF_CACHE_DIR names one', () => {
    assert.equal(cacheFolder({ MEMORY_SHELF_CACHE_DIR: '/x/cache' }, 'linux', '/home/u'), '/x/cache');
    assert.equal(cacheFolder({ XDG_CACHE_HOME: '/home/u/.xdg' }, 'linux', '/home/u'), join('/home/u/.xdg', 'memory-shelf'));
    assert.equal(cacheFolder({}, 'linux', '/home/u'), join('/home/u', '.cache', 'memory-shelf'));
    assert.equal(cacheFolder({}, 'darwin', '/Users/u'), join('/Users/u', 'Library', 'Caches', 'memory-shelf'));
    assert.equal(cacheFolder({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32', 'C:\\Users\\u'), join('C:\\Users\\u\\AppData\\Local', 'memory-shelf', 'Cache'));
  });
});
