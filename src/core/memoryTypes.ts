/** The named type sets a user can pick; `custom` takes its types from settings. */
export type TypePreset = 'claude-code' | 'madohub' | 'custom';

/** The closed set of memory types a root accepts, in display order. */
export interface TypeSet {
  readonly preset: TypePreset;
  readonly types: readonly string[];
}

export const CLAUDE_CODE_TYPES: readonly string[] = ['user', 'feedback', 'project', 'reference'];
export const MADOHUB_TYPES: readonly string[] = ['preference', 'fact', 'decision', 'pattern', 'postmortem', 'event'];

/**
 * Builds the type set from the user's settings. An empty or unusable custom list falls back to Claude
 * Code's four, so a half-finished setting never turns every memory "unknown".
 */
/**
 * A custom type is a plain name (letters of any script, digits, `_`, `-`): it becomes a file-name
 * prefix and a template's file name (`<templatesFolder>/<type>.md`), so `../x` or `a/b` would lead out
 * of the folder, and Markdown in it would render in tooltips.
 */
export function isPlainTypeName(type: string): boolean {
  return type.length <= 64 && /^[\p{L}\p{M}\p{N}_-]+$/u.test(type);
}

export function resolveTypeSet(preset: string | undefined, custom: readonly unknown[] | undefined): TypeSet {
  if (preset === 'madohub') return { preset, types: MADOHUB_TYPES };
  if (preset === 'custom') {
    const types = [...new Set((custom ?? []).filter((t): t is string => typeof t === 'string').map((t) => t.trim()).filter(isPlainTypeName))];
    if (types.length > 0) return { preset, types };
  }
  return { preset: 'claude-code', types: CLAUDE_CODE_TYPES };
}

export function isKnownType(typeSet: TypeSet, type: string | undefined): type is string {
  return type !== undefined && typeSet.types.includes(type);
}
