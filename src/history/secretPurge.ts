import { redactSecrets } from '../core';

/**
 * A version's bytes with the secrets the secret rule finds redacted, or undefined when it holds none:
 * what `History.purgeVersions` writes in place of a version once a person redacted a secret, so that
 * neither a restore nor a look into the history folder brings the secret back.
 */
export function redactSecretBytes(bytes: Uint8Array): Uint8Array | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const redacted = redactSecrets(text);
  return redacted === undefined ? undefined : Buffer.from(redacted, 'utf8');
}
