// The README's settings table, generated from package.json's contributes.configuration and the English
// descriptions in package.nls.json, between <!-- settings:start --> and <!-- settings:end -->.
//   node scripts/settingsTable.mjs          rewrite the table in README.md
//   node scripts/settingsTable.mjs --check  exit 1 if README.md's table is not what package.json says
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const START = '<!-- settings:start -->';
const END = '<!-- settings:end -->';

/** `%key%` resolved in the English strings; `#memoryShelf.x#` setting links written as code. */
function english(value, nls) {
  const text = typeof value === 'string' && /^%.+%$/.test(value) ? nls[value.slice(1, -1)] : value;
  return String(text ?? '').replace(/`?#(memoryShelf\.[\w.]+)#`?/g, '`$1`');
}

function cell(text) {
  return text.replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|').trim();
}

function typeOf(setting) {
  if (setting.enum) return setting.enum.map((value) => `\`${value}\``).join(', ');
  if (setting.type === 'array') return `array of ${setting.items?.type ?? 'values'}`;
  if (setting.type === 'object' && setting.properties) return `object: ${Object.keys(setting.properties).length} keys`;
  return setting.type;
}

export function settingsTable(manifest, nls) {
  const properties = manifest.contributes.configuration.properties;
  const rows = Object.entries(properties).map(([name, setting]) => {
    const description = english(setting.markdownDescription ?? setting.description, nls);
    const restricted = manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations?.includes(name) ? ' Not read from an untrusted workspace.' : '';
    return `| \`${name}\` | ${cell(typeOf(setting))} | \`${JSON.stringify(setting.default)}\` | ${cell(description + restricted)} |`;
  });
  return ['| Setting | Values | Default | What it does |', '|---|---|---|---|', ...rows].join('\n');
}

export function withTable(readme, table) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} ... ${END} section`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  const nls = JSON.parse(readFileSync(join(REPO, 'package.nls.json'), 'utf8'));
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const updated = withTable(readme, settingsTable(manifest, nls));
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error('README.md\'s settings table differs from package.json: run node scripts/settingsTable.mjs');
      process.exit(1);
    }
    console.log('README.md\'s settings table matches package.json');
  } else if (updated !== readme) {
    writeFileSync(join(REPO, 'README.md'), updated);
    console.log('README.md: settings table rewritten');
  }
}
