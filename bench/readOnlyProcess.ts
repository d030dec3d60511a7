// The process `memory-shelf check` is compared with: it only reads every .md file of the root.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
let characters = 0;
for (const file of readdirSync(folder)) if (file.endsWith('.md')) characters += readFileSync(join(folder, file), 'utf8').length;
process.stdout.write(`${characters}\n`);
