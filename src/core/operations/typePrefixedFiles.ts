import type { MemoryStore } from '../memoryStore';

/**
 * Whether the root names its files the way Claude Code's auto memory does, `<type>_<topic>.md` with
 * `name: <topic>` (`feedback_testing.md` for `testing`): most typed memories whose name differs from
 * their stem have a stem of their type, a separator and their name. A folder where files are named
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
    if (stem.startsWith(type) && (separator === '_' || separator === '-') && stem.slice(type.length + 1).replace(/_/g, '-') === name) {
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
