import { createConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import type { CachePlace } from '../language/cacheFiles';
import { MemoryShelfServer } from './server';

/**
 * `memory-shelf lsp`: the language server on stdin and stdout. Diagnostics, quick fixes, `[[link]]`
 * navigation, completion, hover, references, rename and MEMORY.md lenses for any editor with an LSP
 * client, from the same core as the extension and the CLI.
 */
export function runLanguageServer(options: { readonly cache?: CachePlace } = {}): void {
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  new MemoryShelfServer(connection, options.cache);
  connection.listen();
}

if (require.main === module) runLanguageServer();
