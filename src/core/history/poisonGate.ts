import { scanPoisoning, type PoisonFinding } from '../poison/poisonScan';
import { formatText } from '../text';
import type { GateVerdict } from './gate';

/**
 * The poisoning a write adds to a memory: findings of `after` that `before` did not hold. Compared by
 * kind and the line they stand on, not by offset, since an edit above moves every offset below it.
 */
export function addedPoisoning(before: string, after: string): PoisonFinding[] {
  const key = (text: string, finding: PoisonFinding): string => `${finding.kind}\u0000${lineAt(text, finding.start)}`;
  const held = new Map<string, number>();
  for (const finding of scanPoisoning(before)) {
    const k = key(before, finding);
    held.set(k, (held.get(k) ?? 0) + 1);
  }
  const added: PoisonFinding[] = [];
  for (const finding of scanPoisoning(after)) {
    const k = key(after, finding);
    const left = held.get(k) ?? 0;
    if (left > 0) held.set(k, left - 1);
    else added.push(finding);
  }
  return added;
}

function lineAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end < 0 ? undefined : end).trim();
}

/**
 * Blocks an agent's write that plants hidden text, markup imitating the agent's channel or an
 * instruction in memory, whatever the memory's approval: the next session would read it as given.
 * The reason repeats each finding's message, which names characters by code point and never quotes the
 * planted words.
 */
export function gatePoisonVerdict(shownPath: string, added: readonly PoisonFinding[]): GateVerdict {
  if (added.length === 0) return { allow: true };
  const lines = [...new Set(added.map((finding) => `- ${formatText(finding.message)}`))];
  return {
    allow: false,
    reason: [
      `Memory Shelf review gate: blocked. This write would put into ${shownPath} what the next session would read as instructions:`,
      ...lines,
      'Write the fact in plain words, without hidden characters, markup or instructions addressed to the agent. If the user asked for this, they can make the change themselves.',
    ].join('\n'),
  };
}
