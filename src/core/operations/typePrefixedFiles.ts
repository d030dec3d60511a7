import type { MemoryStore } from '../memoryStore';

/**
 * Whether the root names its files the way Claude Code's auto memory does, `<type>_<topic>.md` with
 * a `name:` that is the topic or a title in any language (`feedback_testing.md` for `testing`,
 * `feedback_keigo.md` for `敬語で対応`): most typed memories whose file does not follow their name have a stem
 * of their type, a separator and a topic. A folder where files are named
 * after the full name (`feedback-testing.md` for `feedback-testing`) is not.
 */
export function typePrefixSeparator(store: MemoryStore): '_' | '-' | undefined {
  let prefixed = 0;
  let others = 0;
  const separators = { _: 0, '-': 0 };
  for (const memory of store.memories()) {
    if (!memory.type || !memory.name) continue;
    const stem = memory.stem.toLowerCase();
    const type = memory.type.toLowerCase();
    const name = memory.name.toLowerCase().replace(/_/g, '-');
    const separator = stem[type.length];
    // A file named after a name that carries the type (feedback-small-prs, feedback_small_prs.md) follows the
    // name, not a prefix. Otherwise the type in front counts whatever follows it: Claude Code names files by an
    // English topic while `name:` holds a title in any language (feedback_keigo.md, name: 敬語で対応).
    const followsName = stem.replace(/_/g, '-') === name;
    if (!followsName && stem.startsWith(type) && (separator === '_' || separator === '-') && stem.length > type.length + 1) {
      prefixed++;
      separators[separator]++;
    } else {
      others++;
    }
  }
  if (prefixed === 0 || prefixed <= others) return undefined;
  return separators._ >= separators['-'] ? '_' : '-';
}

/** The file stem a new memory `name` of `type` gets where the root prefixes files with their type; undefined where it does not. */
export function typePrefixedStem(store: MemoryStore, name: string, type: string | undefined): string | undefined {
  const prefix = typePrefixSeparator(store);
  return prefix && type ? `${type}${prefix}${name}` : undefined;
}
