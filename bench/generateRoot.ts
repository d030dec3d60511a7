import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seeded } from './random';

const TYPES = ['user', 'feedback', 'project', 'reference'];
const PHRASES = [
  '실측 데이터가 없을 때 표의 셀은 빈칸으로 남겨둔다.',
  '보고서는 .docx로 납품하고 PDF는 받지 않는다.',
  'LaTeX does not render in this viewer, so formulas are written in Unicode.',
  'Keep pull requests small; reviewers skim long diffs.',
  '実測データは研究室の共有ドライブに置く。',
  'The legacy folder was retired on 2026-03-01; do not write there.',
  '수식은 $$...$$ 형식이면 렌더링되지 않으니 Unicode로 작성한다.',
  'Deploys happen from the main branch only, after the checks pass.',
];


/**
 * The stress corpus: eight sentences for every body, so most memories are near-duplicates of many
 * others (a worst case for the near-duplicate rule). Writes `count` memory files shaped like Claude Code's (metadata.type, session id, timestamp,
 * a body of a few lines with [[links]]), about 1.1 KB each, and a MEMORY.md listing them.
 */
export function generateRoot(folder: string, count: number): void {
  mkdirSync(folder, { recursive: true });
  const next = seeded(42).next;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const index: string[] = ['# Memory index', ''];
  for (let i = 0; i < count; i++) {
    const type = TYPES[i % TYPES.length];
    const name = `${type}-fact-${i}`;
    const body = Array.from({ length: 12 }, () => pick(PHRASES));
    body.push(`See [[${TYPES[(i + 1) % 4]}-fact-${(i + 7) % count}]] and [[${type}-fact-${(i * 13) % (count + 50)}]].`);
    const text = [
      '---',
      `name: ${name}`,
      `description: ${pick(PHRASES)} (${i})`,
      'metadata:',
      `  type: ${type}`,
      `  originSessionId: ${Math.floor(next() * 1e12).toString(16)}-4f7e-9a51-7c2e8d9f0a11`,
      `  modified: 2026-07-${String(1 + (i % 28)).padStart(2, '0')}T07:40:18.191Z`,
      '---',
      ...body,
      '',
    ].join('\n');
    const file = `${name.replace(/-/g, '_')}.md`;
    writeFileSync(join(folder, file), text);
    index.push(`- [${name}](${file}) — ${pick(PHRASES)}`);
  }
  writeFileSync(join(folder, 'MEMORY.md'), index.join('\n') + '\n');
}
