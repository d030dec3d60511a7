export { readRoot, streamRoot, isTrackedPath, MAX_MEMORY_BYTES, type ReadFile, type RootRead, type RootStream, type ReadRootOptions, type SkippedEntry } from './rootReader';
export type { ReaderHost, DirectoryEntry, EntryKind, FileStamp, HostRead, ReadOptions } from './readerHost';
export { hidesMemory, type SkipReason } from './skipReason';
export { makeSkipProblem, problemsOfPath, skipMessage, withSkipProblems } from './skipProblem';
export { nodeReaderHost } from './nodeReaderHost';
export { nodeSyncReaderHost } from './nodeSyncReaderHost';
export { pathLandsInside } from './realLocation';
export { rootMetadata, RACY_WINDOW_MS, type RootMetadata } from './rootMetadata';
