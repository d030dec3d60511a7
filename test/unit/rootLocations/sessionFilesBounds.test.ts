import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSessionLoad } from '../../../src/core/sessionLoad';
import { nodeReaderHost } from '../../../src/reader';
import { nodeRootsHost } from '../../../src/rootLocations/nodeRootsHost';
import { gatherSessionFiles, MAX_SESSION_BYTES, MAX_SESSION_FILES } from '../../../src/rootLocations/sessionFiles';

/**
 * Issue #36, Medium 5: a small CLAUDE.md whose imports name the same folder many ways (links to `.`)
 * made the preview read thousands of copies of one file and hold gigabytes. Each real file now loads
 * once, the preview reads a bounded number of files and bytes, and a folder is never read as a file.
 */
describe('the session preview stays bounded on a hostile CLAUDE.md', function () {
  this.timeout(60_000);
  let scratch: string;
  let project: string;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-preview-bounds-'));
    project = join(scratch, 'project');
    mkdirSync(join(scratch, 'home'), { recursive: true });
    mkdirSync(project);
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  const preview = async () => {
    const gathered = await gatherSessionFiles({ folder: project, homeDir: join(scratch, 'home'), env: {}, platform: 'linux', trusted: false }, nodeReaderHost, nodeRootsHost);
    return { gathered, load: buildSessionLoad(gathered.input) };
  };

  it('loads a file reached through 45 links to its own folder once', async () => {
    const imports: string[] = [];
    for (let i = 0; i < 45; i++) {
      symlinkSync('.', join(project, `l${i}`));
      imports.push(`@l${i}/CLAUDE.md`);
    }
    writeFileSync(join(project, 'CLAUDE.md'), `${imports.join('\n')}\n`);
    const started = Date.now();
    const { gathered, load } = await preview();
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    assert.equal(load.parts.filter((part) => part.status === 'loaded').length, 1);
    // The 45 names and the slots Claude Code looks in; before, hop after hop of names (capped at 2,000 reads).
    assert.ok(gathered.input.files.size <= 60, `read ${gathered.input.files.size} files`);
    assert.ok(load.parts.length <= 50, `${load.parts.length} parts`);
  });

  it('reads at most its file and byte bounds, however many distinct files import each other', async () => {
    const count = 400;
    const body = 'x'.repeat(60_000);
    for (let i = 0; i < count; i++) writeFileSync(join(project, `f${i}.md`), `${Array.from({ length: 45 }, (_v, k) => `@f${(i * 45 + k + 1) % count}.md`).join('\n')}\n${body}\n`);
    writeFileSync(join(project, 'CLAUDE.md'), `${Array.from({ length: 45 }, (_v, k) => `@f${k}.md`).join('\n')}\n`);
    const { gathered, load } = await preview();
    const text = [...gathered.input.files.values()].reduce((sum, file) => sum + (file.text?.length ?? 0), 0);
    assert.ok(text <= MAX_SESSION_BYTES, `held ${text} characters`);
    assert.ok(gathered.input.files.size <= MAX_SESSION_FILES + 10);
    assert.ok(load.parts.some((part) => part.status === 'missing' && part.problem === 'too-large'), 'what is past the bound says so');
  });

  it('refuses a folder named as an import without reading it', async () => {
    mkdirSync(join(project, 'docs'));
    writeFileSync(join(project, 'CLAUDE.md'), '@docs\n@./\n');
    const { load } = await preview();
    assert.deepEqual(load.parts.filter((part) => part.kind === 'import').map((part) => [part.status, part.problem]), [['missing', 'unreadable'], ['missing', 'unreadable']]);
  });
});
