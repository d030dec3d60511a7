import * as vscode from 'vscode';
import type { FileState } from './fileSnapshots';

/** The journal's entries as kept in the workspace's storage between windows. */
interface StoredState {
  readonly uri: string;
  readonly text: string | null;
  /** Base64 of the disk's bytes, kept only where a deleted file must come back byte for byte. */
  readonly bytes?: string;
}

interface StoredEntry {
  readonly id: number;
  readonly label: string;
  readonly at: number;
  readonly before: readonly StoredState[];
  readonly after: readonly StoredState[];
}

/** What a kept journal entry holds: the journal's own, with when it was made. */
export interface KeptEntry {
  readonly id: number;
  readonly label: string;
  readonly at: number;
  readonly before: readonly FileState[];
  readonly after: readonly FileState[];
}

const KEY = 'memoryShelf.changeJournal';
/** At most this many entries and this much text survive a reload: the storage is the editor's, not ours to fill. */
const KEPT_ACROSS_RELOAD = 10;
const MAX_STORED_CHARS = 1_000_000;
/** An entry older than this is not offered after a reload: nobody remembers what it changed. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Keeps the newest journal entries in the workspace's storage, so "Undo Last Memory Shelf Change"
 * still works after a window reload. Nothing is ever applied from here unasked: an entry is only read
 * back, and undoing it still checks that every file is what the change left.
 */
export class JournalStorage {
  constructor(private readonly memento: vscode.Memento) {}

  load(now = Date.now()): KeptEntry[] {
    const stored = this.memento.get<unknown>(KEY);
    if (!Array.isArray(stored)) return [];
    return stored.filter(isStoredEntry).filter((entry) => now - entry.at <= MAX_AGE_MS).map((entry) => ({
      id: entry.id,
      label: entry.label,
      at: entry.at,
      before: entry.before.map(toState),
      after: entry.after.map(toState),
    }));
  }

  async save(entries: readonly KeptEntry[]): Promise<void> {
    const kept: StoredEntry[] = [];
    let chars = 0;
    // Newest first, so the bound drops the oldest.
    for (const entry of [...entries].reverse().slice(0, KEPT_ACROSS_RELOAD)) {
      const stored = { id: entry.id, label: entry.label, at: entry.at, before: entry.before.map((state, i) => fromState(state, entry.after[i]?.text === null ? false : true)), after: entry.after.map((state) => fromState(state, true)) };
      const size = JSON.stringify(stored).length;
      if (chars + size > MAX_STORED_CHARS) break;
      chars += size;
      kept.unshift(stored);
    }
    await this.memento.update(KEY, kept.length > 0 ? kept : undefined);
  }
}

/** `textOnly`: the bytes are not needed (the file is put back from its text, or only compared). */
function fromState(state: FileState, textOnly: boolean): StoredState {
  if (textOnly || !state.bytes) return { uri: state.uri.toString(), text: state.text };
  return { uri: state.uri.toString(), text: state.text, bytes: Buffer.from(state.bytes).toString('base64') };
}

function toState(state: StoredState): FileState {
  return { uri: vscode.Uri.parse(state.uri), text: state.text, bytes: state.bytes === undefined ? undefined : new Uint8Array(Buffer.from(state.bytes, 'base64')) };
}

function isStoredEntry(value: unknown): value is StoredEntry {
  const entry = value as StoredEntry;
  return typeof entry === 'object' && entry !== null && typeof entry.id === 'number' && typeof entry.label === 'string' && typeof entry.at === 'number'
    && Array.isArray(entry.before) && Array.isArray(entry.after) && entry.before.length === entry.after.length
    && [...entry.before, ...entry.after].every((state) => typeof state?.uri === 'string' && (state.text === null || typeof state.text === 'string') && (state.bytes === undefined || typeof state.bytes === 'string'));
}
