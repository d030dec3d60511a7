import { ProblemCode, SEVERITY_ORDER, type Severity, type SeveritySetting } from '../../problems';

/**
 * The severity each rule reports with unless the user's settings say otherwise. The scale follows
 * what a problem costs: `error` where data is unreadable or leaks, `warning` where Claude Code silently
 * misses or misreads memory, `information` for heuristics and tidiness, `hint` for what is deliberate.
 * The CLI fails on `warning` and above by default, so nothing heuristic is a warning.
 */
export const DEFAULT_SEVERITIES: Readonly<Record<ProblemCode, Severity>> = {
  // Nothing in the frontmatter can be read: name, description and type are all lost.
  [ProblemCode.FrontmatterInvalid]: 'error',
  // A credential in memory is copied into prompts and often into git.
  [ProblemCode.Secret]: 'error',
  // Without frontmatter there is no description, so recall cannot pick the file.
  [ProblemCode.FrontmatterMissing]: 'warning',
  // Links fall back to the file stem, but the memory has no identity of its own.
  [ProblemCode.NameMissing]: 'warning',
  // The description is the recall key: without it the fact is never recalled.
  [ProblemCode.DescriptionMissing]: 'warning',
  [ProblemCode.TypeMissing]: 'warning',
  [ProblemCode.TypeUnknown]: 'warning',
  // Claude Code reads the memory just the same; only [[links]] cannot reach it.
  [ProblemCode.NameNotSlug]: 'information',
  // Everything still works (links fall back to the stem), it only confuses people.
  [ProblemCode.NameFileMismatch]: 'information',
  // Links to the name become ambiguous.
  [ProblemCode.DuplicateName]: 'warning',
  // A similarity estimate, not a certainty: it asks a person to look.
  [ProblemCode.NearDuplicate]: 'information',
  // A reservation is a deliberate TODO (DESIGN.md section 1).
  [ProblemCode.LinkDangling]: 'hint',
  // The link goes to whichever memory happens to win.
  [ProblemCode.LinkAmbiguous]: 'warning',
  // Claude Code follows the entry to nothing.
  [ProblemCode.IndexMissingFile]: 'warning',
  // Wastes lines of the 200-line budget and drifts apart when one copy is edited.
  [ProblemCode.IndexDuplicateEntry]: 'warning',
  // Without an index line Claude Code does not know the memory exists.
  [ProblemCode.IndexUnlisted]: 'warning',
  // Claude Code silently never sees these lines.
  [ProblemCode.IndexOverBudget]: 'warning',
  // The line is loaded, just not as an entry: worth tidying, nothing is lost.
  [ProblemCode.IndexMalformedLine]: 'information',
  // Facts written into the index load in every session and are invisible to the sidebar: worth
  // moving, but what is a fact is a judgement.
  [ProblemCode.IndexInlineMemory]: 'information',
  // A relative date is wrong from the day after it is written.
  [ProblemCode.RelativeDate]: 'warning',
  // A file the reader refused (binary, too large, a link out of the root): nothing in it is checked or recalled as written.
  [ProblemCode.FileUnreadable]: 'warning',
  // Claude Code's prompt pins at most 4: which of the others it applies to every session is not said.
  [ProblemCode.PinnedOverLimit]: 'warning',
  // A long generated index line still loads; it only spends the budget on detail.
  [ProblemCode.IndexEntryLong]: 'information',
  // A judgment of wording: only a person can write a better description, so it never fails CI.
  [ProblemCode.DescriptionVague]: 'hint',
  // Judgments of wording against the body or the root's other descriptions: hints, for the same reason.
  [ProblemCode.DescriptionBodyMismatch]: 'hint',
  [ProblemCode.DescriptionAlike]: 'hint',
  // Memory is read as instructions: invisible text and the channel's own markup steer the agent unseen.
  [ProblemCode.HiddenText]: 'error',
  [ProblemCode.ChannelMarkup]: 'error',
  // Read from the words alone, so a person judges it; it still fails CI, since a planted line obeyed costs most.
  [ProblemCode.PlantedInstruction]: 'warning',
  [ProblemCode.IndexNotLoaded]: 'warning',
};

/**
 * The severity a problem is shown with under the user's per-code settings, or undefined when the user
 * turned its rule off; a setting that is no severity keeps the rule's own.
 */
export function shownSeverity(code: ProblemCode, ruleDefault: Severity, overrides: Readonly<Partial<Record<ProblemCode, SeveritySetting>>>): Severity | undefined {
  const setting = overrides[code] ?? ruleDefault;
  if (setting === 'off') return undefined;
  return (SEVERITY_ORDER as readonly string[]).includes(setting) ? setting : ruleDefault;
}
