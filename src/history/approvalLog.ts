import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { constants } from 'node:fs';
import { open, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { formatSealedApprovalLine, isAuthentic, parseSealedApprovalLine, readApprovalLog, sealInput, trustedApprovals, type ApprovalReading } from '../core/history/approvalSeal';
import { foldApprovals, parseApprovalLine, parseApprovalLog, type ApprovalEvent } from '../core/history/historyEvent';
import { appendLine, FILE_MODE, readOwnFile, writeAtomic } from './files';

export const APPROVALS_FILE = 'approvals.jsonl';
/** The last seal of the approval log: a line cut from its end leaves this unfound. */
const HEAD_FILE = 'approvals.head';
const KEY_FILE = 'seal.key';
const LOCK_FILE = 'approvals.lock';
/** A lock older than this was left by a process that died; an approval takes milliseconds. */
const STALE_LOCK_MS = 30_000;
const LOCK_WAIT_MS = 5_000;

/**
 * A root's approval log, sealed (see core/history/approvalSeal): every write takes a lock, so the chain
 * of seals has one order, and the last seal is kept beside the log. Reading never writes.
 */
export class ApprovalLog {
  constructor(private readonly folder: string) {}

  /** The whole reading: what the review trusts, and what changed outside Memory Shelf. */
  async read(): Promise<ApprovalReading> {
    const [bytes, key, head] = await Promise.all([readOwnFile(this.file), this.key(), this.head()]);
    return readApprovalLog(bytes?.toString('utf8') ?? '', checker(key), head);
  }

  /**
   * path -> approved hash for the gate and for pruning: the sealed lines alone, so a line an agent's
   * shell added (a withdrawal, say) frees nothing. Without the key every line counts, as before seals.
   */
  async approved(): Promise<Map<string, string>> {
    const [bytes, key] = await Promise.all([readOwnFile(this.file), this.key()]);
    const text = bytes?.toString('utf8') ?? '';
    if (!key) return foldApprovals(parseApprovalLog(text));
    return readApprovalLog(text, checker(key), await this.head()).approved;
  }

  /** How to read one line for the gate's search from the log's end: sealed lines only, once the log is sealed. */
  async lineReader(): Promise<(line: string) => ApprovalEvent | undefined> {
    const [key, head] = await Promise.all([this.key(), this.head()]);
    if (!key || head === undefined) return parseApprovalLine;
    const check = checker(key);
    return (line) => {
      const parsed = parseSealedApprovalLine(line);
      return parsed && isAuthentic(parsed, check) ? parsed : undefined;
    };
  }

  /**
   * Appends approvals, sealed and chained to the last line. A log not sealed yet, or one that lost lines,
   * is first written again whole from what may be trusted (older unsealed approvals, or the sealed ones
   * less any path changed outside), so the chain starts clean: what was taken stays not approved.
   */
  async append(approvals: readonly ApprovalEvent[]): Promise<void> {
    await this.locked(async () => {
      const key = await this.keyOrMake();
      const reading = await this.read();
      const fresh = !reading.sealed || reading.linesRemoved;
      const restated: ApprovalEvent[] = fresh ? [...(reading.sealed ? trustedApprovals(reading) : reading.legacy)].map(([path, hash]) => ({ path, hash, time: approvals[0]?.time ?? new Date().toISOString() })) : [];
      let last = fresh ? '' : reading.last;
      const lines: string[] = [];
      for (const approval of [...restated, ...approvals]) {
        const line = seal(key, last, approval);
        if (!line) throw Object.assign(new Error(`not a root-relative path or a version hash: ${approval.path}`), { code: 'EINVAL' });
        lines.push(line.text);
        last = line.seal;
      }
      if (fresh) {
        await writeAtomic(this.folder, APPROVALS_FILE, lines.join(''));
      } else {
        let chunk = '';
        for (const line of lines) {
          // Appended in pieces a single write keeps together.
          if (chunk.length + line.length > 32_000) {
            await appendLine(this.file, chunk);
            chunk = '';
          }
          chunk += line;
        }
        if (chunk) await appendLine(this.file, chunk);
      }
      await writeAtomic(this.folder, HEAD_FILE, last + '\n');
    });
  }

  /** Rewrites the log keeping each path's latest approval, when nothing in it changed outside Memory Shelf. */
  async compact(legacyCompact: () => Promise<void>): Promise<void> {
    await this.locked(async () => {
      const key = await this.key();
      const reading = await this.read();
      if (!key || !reading.sealed) return legacyCompact();
      if (reading.linesRemoved || reading.changedOutside.size > 0) return;
      let last = '';
      let text = '';
      const time = new Date().toISOString();
      for (const [path, hash] of reading.approved) {
        const line = seal(key, last, { path, hash, time });
        if (!line) continue;
        text += line.text;
        last = line.seal;
      }
      await writeAtomic(this.folder, APPROVALS_FILE, text);
      await writeAtomic(this.folder, HEAD_FILE, last + '\n');
    });
  }

  private get file(): string {
    return join(this.folder, APPROVALS_FILE);
  }

  private async head(): Promise<string | undefined> {
    const bytes = await readOwnFile(join(this.folder, HEAD_FILE));
    return bytes ? bytes.toString('utf8').trim() : undefined;
  }

  private async key(): Promise<Buffer | undefined> {
    const bytes = await readOwnFile(join(this.folder, KEY_FILE));
    return bytes && bytes.length >= 32 ? bytes : undefined;
  }

  private async keyOrMake(): Promise<Buffer> {
    const existing = await this.key();
    if (existing) return existing;
    const key = randomBytes(32);
    const handle = await open(join(this.folder, KEY_FILE), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), FILE_MODE);
    try {
      await handle.writeFile(key);
    } finally {
      await handle.close();
    }
    return key;
  }

  /** Runs `work` holding the root's approval lock: one writer at a time, so the seals form one chain. */
  private async locked<T>(work: () => Promise<T>): Promise<T> {
    const path = join(this.folder, LOCK_FILE);
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), FILE_MODE);
        await handle.close();
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const info = await stat(path).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) await unlink(path).catch(() => undefined);
        else if (Date.now() > deadline) throw Object.assign(new Error('the approval log is locked by another process'), { code: 'EBUSY' });
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    try {
      return await work();
    } finally {
      await unlink(path).catch(() => undefined);
    }
  }
}

function seal(key: Buffer, prev: string, approval: ApprovalEvent): { text: string; seal: string } | undefined {
  const value = mac(key, prev, approval);
  const text = formatSealedApprovalLine(approval, prev, value);
  return text ? { text, seal: value } : undefined;
}

function mac(key: Buffer, prev: string, approval: ApprovalEvent): string {
  return createHmac('sha256', key).update(sealInput(prev, approval)).digest('hex').slice(0, 32);
}

function checker(key: Buffer | undefined): (input: string, seal: string) => boolean {
  if (!key) return () => false;
  return (input, value) => {
    const expected = Buffer.from(createHmac('sha256', key).update(input).digest('hex').slice(0, 32));
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
