import { formatText, type Text } from './text';
import type { Range, RootPath, TextEdit } from './types';

/** Stable diagnostic codes: tests, settings and the CLI's JSON use them (DESIGN.md section 4). */
export enum ProblemCode {
  FrontmatterMissing = 'frontmatter-missing',
  FrontmatterInvalid = 'frontmatter-invalid',
  NameMissing = 'name-missing',
  DescriptionMissing = 'description-missing',
  TypeMissing = 'type-missing',
  TypeUnknown = 'type-unknown',
  NameNotSlug = 'name-not-slug',
  NameFileMismatch = 'name-file-mismatch',
  DuplicateName = 'duplicate-name',
  NearDuplicate = 'near-duplicate',
  LinkDangling = 'link-dangling',
  LinkAmbiguous = 'link-ambiguous',
  IndexMissingFile = 'index-missing-file',
  IndexDuplicateEntry = 'index-duplicate-entry',
  IndexUnlisted = 'index-unlisted',
  IndexOverBudget = 'index-over-budget',
  IndexMalformedLine = 'index-malformed-line',
  IndexInlineMemory = 'index-inline-memory',
  RelativeDate = 'relative-date',
  Secret = 'secret',
  FileUnreadable = 'file-unreadable',
  PinnedOverLimit = 'pinned-over-limit',
  IndexEntryLong = 'index-entry-long',
  DescriptionVague = 'description-vague',
  DescriptionBodyMismatch = 'description-body-mismatch',
  DescriptionAlike = 'description-alike',
  HiddenText = 'hidden-text',
  ChannelMarkup = 'channel-markup',
  PlantedInstruction = 'planted-instruction',
  IndexNotLoaded = 'index-not-loaded',
}

export const ALL_PROBLEM_CODES: readonly ProblemCode[] = Object.values(ProblemCode);

/** Severities, most severe first; `off` silences a rule. */
export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type SeveritySetting = Severity | 'off';
export const SEVERITY_ORDER: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

/** Another place a problem involves: the other duplicate, the linking memory, the index line. */
export interface RelatedLocation {
  readonly path: RootPath;
  readonly range: Range;
  readonly message: string;
  /** `message` as a template and arguments, for adapters that translate it; core always sets it. */
  readonly messageText?: Text;
}

/**
 * One problem in one file of a root. `severity` is the rule's default; adapters apply the user's
 * per-code settings. `fixes` carries the edits core already knows how to make (a quick fix, `--fix`).
 */
export interface Problem {
  readonly code: ProblemCode;
  readonly severity: Severity;
  readonly path: RootPath;
  readonly range: Range;
  /** English, for the CLI and logs: {@link formatText} of `messageText`. */
  readonly message: string;
  /** `message` as a template and arguments, for adapters that translate it; core always sets it. */
  readonly messageText?: Text;
  readonly related?: readonly RelatedLocation[];
  readonly fixes?: readonly ProblemFix[];
  /**
   * The sentence for an agent (Claude Code) where the rule alone knows it: the fix as one step to take,
   * since an agent gets no quick fixes. Read through `agentMessage`, which words the other codes.
   */
  readonly agentText?: Text;
}

/** Edits to one or more files of the root, or a new file, that resolve a problem. */
export interface ProblemFix {
  /** English, for the CLI and logs: {@link formatText} of `titleText`. */
  readonly title: string;
  /** `title` as a template and arguments, for adapters that translate it; core always sets it. */
  readonly titleText?: Text;
  /** The obvious fix, offered first and applied by "fix all" and `--fix` when `safe`. */
  readonly preferred?: boolean;
  /** Safe to apply without a person looking (the CLI's `--fix`). */
  readonly safe?: boolean;
  readonly edits: readonly FileEdit[];
}

/** Changes to one file: text edits, or creation with content, or deletion. */
export type FileEdit =
  | { readonly kind: 'edit'; readonly path: RootPath; readonly edits: readonly TextEdit[] }
  | { readonly kind: 'create'; readonly path: RootPath; readonly content: string }
  | { readonly kind: 'delete'; readonly path: RootPath }
  | { readonly kind: 'rename'; readonly path: RootPath; readonly newPath: RootPath };

/** A problem's or related location's `message` with its `messageText`, made from one Text so they agree. */
export function messageOf(text: Text): { readonly message: string; readonly messageText: Text } {
  return { message: formatText(text), messageText: text };
}

/** A fix's `title` with its `titleText`, made from one Text so they agree. */
export function titleOf(text: Text): { readonly title: string; readonly titleText: Text } {
  return { title: formatText(text), titleText: text };
}

/** Whether `severity` is at or above `threshold` (error > warning > information > hint). */
export function isAtLeast(severity: Severity, threshold: Severity): boolean {
  return SEVERITY_ORDER.indexOf(severity) <= SEVERITY_ORDER.indexOf(threshold);
}
