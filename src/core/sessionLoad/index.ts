export * from './types';
export { findImports, resolveImport } from './imports';
export { estimateTokens, sizeOf } from './measure';
export { buildSessionLoad, ruleGlobs, MAX_IMPORT_HOPS, INDEX_LIMITS } from './buildSessionLoad';
export { sessionCandidates, type CandidateInput, type SessionCandidates } from './candidates';
export { CHANNEL_TAGS, formatSize, indexCutWarning, neutralizeIndexText, shorten } from './autoIndexText';
export { sourceLabel } from './labels';
export { backfillLists, generatedIndexText, type BackfillFile } from './generatedIndex';
