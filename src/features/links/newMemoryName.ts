// The naming lives in the core, where the CLI and the language server can share it.
export { deriveName, type DerivedName } from '../../core';
