export { History, HistoryLocationError, DEFAULT_MAX_BYTES, type HistoryOptions, type PruneReport } from './history';
export { RootHistory, type RecordMeta, type RecordResult, type RootSettings, type ApprovalMode, type LegacyApprovals } from './rootHistory';
export { historyDir, type HistoryLocationInput } from './location';
export { hashBytes } from './hash';
export { redactSecretBytes } from './secretPurge';
export type { HistoryEvent, HistoryAuthor, HistorySource } from '../core/history/historyEvent';
