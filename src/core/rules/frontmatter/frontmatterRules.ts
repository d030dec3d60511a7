import type { FrontmatterError } from '../../frontmatter';
import { inferType } from '../../typeFromName';
import type { MemoryFile } from '../../memoryFile';
import type { TypeSet } from '../../memoryTypes';
import { ProblemCode, titleOf, type Problem, type ProblemFix } from '../../problems';
import { msg, type Text } from '../../text';
import { fieldAnchor, firstLineRange } from '../shared/problemAnchors';
import { setFieldEdit } from '../../edits/frontmatterEdits';
import { makeProblem } from '../shared/makeProblem';
import { shorten } from '../../edits/shorten';
import { suggestSlug } from '../../slug';
import { closestType } from './typeGuess';
import { checkDescriptionQuality } from './descriptionQuality';
import { quotedThenTextProblems } from './quotedThenText';
import { unquotedColonProblems } from './unquotedColon';
import { strayFenceProblem } from './strayFence';

/**
 * The rules that read one memory's frontmatter alone: whether it is there and parses, and whether
 * name, description and type are present and well-formed. A file without readable frontmatter gets
 * only that one problem, since every other finding would follow from it.
 */
export function checkFrontmatter(memory: MemoryFile, typeSet: TypeSet): Problem[] {
  const { frontmatter, path } = memory;
  if (frontmatter.status === 'missing') {
    return [makeProblem(ProblemCode.FrontmatterMissing, path, firstLineRange(memory), msg('No frontmatter: the file should start with a "---" block holding name, description and type.'))];
  }
  if (frontmatter.status === 'invalid') {
    if (frontmatter.errors.length === 0) {
      return [makeProblem(ProblemCode.FrontmatterInvalid, path, firstLineRange(memory), msg('Invalid frontmatter: The frontmatter cannot be read.'))];
    }
    const colons = unquotedColonProblems(memory, frontmatter.errors) ?? quotedThenTextProblems(memory, frontmatter.errors);
    const unexplained = colons?.explainsAll ? [] : frontmatter.errors.filter((error) => !colons?.lines.has(error.range.start.line));
    return [...(colons?.problems ?? []), ...unexplained.map((error) => makeProblem(ProblemCode.FrontmatterInvalid, path, error.range, invalidMessage(error)))];
  }
  // Fields cut off by a stray "---" are not missing: the one problem is the stray line.
  const stray = strayFenceProblem(memory);
  if (stray) return [stray];
  return [...checkName(memory), ...checkDescription(memory), ...checkType(memory, typeSet)];
}

function checkName(memory: MemoryFile): Problem[] {
  const { name, path, stem } = memory;
  if (name === undefined) {
    const slug = suggestSlug(undefined, stem);
    const fix = slug ? setFieldFix(memory, 'name', slug, msg('Add name: {0}', slug), true) : undefined;
    return [makeProblem(ProblemCode.NameMissing, path, fieldAnchor(memory, 'name'), msg('This memory has no name. [[Links]] and tools find a memory by its name.'), undefined, [fix])];
  }
  // Whether a present name is well written depends on the folder's convention: names/nameSlugRule.ts.
  return [];
}

function checkDescription(memory: MemoryFile): Problem[] {
  if (memory.description !== undefined) return checkDescriptionQuality(memory);
  const firstLine = firstBodyLine(memory);
  const fix = firstLine ? setFieldFix(memory, 'description', firstLine, msg('Add a description from the first line of the body'), false) : undefined;
  return [makeProblem(ProblemCode.DescriptionMissing, memory.path, fieldAnchor(memory, 'description'), msg('This memory has no description. Recall matches memories by their description, so this one is never recalled.'), undefined, [fix])];
}

function checkType(memory: MemoryFile, typeSet: TypeSet): Problem[] {
  const range = fieldAnchor(memory, memory.typeLocation === 'metadata' ? 'metadata.type' : 'type');
  const expected = typeSet.types.join(', ');
  if (memory.type === undefined) {
    const shape = typeShape(memory);
    const likely = inferType(memory.name ?? memory.stem, typeSet.types);
    if (shape) {
      const message = shape === 'list'
        ? msg('The type is a list, not one word: expected one of: {0}.', expected)
        : msg('The type is a map, not one word: expected one of: {0}.', expected);
      const fixes = typeFixes(memory, typeSet, likely, (type) => msg('Change the type to {0}', type));
      return [makeProblem(ProblemCode.TypeUnknown, memory.path, range, message, undefined, fixes)];
    }
    const fixes = typeFixes(memory, typeSet, likely, (type) => msg('Add type: {0}', type));
    return [makeProblem(ProblemCode.TypeMissing, memory.path, range, msg('No type: expected one of: {0}.', expected), undefined, fixes)];
  }
  if (typeSet.types.includes(memory.type)) return [];
  const fixes = typeFixes(memory, typeSet, closestType(memory.type, typeSet), (type) => msg('Change the type to {0}', type));
  return [makeProblem(ProblemCode.TypeUnknown, memory.path, range, msg('Unknown type "{0}": expected one of: {1}.', memory.type, expected), undefined, fixes)];
}

/** The problem of one YAML error; the parser's own English is passed on as it is, having no translation. */
function invalidMessage(error: FrontmatterError): Text {
  switch (error.reason) {
    case 'unterminated':
      return msg('Invalid frontmatter: The frontmatter block has no closing "---" line.');
    case 'not-a-mapping':
      return msg('Invalid frontmatter: The frontmatter is not a list of "key: value" pairs.');
    case 'yaml':
      return msg('Invalid frontmatter: {0}', error.message);
  }
}

function typeFixes(memory: MemoryFile, typeSet: TypeSet, likely: string | undefined, title: (type: string) => Text): (ProblemFix | undefined)[] {
  return typeSet.types.map((type) => setFieldFix(memory, 'type', type, title(type), type === likely));
}

function setFieldFix(memory: MemoryFile, key: 'name' | 'description' | 'type', value: string, title: Text, preferred: boolean): ProblemFix | undefined {
  const edit = setFieldEdit(memory, key, value);
  if (!edit) return undefined;
  return { ...titleOf(title), ...(preferred ? { preferred } : {}), edits: [{ kind: 'edit', path: memory.path, edits: [edit] }] };
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
