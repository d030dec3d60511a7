export * from './nameSafety';
export * from './conventions';
export * from './templates';
export * from './stub';
export * from './typeFromName';
export * from './references';
export * from './rename';
export * from './cursorContext';
