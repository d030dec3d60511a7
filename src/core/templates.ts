import type { MemoryLanguage } from './conventions';

/**
 * The section headings of the built-in body templates, per Claude Code type, in the language of the
 * root the memory joins ({@link TEMPLATE_HEADINGS}). Types without an entry get a bare title.
 */
export interface TemplateHeadings {
  readonly feedbackCorrected: string;
  readonly feedbackHow: string;
  readonly feedbackWhy: string;
  readonly projectConstraint: string;
  readonly projectReason: string;
  readonly userWho: string;
  readonly referenceWhere: string;
  readonly referenceWhatFor: string;
}

export const ENGLISH_HEADINGS: TemplateHeadings = {
  feedbackCorrected: 'What was corrected',
  feedbackHow: 'How to do it',
  feedbackWhy: 'Why',
  projectConstraint: 'The constraint',
  projectReason: 'Its reason',
  userWho: 'Who',
  referenceWhere: 'Where',
  referenceWhatFor: 'What it is for',
};

/** The headings in each language a root is written in: a new memory reads like its neighbours. */
export const TEMPLATE_HEADINGS: Readonly<Record<MemoryLanguage, TemplateHeadings>> = {
  en: ENGLISH_HEADINGS,
  ko: {
    feedbackCorrected: '무엇이 수정되었는가',
    feedbackHow: '어떻게 하는가',
    feedbackWhy: '왜',
    projectConstraint: '제약',
    projectReason: '그 이유',
    userWho: '누구인가',
    referenceWhere: '어디에 있는가',
    referenceWhatFor: '무엇에 쓰는가',
  },
  ja: {
    feedbackCorrected: '何が訂正されたか',
    feedbackHow: 'どうするか',
    feedbackWhy: 'なぜ',
    projectConstraint: '制約',
    projectReason: 'その理由',
    userWho: '誰か',
    referenceWhere: 'どこにあるか',
    referenceWhatFor: '何に使うか',
  },
};

/**
 * The body of a new memory of `type`, with `\n` line breaks: a title, then the sections the type's
 * facts need (feedback says what was corrected, how and why; a project constraint its reason; ...).
 */
export function builtInTemplate(type: string | undefined, headings: TemplateHeadings = ENGLISH_HEADINGS): string {
  const sections: Record<string, readonly string[]> = {
    feedback: [headings.feedbackCorrected, headings.feedbackHow, headings.feedbackWhy],
    project: [headings.projectConstraint, headings.projectReason],
    user: [headings.userWho],
    reference: [headings.referenceWhere, headings.referenceWhatFor],
  };
  const parts = ['# {{name}}\n'];
  for (const heading of (type !== undefined && Object.hasOwn(sections, type) ? sections[type] : [])) parts.push(`\n## ${heading}\n`);
  return parts.join('');
}

/**
 * A template's text made ready for a new file: `{{name}}` and `{{type}}` filled in (spaces inside the
 * braces allowed), line breaks in the root's style, and ending with exactly one line break.
 */
export function fillTemplate(template: string, values: { readonly name: string; readonly type: string | undefined }, eol: '\n' | '\r\n'): string {
  const filled = template
    .replace(/^\uFEFF/, '')
    .replace(/\{\{\s*(name|type)\s*\}\}/g, (_, key: 'name' | 'type') => values[key] ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n*$/, '\n');
  return filled === '\n' ? '' : filled.replace(/\n/g, eol);
}

/**
 * The body Claude Code itself writes for a new memory of `type` (its current memory prompt): the fact
 * first, then for feedback and project a `**Why:**` and a `**How to apply:**` line; no title, no
 * sections. A folder with no memory to learn from takes this shape, so its first memory reads as
 * Claude Code's would.
 */
export function claudeCodeTemplate(type: string | undefined): string {
  return type === 'feedback' || type === 'project' ? '\n\n\n**Why:**\n\n**How to apply:**\n' : '\n\n';
}
