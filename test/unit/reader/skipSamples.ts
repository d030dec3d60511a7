import type { SkipReason } from '../../../src/reader';

/** One reason of every kind (the type makes a new kind a compile error here), so every sentence is checked. */
const SAMPLES: { readonly [K in SkipReason['kind']]: Extract<SkipReason, { kind: K }> } = {
  'too-large': { kind: 'too-large', size: 10_485_760, limit: 2_097_152 },
  'index-prefix': { kind: 'index-prefix', size: 10_485_760, limit: 2_097_152 },
  binary: { kind: 'binary' },
  utf16: { kind: 'utf16' },
  'invalid-utf8': { kind: 'invalid-utf8' },
  'not-regular': { kind: 'not-regular' },
  'link-outside-root': { kind: 'link-outside-root' },
  'link-broken': { kind: 'link-broken' },
  'link-not-regular': { kind: 'link-not-regular' },
  'link-unverifiable': { kind: 'link-unverifiable' },
  'link-folder': { kind: 'link-folder' },
  'index-folder': { kind: 'index-folder' },
  'name-not-utf8': { kind: 'name-not-utf8' },
  vanished: { kind: 'vanished' },
  changing: { kind: 'changing' },
  unreadable: { kind: 'unreadable', code: 'EACCES' },
  'folder-unreadable': { kind: 'folder-unreadable', code: 'EACCES' },
};

export const EVERY_SKIP_REASON: readonly SkipReason[] = Object.values(SAMPLES);
