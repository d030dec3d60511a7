import type { MemoryFile } from '../../memoryFile';

/**
 * A short fingerprint of a memory's text, kept in the extension's storage as "what a person last
 * approved". FNV-1a over UTF-16 code units in two 32-bit halves: not cryptographic (nobody gains by
 * forging one), stable across runs and machines, and cheap enough to compute for every file at load.
 */
export function contentHash(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x6c62272e;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    low = Math.imul(low ^ code, 0x01000193) >>> 0;
    high = Math.imul(high ^ code ^ (low >>> 13), 0x01000193) >>> 0;
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

/** Why a memory waits for a person. */
export type ReviewReason = 'new' | 'changed' | 'candidate' | 'stale-candidate';

/** Pending candidates untouched this long are stale: offered for archiving rather than approval. */
export const STALE_CANDIDATE_DAYS = 30;

/**
 * Whether `memory` waits for review, given the hash a person last approved (undefined: never
 * approved), when the file was last modified, and now. A `status: pending` key (MadoHub's queue)
 * makes it a candidate whatever its hash: approving a candidate is promoting it, not just looking.
 */
export function reviewReason(memory: MemoryFile, approvedHash: string | undefined, modifiedMs: number | undefined, nowMs: number): ReviewReason | undefined {
  if (isPendingCandidate(memory)) {
    const stale = modifiedMs !== undefined && nowMs - modifiedMs > STALE_CANDIDATE_DAYS * 86_400_000;
    return stale ? 'stale-candidate' : 'candidate';
  }
  if (approvedHash === undefined) return 'new';
  return approvedHash === contentHash(memory.text) ? undefined : 'changed';
}

export function isPendingCandidate(memory: MemoryFile): boolean {
  const { data } = memory.frontmatter;
  const metadata = typeof data.metadata === 'object' && data.metadata !== null ? (data.metadata as Record<string, unknown>) : {};
  const status = data.status ?? metadata.status;
  return typeof status === 'string' && status.trim().toLowerCase() === 'pending';
}
