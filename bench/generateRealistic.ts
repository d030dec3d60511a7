import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seeded, shuffled, type Random } from './random';
import { application, fact, facts, memoryNames, reason } from './sentences';
import { HOW_LABEL, INDEX_HEADINGS, RELATIVE_DATES, TOPIC_NOUNS, TOPIC_QUALIFIERS, WHY_LABEL, type Language } from './vocabulary';

const TYPES = ['feedback', 'feedback', 'feedback', 'project', 'project', 'user', 'reference'] as const;
const LANGUAGES: readonly Language[] = ['ko', 'ko', 'ja', 'ja', 'en', 'en', 'en'];

interface Planned {
  readonly file: string;
  readonly name: string;
  readonly type: string;
  readonly language: Language;
  readonly title: string;
  readonly description: string;
}

/**
 * The realistic corpus: Claude Code-shaped `<type>_<topic>.md` files with name/description/type
 * frontmatter, in Korean, Japanese and English, bodies of one to three facts with a Why and a How
 * to apply line, a few dates, [[links]] among them (some dangling), a few relative dates, and a
 * MEMORY.md with one line per memory (some missing, a few pointing at files that are gone), in
 * the prose and bold shapes real indexes use. Past 200 memories the index is over Claude Code's budget.
 */
export function generateRealistic(folder: string, count: number): void {
  mkdirSync(folder, { recursive: true });
  const random = seeded(2026);
  const topics = shuffled(TOPIC_QUALIFIERS.flatMap((q) => TOPIC_NOUNS.map((n) => `${q}-${n}`)), random);
  if (count > topics.length) throw new Error(`the realistic corpus has ${topics.length} topics, not ${count}`);
  const planned: Planned[] = [];
  for (let i = 0; i < count; i++) {
    const type = random.pick(TYPES);
    const topic = topics[i];
    const language = random.pick(LANGUAGES);
    // Claude Code writes the name as the topic, the type-prefixed slug or the file stem: a folder mixes them.
    const name = random.chance(0.6) ? topic : random.chance(0.75) ? `${type}-${topic}` : `${type}_${topic}`;
    const names = memoryNames(language, random);
    const description = fact(language, random, names).replace(/[.。]$/, '');
    const title = language === 'en' ? topic.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()) : description.replace(/`/g, '').slice(0, 8 + random.below(10)).trim();
    planned.push({ file: `${type}_${topic}.md`, name, type, language, title, description });
  }
  for (const memory of planned) writeFileSync(join(folder, memory.file), memoryText(memory, planned, random));
  writeFileSync(join(folder, 'MEMORY.md'), indexText(planned, random));
}

function memoryText(memory: Planned, all: readonly Planned[], random: Random): string {
  const { language } = memory;
  const names = memoryNames(language, random);
  const body: string[] = [];
  body.push(...facts(language, random, names, 1 + random.below(3)));
  if (random.chance(0.04)) body.push(relativeDateLine(language, random));
  body.push('', `${WHY_LABEL[language]} ${reason(language, random, names)}`, `${HOW_LABEL[language]} ${application(language, random, names)}`);
  if (random.chance(0.3)) {
    // Links by name to neighbours; one in fifty to a memory that was never written.
    const links = Array.from({ length: 1 + random.below(3) }, () => (random.chance(0.02) ? `${memory.type}-retired-${random.below(1000)}` : random.pick(all).name));
    body.push('', `${{ en: 'See also', ko: '관련', ja: '関連' }[language]}: ${links.map((link) => `[[${link}]]`).join(', ')}`);
  }
  // Quoted where YAML needs it (a leading indicator such as a backtick, ': ' or ' #'), as Claude Code's writer does.
  const description = /^[`'"[\]{}&*!|>%@,#?:-]|: | #/.test(memory.description) ? JSON.stringify(memory.description) : memory.description;
  return ['---', `name: ${memory.name}`, `description: ${description}`, `type: ${memory.type}`, '---', ...body, ''].join('\n');
}

function relativeDateLine(language: Language, random: Random): string {
  const when = random.pick(RELATIVE_DATES[language]);
  return { en: `The vendor said ${when} that the fix is deployed.`, ko: `${when} 업체가 수정이 배포됐다고 했다.`, ja: `${when}、業者から修正を反映したと連絡があった。` }[language];
}

function indexText(planned: readonly Planned[], random: Random): string {
  const lines = ['# Memory index', ''];
  let heading = '';
  // Grouped by type under headings, as people tidy their index; a few memories never made it in.
  const byType = [...planned].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  for (const memory of byType) {
    if (memory.type !== heading) {
      if (heading) lines.push('');
      heading = memory.type;
      lines.push(INDEX_HEADINGS[heading][memory.language]);
    }
    if (random.chance(0.02)) continue;
    const file = random.chance(0.005) ? memory.file.replace('.md', '-old.md') : memory.file;
    const hook = memory.description.length > 60 ? memory.description.slice(0, 60).trimEnd() + '…' : memory.description;
    const shape = random.next();
    if (shape < 0.7) lines.push(`- [${memory.title}](${file}) — ${hook}`);
    else if (shape < 0.9) lines.push(`- **[${memory.title}](${file})** — ${hook}`);
    else lines.push(`- [${memory.title}](${file}): ${hook}`);
  }
  return lines.join('\n') + '\n';
}
