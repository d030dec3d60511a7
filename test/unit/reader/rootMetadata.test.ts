import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RACY_WINDOW_MS, rootMetadata, type RootMetadata } from '../../../src/reader';

/** Past the clock's grain, so a change made now gets another change time than the last one. */
const nextTick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 25));

describe('a root\'s metadata, walked without reading a file', () => {
  let scratch: string;
  let root: string;
  // Files written by the test are seconds old at most: a clock past the racy window lets their metadata decide.
  const settled = (): string => {
    const metadata: RootMetadata = rootMetadata(root, Date.now() + RACY_WINDOW_MS + 1000);
    assert.equal(metadata.kind, 'settled');
    return (metadata as { digest: string }).digest;
  };

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-metadata-'));
    root = join(scratch, 'memory');
    mkdirSync(root);
    writeFileSync(join(root, 'MEMORY.md'), '# Memory\n- [Tabs](feedback_tabs.md) — tabs\n');
    writeFileSync(join(root, 'feedback_tabs.md'), '---\nname: tabs\n---\nIndent with tabs.\n');
  });

  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('is the same for a root that did not change, and says racy for files changed within the window', () => {
    assert.equal(settled(), settled());
    assert.equal(rootMetadata(root).kind, 'racy');
    assert.equal(rootMetadata(join(scratch, 'absent')).kind, 'unknown');
  });

  it('changes with a same-size rewrite whose modification time was put back, a mode, a new file, a removed file and a link led elsewhere', async () => {
    const file = join(root, 'feedback_tabs.md');
    // A whole second, which a tool that keeps a file's time (`touch -r`, an unpacked archive) puts back exactly.
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    const seen = new Set([settled()]);
    const step = async (what: string, change: () => void): Promise<void> => {
      await nextTick();
      change();
      const digest = settled();
      assert.ok(!seen.has(digest), what);
      seen.add(digest);
    };
    await step('same size, time put back', () => {
      writeFileSync(file, '---\nname: tabs\n---\nIndent with TABS.\n');
      utimesSync(file, 1_700_000_000, 1_700_000_000);
      assert.equal(statSync(file).mtimeMs, 1_700_000_000_000);
    });
    await step('mode', () => chmodSync(file, 0o600));
    await step('new file', () => writeFileSync(join(root, 'feedback_new.md'), 'x'));
    await step('removed file', () => unlinkSync(join(root, 'feedback_new.md')));
    writeFileSync(join(root, 'a.md'), 'a');
    writeFileSync(join(root, 'b.md'), 'b');
    await step('link', () => symlinkSync('a.md', join(root, 'feedback_link.md')));
    await step('link led elsewhere', () => {
      unlinkSync(join(root, 'feedback_link.md'));
      symlinkSync('b.md', join(root, 'feedback_link.md'));
    });
    await step('linked file rewritten', () => writeFileSync(join(root, 'b.md'), 'B'));
  });

  it('leaves out what the reader never reads: hidden folders and protected folders', async () => {
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'agents'));
    const before = settled();
    await nextTick();
    writeFileSync(join(root, '.git', 'index'), 'changed');
    writeFileSync(join(root, 'agents', 'reviewer.md'), 'changed');
    assert.equal(settled(), before);
  });
});
