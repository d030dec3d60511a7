import { applyTextEdits, MemoryStore, type FileEdit } from '../../../../src/core';

/** A memory file in Claude Code's current shape (`metadata.type`, `metadata.modified`). */
export function memory(name: string, type: string, description: string, modified = '2026-07-30T07:40:18.191Z', body = ''): string {
  return `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: ${type}\n  modified: ${modified}\n---\n${body}`;
}

/** A lab's auto memory folder: feedback, project and reference facts in Korean, Japanese and English. */
export const MEMORIES: ReadonlyMap<string, string> = new Map([
  ['feedback_math_notation.md', memory('math-notation', 'feedback', 'LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤).', '2026-05-02T09:00:00.000Z', 'See [[standup-time]].\n')],
  ['feedback_standup_time.md', memory('standup-time', 'feedback', 'The lab standup starts at 10:00 in room 301 since 2026-07-01; schedule nothing before 10:30.', '2026-07-01T08:00:00.000Z')],
  ['project_docx_delivery.md', memory('docx-delivery', 'project', '보고서는 매주 금요일 17:00까지 docx로 김 교수님께 보낸다. PDF는 받지 않는다.', '2026-06-20T08:00:00.000Z', 'Ask before changing [[math-notation]].\n')],
  ['reference_lab_drive.md', memory('lab-drive', 'reference', '実験データは共有ドライブの /lab/2026/raw に置く。ファイル名は日付_装置名_番号。', '2026-03-11T08:00:00.000Z')],
  ['user_profile.md', memory('profile', 'user', 'Graduate student in the circuits lab; prefers answers in Korean with English terms kept as written.', '2026-01-15T08:00:00.000Z')],
]);

export function storeWith(files: ReadonlyMap<string, string>, index?: string): MemoryStore {
  const store = new MemoryStore();
  for (const [path, text] of files) store.update(path, text);
  if (index !== undefined) store.update('MEMORY.md', index);
  return store;
}

/** MEMORY.md's bytes after `edit`, BOM included, as an editor would save them. */
export function afterEdit(indexText: string, edit: FileEdit | undefined): string {
  if (!edit) return indexText;
  if (edit.kind === 'create') return edit.content;
  if (edit.kind !== 'edit') throw new Error(`unexpected ${edit.kind}`);
  const bom = indexText.startsWith('\uFEFF') ? '\uFEFF' : '';
  return bom + applyTextEdits(indexText.slice(bom.length), edit.edits);
}
