import { foldApprovals, isHistoryPath, isBlobHash, type ApprovalEvent } from './historyEvent';

/**
 * Approvals live in a folder the agent's shell can write, so each line Memory Shelf writes carries a
 * seal: a keyed hash of the line and of the seal before it (a chain), with the last seal kept beside
 * the log. A line added or altered by anything else does not verify; a line taken out breaks the chain
 * or leaves the last seal unfound. This notices a shell write (`echo >>`, `sed -i`); it does not stop a
 * program that reads the key and forges seals, which no file the same user can write could.
 * Pure: the store computes the keyed hash.
 */

/** One approval line as written, its seal fields when it has them. */
export interface SealedApproval extends ApprovalEvent {
  readonly prev?: string;
  readonly seal?: string;
}

const SEAL = /^[0-9a-f]{32}$/;

/** What the seal of an approval after `prev` covers; versioned, so a later format cannot be confused with it. */
export function sealInput(prev: string, approval: ApprovalEvent): string {
  return ['memory-shelf-approval/1', prev, approval.path, approval.hash, approval.time].join('\0');
}

/** The sealed line for `approval`, newline included; undefined when the approval is not one the log may hold. */
export function formatSealedApprovalLine(approval: ApprovalEvent, prev: string, seal: string): string | undefined {
  if (!isHistoryPath(approval.path) || (approval.hash !== '' && !isBlobHash(approval.hash)) || !SEAL.test(seal) || (prev !== '' && !SEAL.test(prev))) return undefined;
  // `path` third, as in every log line: the hook finds a path's latest line by searching for `"path":…,`.
  return JSON.stringify({ v: 1, time: approval.time, path: approval.path, hash: approval.hash, prev, seal }) + '\n';
}

export function parseSealedApprovalLine(line: string): SealedApproval | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { time, path, hash, prev, seal } = value as Record<string, unknown>;
  if (typeof time !== 'string' || typeof path !== 'string' || typeof hash !== 'string') return undefined;
  if (!isHistoryPath(path) || (hash !== '' && !isBlobHash(hash))) return undefined;
  return { path, hash, time, ...(typeof prev === 'string' ? { prev } : {}), ...(typeof seal === 'string' ? { seal } : {}) };
}

/** Whether `line` carries a seal made with the key: `check(input, seal)` compares the keyed hash. */
export function isAuthentic(line: SealedApproval, check: (input: string, seal: string) => boolean): boolean {
  return line.seal !== undefined && SEAL.test(line.seal) && check(sealInput(line.prev ?? '', line), line.seal);
}

/** A root's approvals as read from a sealed log. */
export interface ApprovalReading {
  /** path -> approved hash, from the lines Memory Shelf wrote. */
  readonly approved: Map<string, string>;
  /** Paths with an approval line Memory Shelf did not write (added or altered by something else). */
  readonly changedOutside: Set<string>;
  /** Lines Memory Shelf wrote are gone (taken out, the log cut) or unreadable. */
  readonly linesRemoved: boolean;
  /** The seal to chain the next line to; '' before the first sealed line. */
  readonly last: string;
  /** Whether the log holds sealed lines (otherwise all of it was written before seals). */
  readonly sealed: boolean;
  /** Before sealing: the approvals of the unsealed lines, which the first sealed write states again. */
  readonly legacy: Map<string, string>;
}

/**
 * Reads an approval log. Unsealed lines before the first sealed one are an older version's and count
 * only while no line is sealed: the first sealed write states them again, sealed, so a line slipped in
 * among them later changes nothing. `head` is the last seal kept beside the log (undefined: none kept,
 * the log never sealed or the file taken away).
 */
export function readApprovalLog(text: string, check: (input: string, seal: string) => boolean, head: string | undefined): ApprovalReading {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parsed = lines.map((line) => ({ line: parseSealedApprovalLine(line), authentic: false }));
  for (const item of parsed) item.authentic = item.line !== undefined && isAuthentic(item.line, check);
  const start = parsed.findIndex((item) => item.authentic);
  const legacy = foldApprovals(parsed.slice(0, start < 0 ? parsed.length : start).flatMap((item) => (item.line ? [item.line] : [])));
  if (start < 0) {
    // Never sealed, unless the last seal is kept: then every sealed line went, or none verifies.
    const lost = head !== undefined;
    return { approved: lost ? new Map() : legacy, changedOutside: new Set(), linesRemoved: lost, last: '', sealed: lost, legacy };
  }
  const authentic: ApprovalEvent[] = [];
  const changedOutside = new Set<string>();
  const seals = new Set<string>();
  let linesRemoved = false;
  let last = '';
  for (const { line, authentic: ok } of parsed.slice(start)) {
    if (!line) {
      linesRemoved = true;
      continue;
    }
    if (!ok) {
      changedOutside.add(line.path);
      continue;
    }
    if ((line.prev ?? '') !== last) linesRemoved = true;
    last = line.seal ?? '';
    seals.add(last);
    authentic.push(line);
    // A person approving the path again, after the change outside, settles it.
    changedOutside.delete(line.path);
  }
  // A writer that stopped between its lines and the head leaves lines after the head: those are its own.
  if (head === undefined || !seals.has(head)) linesRemoved = true;
  return { approved: foldApprovals(authentic), changedOutside, linesRemoved, last, sealed: true, legacy };
}

/** The approvals a review may trust: the sealed ones, less any path whose record changed outside Memory Shelf. */
export function trustedApprovals(reading: ApprovalReading): Map<string, string> {
  const out = new Map(reading.approved);
  for (const path of reading.changedOutside) out.delete(path);
  return out;
}
