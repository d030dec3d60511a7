import { parseMemoryFile, type MemoryFile } from '../memoryFile';
import { isPinned } from '../memoryShape';
import { applyTextEdits } from './applyTextEdits';
import { planFieldValue, type FieldEditResult } from './fieldEdits';

const PINNED = 'metadata.pinned';

/**
 * Pins or unpins a durable lesson: `metadata.pinned` as the YAML boolean Claude Code writes, never the
 * string "true" a text field would give it. A missing key is added only to pin; the result is read
 * back and must say what was asked, every other key and the body unchanged (as {@link planFieldValue}
 * checks), or nothing is offered.
 */
export function planPinned(memory: MemoryFile, pinned: boolean): FieldEditResult {
  if (isPinned(memory) === pinned) return { ok: true, edits: [] };
  if (!pinned && !memory.frontmatter.fields.has(PINNED)) return { ok: true, edits: [] };
  const planned = planFieldValue(memory, PINNED, String(pinned));
  if (!planned.ok || memory.frontmatter.fields.has(PINNED)) return planned;
  // A new key is written as a string by the text path: unquote that one value.
  const edits = planned.edits.map((edit) => ({ ...edit, newText: edit.newText.replace(/(\bpinned:\s*)"true"/, '$1true') }));
  const after = parseMemoryFile(memory.path, applyTextEdits(memory.text, edits));
  const unchanged = Object.entries(memory.frontmatter.data).every(([key, value]) => key === 'metadata' || JSON.stringify(after.frontmatter.data[key]) === JSON.stringify(value));
  return isPinned(after) && unchanged ? { ok: true, edits } : { ok: false, reason: 'unsafe' };
}
