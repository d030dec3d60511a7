import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker, workerData, type MessagePort } from 'node:worker_threads';
import { DEFAULT_TEXT_RULES, isMemoryPath, parseMemoryFile, readFileParts, type FileParts, type RootPath, type TypeSet } from '../core';
import { gitBlameHistory } from '../language/gitHistory';

/**
 * A second thread reading memories alone (the text rules, the frontmatter rules, a description's stale
 * fact, the body's subject: `FileParts`) while the main thread reads the root and runs the rules that
 * compare memories. It takes the memories from the last one backwards, the engine from the first one
 * forwards; each memory is claimed by one thread only (a shared table), so they meet in the middle and
 * no memory is read twice. The findings are the same whichever thread read a memory: both run
 * `readFileParts`'s rules on the same text.
 */

/** Below this many memories a thread's start (loading the CLI again, about a tenth of a second) costs more than it saves. */
export const MIN_MEMORIES_FOR_HELPER = 1_000;
/** Memories handed over per message: few enough messages, soon enough for the engine waiting on one. */
const BATCH = 16;
/** The claim table's marks, and the slot past the memories' that counts the messages sent. */
const FREE = 0;
const MAIN = 1;
const HELPER = 2;
/** How long the engine waits for a memory the helper claimed before reading it itself (a helper that died). */
const MAX_WAIT_MS = 2_000;
const WORKER_KIND = 'memory-shelf-file-parts';

interface HelperData {
  readonly kind: typeof WORKER_KIND;
  readonly folder: string;
  readonly typeSet: TypeSet;
  readonly files: readonly (readonly [RootPath, string, number])[];
  readonly port: MessagePort;
  /** One mark per file (FREE, MAIN, HELPER), then the count of messages sent. */
  readonly claims: SharedArrayBuffer;
}

/** Whether this thread is a helper started by {@link FilePartsHelper}. */
export function isFilePartsWorker(): boolean {
  return (workerData as Partial<HelperData> | undefined)?.kind === WORKER_KIND;
}

/** The helper thread's work: every memory's parts the engine has not claimed, last first, a batch a message. */
export function runFilePartsWorker(): void {
  const data = workerData as HelperData;
  const claims = new Int32Array(data.claims);
  const sent = data.files.length;
  const modifiedTimes = new Map(data.files.map(([path, , mtimeMs]) => [path, mtimeMs]));
  const options = { typeSet: data.typeSet, textRules: DEFAULT_TEXT_RULES, modifiedTime: (path: RootPath) => modifiedTimes.get(path), lineHistory: gitBlameHistory(data.folder) };
  let batch: [RootPath, FileParts][] = [];
  const send = (): void => {
    data.port.postMessage(batch);
    batch = [];
    Atomics.add(claims, sent, 1);
    Atomics.notify(claims, sent);
  };
  for (let at = data.files.length - 1; at >= 0; at--) {
    // The engine goes forwards: a memory it claimed means it has them all from here back.
    if (Atomics.compareExchange(claims, at, FREE, HELPER) !== FREE) break;
    const [path, text] = data.files[at];
    batch.push([path, readFileParts(parseMemoryFile(path, text), options)]);
    if (batch.length === BATCH) send();
  }
  if (batch.length > 0) send();
  data.port.close();
}

/** The main thread's side: starts the helper on a root's memories, and hands over what it read. */
export class FilePartsHelper {
  private readonly found = new Map<RootPath, FileParts>();
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly claims: Int32Array;
  private readonly indexOf: ReadonlyMap<RootPath, number>;
  /** How many memories each thread read, for a test or a bench to see the work was shared. */
  private readonly shared = { helper: 0, main: 0 };

  private constructor(script: string, data: Omit<HelperData, 'kind' | 'port' | 'claims'>) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    const claims = new SharedArrayBuffer(4 * (data.files.length + 1));
    this.claims = new Int32Array(claims);
    this.indexOf = new Map(data.files.map(([path], at) => [path, at]));
    this.worker = new Worker(script, { workerData: { kind: WORKER_KIND, ...data, port: channel.port2, claims }, transferList: [channel.port2] });
    // A helper that fails costs only time: the engine reads its memories itself after a wait.
    this.worker.on('error', () => undefined);
  }

  /** A helper for `files` when the machine has a core to spare and the root is large enough to gain; else none. */
  static start(script: string, folder: string, typeSet: TypeSet, files: readonly (readonly [RootPath, string, number])[]): FilePartsHelper | undefined {
    const memories = files.filter(([path]) => isMemoryPath(path));
    if (memories.length < MIN_MEMORIES_FOR_HELPER || availableParallelism() < 2) return undefined;
    return new FilePartsHelper(script, { folder, typeSet, files: memories });
  }

  /**
   * `path`'s parts as the helper read them, waiting for them if it has claimed the memory; undefined
   * when the memory is the engine's to read (claimed now, or not the helper's at all).
   */
  take(path: RootPath): FileParts | undefined {
    const at = this.indexOf.get(path);
    if (at === undefined) return undefined;
    const mark = Atomics.compareExchange(this.claims, at, FREE, MAIN);
    if (mark === FREE) this.shared.main++;
    if (mark === FREE || mark === MAIN) return undefined;
    const counter = this.claims.length - 1;
    const until = Date.now() + MAX_WAIT_MS;
    for (;;) {
      const seen = Atomics.load(this.claims, counter);
      this.drain();
      const parts = this.found.get(path);
      if (parts) {
        // Taken once: the caller keeps what it was given.
        this.found.delete(path);
        this.shared.helper++;
        return parts;
      }
      const left = until - Date.now();
      if (left <= 0) return undefined;
      Atomics.wait(this.claims, counter, seen, left);
    }
  }

  /** Stops the helper; says how many memories each thread read. */
  stop(): { readonly helper: number; readonly main: number } {
    this.port.close();
    void this.worker.terminate();
    return { ...this.shared };
  }

  private drain(): void {
    for (let message = receiveMessageOnPort(this.port); message; message = receiveMessageOnPort(this.port)) {
      for (const [done, parts] of message.message as [RootPath, FileParts][]) this.found.set(done, parts);
    }
  }
}
