import type { TypeSet } from '../../memoryTypes';

/**
 * The configured type an unknown one was most likely meant to be: the same word in another case or
 * number, or the one type within two typing mistakes. Undefined when no single type stands out.
 */
export function closestType(value: string, typeSet: TypeSet): string | undefined {
  const folded = value.trim().toLowerCase();
  const exact = typeSet.types.find((type) => type.toLowerCase() === folded || type.toLowerCase() + 's' === folded);
  if (exact) return exact;
  const near = typeSet.types.filter((type) => editDistance(type.toLowerCase(), folded) <= 2);
  return near.length === 1 ? near[0] : undefined;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
