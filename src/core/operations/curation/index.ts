export * from './approveCandidate';
export * from './deleteMemories';
export * from './mergeMemories';
export * from './reviewState';
export { plainTextOfLink } from './linkText';
export * from './promoteToRoot';
export * from './promoteToRule';
export * from './archiveMemories';
