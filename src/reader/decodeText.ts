/** Why bytes are not a memory's text. */
export type UndecodableReason = 'binary' | 'utf16' | 'invalid-utf8';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Enough to recognise binary formats and UTF-16, which put a NUL in nearly every other byte. */
const SNIFF_BYTES = 8192;

/** The UTF-8 text of `bytes` (a BOM kept, as the store expects), or why it is not UTF-8 text. */
export function decodeText(bytes: Uint8Array): { text: string } | { reason: UndecodableReason } {
  if (looksLikeUtf16(bytes)) return { reason: 'utf16' };
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) return { reason: 'binary' };
  try {
    return { text: utf8.decode(bytes) };
  } catch {
    return { reason: 'invalid-utf8' };
  }
}

/**
 * UTF-16 with a byte-order mark, or without one when NULs sit at one parity only (the shape of mostly
 * ASCII UTF-16, which Windows tools write). UTF-32 marks start like UTF-16 LE and are left to "binary".
 */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return !(bytes.length >= 4 && bytes[0] === 0xff && bytes[2] === 0 && bytes[3] === 0);
  }
  const sample = bytes.subarray(0, SNIFF_BYTES & ~1);
  // Text holds no NUL at all: one native search rather than counting them byte by byte in every file.
  if (sample.length < 4 || !sample.includes(0)) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) even++;
      else odd++;
    }
  }
  const pairs = sample.length / 2;
  return (even === 0 && odd >= pairs * 0.3) || (odd === 0 && even >= pairs * 0.3);
}
