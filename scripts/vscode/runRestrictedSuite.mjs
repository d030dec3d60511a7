// Runs the restricted-mode suite (out/test/restricted/index.js) in an untrusted window over a copy of
// test/fixtures/untrusted-repo, after making the parts of that repository git cannot hold: links out of
// it, a FIFO and /dev/zero where CLAUDE.md files are read. Exit code 1 on any failure.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runSuite } from './runSuite.mjs';
import { REPO_ROOT } from './setup.mjs';

const SUITE = join(REPO_ROOT, 'out', 'test', 'restricted', 'index.js');
const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'untrusted-repo');

/** `workspace` is `<run dir>/workspace`; the run's HOME is `<run dir>/home`, and `<run dir>/outside` stands for the rest of the disk. */
export function prepareUntrustedRepo(workspace) {
  const runDir = join(workspace, '..');
  const outside = join(runDir, 'outside');
  const home = join(runDir, 'home');
  mkdirSync(join(outside, 'dot-claude'), { recursive: true });
  writeFileSync(join(outside, 'bashrc'), 'export PATH="$HOME/bin:$PATH"\n');
  // Finding 2: Promote to Rule must not append to the file a project's CLAUDE.md links to outside it.
  symlinkSync(join('..', 'outside', 'bashrc'), join(workspace, 'CLAUDE.md'));
  // Finding 3: an index line through a linked folder inside the root must not create a file in ~/.claude.
  symlinkSync(join(outside, 'dot-claude'), join(workspace, 'memory', 'notes'));
  // Finding 4: root discovery reads these; neither may hang or fill the extension host.
  mkdirSync(join(workspace, '.claude'), { recursive: true });
  symlinkSync('/dev/zero', join(workspace, '.claude', 'CLAUDE.md'));
  execFileSync('mkfifo', [join(workspace, 'CLAUDE.local.md')]);
  // Finding 1: the committed settings.local.json points here (~/planted-memory): it must not become a root untrusted.
  mkdirSync(join(home, 'planted-memory'), { recursive: true });
  writeFileSync(join(home, 'planted-memory', 'MEMORY.md'), '# Memory\n\n- [Planted](reference_planted.md) — shown only if the settings file was honoured\n');
  writeFileSync(join(home, 'planted-memory', 'reference_planted.md'), '---\nname: planted\ndescription: shown only if the settings file was honoured\ntype: reference\n---\nPlanted.\n');
}

export function runRestrictedSuite(options = {}) {
  return runSuite({ ...options, suite: SUITE, fixture: FIXTURE, prepare: prepareUntrustedRepo, restricted: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runRestrictedSuite().then(
    ({ failed }) => process.exit(failed > 0 ? 1 : 0),
    (err) => { console.error(`[runRestrictedSuite] ERROR: ${err?.stack ?? err}`); process.exit(1); },
  );
}
