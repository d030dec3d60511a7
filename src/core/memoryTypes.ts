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
export function resolveTypeSet(preset: string | undefined, custom: readonly unknown[] | undefined): TypeSet {
  if (preset === 'madohub') return { preset, types: MADOHUB_TYPES };
  if (preset === 'custom') {
    const types = [...new Set((custom ?? []).filter((t): t is string => typeof t === 'string').map((t) => t.trim()).filter(Boolean))];
    if (types.length > 0) return { preset, types };
  }
  return { preset: 'claude-code', types: CLAUDE_CODE_TYPES };
}

export function isKnownType(typeSet: TypeSet, type: string | undefined): type is string {
  return type !== undefined && typeSet.types.includes(type);
}
