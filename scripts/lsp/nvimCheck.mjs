// Neovim, headless, with the Neovim 0.7 configuration of docs/lsp.md exactly as written, on a scratch
// project: the opened memory shows its diagnostics, an unopened one shows its own, and `[[link]]`
// jumps to the linked memory's `name:` line. Uses the built dist/cli.js as `memory-shelf` on PATH.
//   node scripts/lsp/nvimCheck.mjs   prints one line per check and `N passed, N failed`
// Exported as nvimCheck() for scripts/test.mjs; { skipped: true } when nvim is not installed.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const FILES = {
  'MEMORY.md': '# Memory\n\n- [Commit style](commit-style.md) — how commits are written\n- [Deploy steps](deploy-steps.md) — the deploy checklist\n',
  'commit-style.md': '---\nname: commit-style\ndescription: How commit messages are written here\ntype: feedback\n---\nAgreed yesterday: see [[deploy-steps]] before a release.\n',
  'deploy-steps.md': '---\nname: deploy-steps\ndescription: The checklist followed for every deploy\ntype: project\n---\nRun the tests, then tag.\n',
  'unlisted.md': '---\nname: unlisted\ndescription: A note nobody listed in the index\ntype: user\n---\nPlain text.\n',
};

// Line 6 (1-based), on the `deploy-steps` of the link.
const CHECK = (result) => `
local out = { diagnostics = {}, others = {} }
local buf = vim.api.nvim_get_current_buf()
local function code(d) return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) end
vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(out.diagnostics, code(d)) end
vim.wait(5000, function()
  for _, d in ipairs(vim.diagnostic.get()) do if d.bufnr ~= buf then return true end end
  return false
end, 50)
for _, d in ipairs(vim.diagnostic.get()) do
  if d.bufnr ~= buf then table.insert(out.others, vim.fn.fnamemodify(vim.api.nvim_buf_get_name(d.bufnr), ':t') .. ' ' .. code(d)) end
end
vim.api.nvim_win_set_cursor(0, { 6, 30 })
vim.lsp.buf.definition()
vim.wait(10000, function() return vim.api.nvim_buf_get_name(0):match('deploy%-steps%.md$') ~= nil end, 50)
out.file = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ':t')
out.cursor = vim.api.nvim_win_get_cursor(0)
local f = io.open(${JSON.stringify(result)}, 'w')
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd('qa!')
`;

export function documentedConfig() {
  const docs = readFileSync(join(REPO, 'docs', 'lsp.md'), 'utf8');
  const block = /<!-- nvim-0\.7:start -->\s*```lua\n([\s\S]*?)```\s*<!-- nvim-0\.7:end -->/.exec(docs);
  if (!block) throw new Error('docs/lsp.md has no <!-- nvim-0.7:start --> lua block');
  return block[1];
}

export function nvimCheck() {
  if (spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status !== 0) return { skipped: true, passed: 0, failed: 0, lines: ['nvim is not installed: apt-get install -y neovim'] };
  const scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-nvim-'));
  try {
    const project = join(scratch, 'project');
    const memory = join(project, 'memory');
    const bin = join(scratch, 'bin');
    const home = join(scratch, 'home');
    for (const folder of [memory, bin, home]) mkdirSync(folder, { recursive: true });
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(memory, name), text);
    writeFileSync(join(bin, 'memory-shelf'), `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'dist', 'cli.js')}" "$@"\n`);
    chmodSync(join(bin, 'memory-shelf'), 0o755);
    writeFileSync(join(scratch, 'init.lua'), documentedConfig());
    const result = join(scratch, 'result.json');
    writeFileSync(join(scratch, 'check.lua'), CHECK(result));
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share'), XDG_STATE_HOME: join(home, '.local', 'state'), CLAUDE_CONFIG_DIR: join(home, '.claude') };
    const run = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', join(scratch, 'init.lua'), '-c', `luafile ${join(scratch, 'check.lua')}`, join('memory', 'commit-style.md')], { cwd: project, env, encoding: 'utf8', timeout: 60_000 });
    let out;
    try {
      out = JSON.parse(readFileSync(result, 'utf8'));
    } catch {
      return { passed: 0, failed: 1, lines: [`nvim wrote no result (exit ${run.status ?? run.signal}): ${run.stderr}${run.stdout}`] };
    }
    const checks = [
      ['the opened memory shows its diagnostic (relative-date)', out.diagnostics.includes('relative-date')],
      ['an unopened memory shows its diagnostic (unlisted.md index-unlisted)', out.others.includes('unlisted.md index-unlisted')],
      ['[[deploy-steps]] jumps to deploy-steps.md, on its name: line', out.file === 'deploy-steps.md' && out.cursor[0] === 2],
    ];
    const lines = checks.map(([what, ok]) => `${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (checks.some(([, ok]) => !ok)) lines.push(`nvim saw: ${JSON.stringify(out)}`);
    return { passed: checks.filter(([, ok]) => ok).length, failed: checks.filter(([, ok]) => !ok).length, lines };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { passed, failed, lines } = nvimCheck();
  for (const line of lines) console.log(line);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
