import { createHash } from 'node:crypto';

/** The name a version is stored under: sha256 of its bytes, 64 lowercase hex digits. */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
