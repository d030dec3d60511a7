/**
 * The type a name announces with its prefix: `feedback-report-writing` -> `feedback`, among the
 * configured types, the longest prefix winning. A bare type name announces nothing.
 */
export function inferType(name: string, types: readonly string[]): string | undefined {
  const folded = name.trim().toLowerCase();
  let best: string | undefined;
  for (const type of types) {
    const prefix = type.toLowerCase();
    if (folded.length > prefix.length + 1 && folded.startsWith(prefix) && /[-_ ]/.test(folded[prefix.length])) {
      if (!best || type.length > best.length) best = type;
    }
  }
  return best;
}
