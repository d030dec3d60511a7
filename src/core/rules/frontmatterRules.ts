import { inferType } from '../linking/stub';
import type { MemoryFile } from '../memoryFile';
import type { TypeSet } from '../memoryTypes';
import { ProblemCode, type Problem, type ProblemFix } from '../problems';
import { fieldAnchor, firstLineRange } from './anchors';
import { setFieldEdit } from './frontmatterEdits';
import { makeProblem } from './makeProblem';
import { shorten } from './shorten';
import { isSlug, suggestSlug } from './slug';
import { closestType } from './typeGuess';

/**
 * The rules that read one memory's frontmatter alone: whether it is there and parses, and whether
 * name, description and type are present and well-formed. A file without readable frontmatter gets
 * only that one problem, since every other finding would follow from it.
 */
export function checkFrontmatter(memory: MemoryFile, typeSet: TypeSet): Problem[] {
  const { frontmatter, path } = memory;
  if (frontmatter.status === 'missing') {
    return [makeProblem(ProblemCode.FrontmatterMissing, path, firstLineRange(memory), 'No frontmatter: the file should start with a "---" block holding name, description and type.')];
  }
  if (frontmatter.status === 'invalid') {
    const errors = frontmatter.errors.length > 0 ? frontmatter.errors : [{ message: 'The frontmatter cannot be read.', range: firstLineRange(memory) }];
    return errors.map((error) => makeProblem(ProblemCode.FrontmatterInvalid, path, error.range, `Invalid frontmatter: ${error.message}`));
  }
  return [...checkName(memory), ...checkDescription(memory), ...checkType(memory, typeSet)];
}

function checkName(memory: MemoryFile): Problem[] {
  const { name, path, stem } = memory;
  if (name === undefined) {
    const slug = suggestSlug(undefined, stem);
    const fix = slug ? setFieldFix(memory, 'name', slug, `Add name: ${slug}`, true) : undefined;
    return [makeProblem(ProblemCode.NameMissing, path, fieldAnchor(memory, 'name'), 'No name: [[links]] and tools identify a memory by its name.', undefined, [fix])];
  }
  if (isSlug(name)) return [];
  const slug = suggestSlug(name, stem);
  const fix = slug && slug !== name ? setFieldFix(memory, 'name', slug, `Change the name to ${slug}`, true) : undefined;
  return [makeProblem(ProblemCode.NameNotSlug, path, fieldAnchor(memory, 'name'), `The name "${name}" is not a kebab-case slug (lowercase a-z, 0-9 and single hyphens).`, undefined, [fix])];
}

function checkDescription(memory: MemoryFile): Problem[] {
  if (memory.description !== undefined) return [];
  const firstLine = firstBodyLine(memory);
  const fix = firstLine ? setFieldFix(memory, 'description', firstLine, 'Add a description from the first line of the body', false) : undefined;
  return [makeProblem(ProblemCode.DescriptionMissing, memory.path, fieldAnchor(memory, 'description'), 'No description: it is the one line recall matches, so this memory is never recalled.', undefined, [fix])];
}

function checkType(memory: MemoryFile, typeSet: TypeSet): Problem[] {
  const range = fieldAnchor(memory, memory.typeLocation === 'metadata' ? 'metadata.type' : 'type');
  const expected = `expected one of: ${typeSet.types.join(', ')}.`;
  if (memory.type === undefined) {
    const shape = typeShape(memory);
    if (shape) {
      const fixes = typeFixes(memory, typeSet, inferType(memory.name ?? memory.stem, typeSet.types), 'Change the type to');
      return [makeProblem(ProblemCode.TypeUnknown, memory.path, range, `The type is a ${shape}, not one word: ${expected}`, undefined, fixes)];
    }
    const fixes = typeFixes(memory, typeSet, inferType(memory.name ?? memory.stem, typeSet.types), 'Add type:');
    return [makeProblem(ProblemCode.TypeMissing, memory.path, range, `No type: ${expected}`, undefined, fixes)];
  }
  if (typeSet.types.includes(memory.type)) return [];
  const fixes = typeFixes(memory, typeSet, closestType(memory.type, typeSet), 'Change the type to');
  return [makeProblem(ProblemCode.TypeUnknown, memory.path, range, `Unknown type "${memory.type}": ${expected}`, undefined, fixes)];
}

function typeFixes(memory: MemoryFile, typeSet: TypeSet, likely: string | undefined, verb: string): (ProblemFix | undefined)[] {
  return typeSet.types.map((type) => setFieldFix(memory, 'type', type, `${verb} ${type}`, type === likely));
}

function setFieldFix(memory: MemoryFile, key: 'name' | 'description' | 'type', value: string, title: string, preferred: boolean): ProblemFix | undefined {
  const edit = setFieldEdit(memory, key, value);
  if (!edit) return undefined;
  return { title, ...(preferred ? { preferred } : {}), edits: [{ kind: 'edit', path: memory.path, edits: [edit] }] };
}

/** What a `type` holding something other than one word holds: a list or a map. */
function typeShape(memory: MemoryFile): 'list' | 'map' | undefined {
  const data = memory.frontmatter.data;
  const metadata = data.metadata;
  const raw = memory.typeLocation === 'metadata' && typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>).type : data.type;
  if (Array.isArray(raw)) return 'list';
  return typeof raw === 'object' && raw !== null ? 'map' : undefined;
}

/**
 * The body's first line of prose, for a description: Markdown markers dropped, cut at a word near
 * 150 characters (Claude Code's advice for an index line, which the description feeds).
 */
function firstBodyLine(memory: MemoryFile): string | undefined {
  const body = memory.text.slice(memory.frontmatter.bodyStart);
  for (const raw of body.split(/\r\n|\n|\r/)) {
    const line = raw.replace(/^\s*(?:#{1,6}\s+|[-*+>]\s+|\d+[.)]\s+)*/, '').replace(/\s+/g, ' ').trim();
    if (line === '' || /^(?:`{3,}|~{3,}|---)/.test(line)) continue;
    return shorten(line, 150);
  }
  return undefined;
}
