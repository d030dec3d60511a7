/** Why a name cannot become a memory file name; adapters turn the code into a localized message. */
export type UnsafeNameReason =
  | 'empty'
  | 'absolute'
  | 'separator'
  | 'traversal'
  | 'hidden'
  | 'control-character'
  | 'invalid-character'
  | 'reserved-device'
  | 'reserved-file'
  | 'trailing-dot-or-space'
  | 'too-long';

export type NameCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: UnsafeNameReason;
      /** English, for the CLI and logs. */
      readonly message: string;
      /** The offending part, where there is one (a character, a device name). */
      readonly detail?: string;
    };

// Windows refuses these as file names whatever the extension (`con.md` opens the console); a memory
// folder committed to git has to check out on every machine.
const RESERVED_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const INVALID = /[<>:"|?*]/;
const DRIVE = /^[a-z]:/i;
// Files of a memory folder that are not memories: the index Claude Code loads, the folder's README, and
// CLAUDE.md, which Claude Code reads as instructions. A memory written there, in any case, would replace
// or shadow them on case-insensitive file systems.
const RESERVED_FILE = /^(memory|readme|index|claude)$/i;
/** File names are limited to 255 bytes on the common file systems; `.md` takes three. */
const MAX_NAME_BYTES = 252;

/**
 * Checks that `name` (a `[[link]]` target or a new `name:`) can become a file name inside the memory
 * root and nothing else: no path, no way up, nothing a file system treats specially. Link targets are
 * text anyone (an agent included) wrote, so this is the gate every created or renamed file goes through.
 */
export function checkMemoryName(name: string): NameCheck {
  if (name.trim() === '') return refuse('empty', 'The name is empty.');
  if (name.startsWith('/') || name.startsWith('\\') || DRIVE.test(name) || name.startsWith('~')) {
    return refuse('absolute', `"${name}" is an absolute path; a memory name is a plain name inside the memory folder.`);
  }
  if (name.includes('..')) return refuse('traversal', `"${name}" contains "..", which could lead outside the memory folder.`);
  if (name.includes('/') || name.includes('\\')) {
    return refuse('separator', `"${name}" contains a path separator; a memory name cannot point into another folder.`);
  }
  const control = CONTROL.exec(name);
  if (control) {
    const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    return refuse('control-character', `The name contains the control character ${code}.`, code);
  }
  const invalid = INVALID.exec(name);
  if (invalid) return refuse('invalid-character', `The name contains "${invalid[0]}", which file names cannot hold on Windows.`, invalid[0]);
  if (name.startsWith('.')) return refuse('hidden', `"${name}" starts with a dot: the file would be hidden and never read as a memory.`);
  if (/[. ]$/.test(name)) return refuse('trailing-dot-or-space', `"${name}" ends with a dot or a space, which Windows drops from file names.`);
  const device = name.split('.')[0].trimEnd();
  if (RESERVED_DEVICE.test(device)) {
    return refuse('reserved-device', `"${device}" is a reserved device name on Windows and cannot be a file name.`, device.toUpperCase());
  }
  if (RESERVED_FILE.test(name.trim())) {
    return refuse('reserved-file', `"${name}" would be the file ${name.trim()}.md, which is not a memory (the folder's index, README or CLAUDE.md); choose another name.`, `${name.trim()}.md`);
  }
  if (new TextEncoder().encode(name).length > MAX_NAME_BYTES) return refuse('too-long', 'The name is too long for a file name.');
  return { ok: true };
}

function refuse(reason: UnsafeNameReason, message: string, detail?: string): NameCheck {
  return detail === undefined ? { ok: false, reason, message } : { ok: false, reason, message, detail };
}
