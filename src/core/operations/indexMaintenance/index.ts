export * from './loadBudget';
export * from './entryText';
export * from './hookDrift';
export * from './entryLenses';
export * from './indexOperations';
