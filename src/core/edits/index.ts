export * from './applyTextEdits';
export * from './yamlScalar';
export * from './indexEntry';
export { setFieldEdit } from './frontmatterEdits';
export { memoryStub, newMemoryText, type NewMemory, type NewMemoryStyle, type StubSource } from './memoryStub';
export * from './fieldEdits';
export * from './pinnedEdit';
export * from './fileEditPhases';
export * from './restoredIndexLine';
