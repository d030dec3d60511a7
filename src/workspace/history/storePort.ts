import type { HistoryPort } from './historyPort';

/** The shared history store (src/history) behind the extension's port; undefined when it cannot be opened. */
export function openHistoryPort(): HistoryPort | undefined {
  return undefined;
}
