/** The errno-style `code` of a thrown error (`ENOENT`, `EACCES`), or its text when it has none. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : String(error);
}
