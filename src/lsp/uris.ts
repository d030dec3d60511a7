import { fileURLToPath, pathToFileURL } from 'node:url';

/** The file path of a `file:` URI; undefined for any other scheme or a URI that names no local file. */
export function pathOfUri(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export function uriOfPath(path: string): string {
  return pathToFileURL(path).href;
}
