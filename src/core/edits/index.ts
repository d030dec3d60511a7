export * from './applyTextEdits';
export * from './yamlScalar';
export * from './indexEntry';
export { setFieldEdit } from './frontmatterEdits';
export { memoryStub, type StubSource } from './memoryStub';
export * from './fieldEdits';
