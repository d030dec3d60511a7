/** Why the reader did not read an entry. Every one of them is reported; none is an error of the reader. */
export type SkipReason =
  | { readonly kind: 'too-large'; readonly size: number; readonly limit: number }
  /** MEMORY.md over the size limit: its first `limit` bytes were read and checked, the file is never written. */
  | { readonly kind: 'index-prefix'; readonly size: number; readonly limit: number }
  | { readonly kind: 'binary' }
  | { readonly kind: 'utf16' }
  | { readonly kind: 'invalid-utf8' }
  | { readonly kind: 'not-regular' }
  | { readonly kind: 'link-outside-root' }
  | { readonly kind: 'link-broken' }
  | { readonly kind: 'link-not-regular' }
  | { readonly kind: 'link-unverifiable' }
  | { readonly kind: 'link-folder' }
  /** A folder named MEMORY.md: there is no index to read, and nothing may be written in its place. */
  | { readonly kind: 'index-folder' }
  /** A file or folder whose name on disk is not UTF-8: it cannot be opened by any name we can hold. */
  | { readonly kind: 'name-not-utf8' }
  | { readonly kind: 'vanished' }
  | { readonly kind: 'changing' }
  | { readonly kind: 'unreadable'; readonly code: string }
  | { readonly kind: 'folder-unreadable'; readonly code: string };

/**
 * Whether a skip hides a memory (then it is a finding, `file-unreadable`) or is only worth a note: a
 * linked folder is left alone on purpose, and a MEMORY.md read in part is still checked.
 */
export function hidesMemory(reason: SkipReason): boolean {
  return reason.kind !== 'link-folder';
}
