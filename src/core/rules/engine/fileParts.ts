import type { MemoryFile } from '../../memoryFile';
import { MemoryStore } from '../../memoryStore';
import type { TypeSet } from '../../memoryTypes';
import type { RootPath } from '../../types';
import { bodySubject } from '../descriptions/descriptionBodyRule';
import { checkDescriptionFacts } from '../descriptions/descriptionFactRule';
import { descriptionTerms } from '../descriptions/descriptionWords';
import { checkFrontmatter } from '../frontmatter/frontmatterRules';
import type { FileParts } from '../shared/fileMemo';
import { DEFAULT_INDEX_BUDGET, type RuleContext, type TextRule } from '../shared/ruleContext';

export interface FilePartsOptions {
  readonly typeSet: TypeSet;
  readonly textRules: readonly TextRule[];
  readonly modifiedTime: (path: RootPath) => number | undefined;
  readonly lineHistory?: RuleContext['lineHistory'];
}

/** No rule on a memory's own parts reads the rest of the root (only MEMORY.md's rules do): an empty store stands for it. */
const NO_ROOT = new MemoryStore();

/**
 * Everything the engine asks a {@link FileMemo} for, read from one memory alone, the way the engine reads
 * it: for a helper thread to read memories while the engine checks the root (the CLI), the same findings
 * whichever thread read them.
 */
export function readFileParts(memory: MemoryFile, options: FilePartsOptions): FileParts {
  const context: RuleContext = { store: NO_ROOT, typeSet: options.typeSet, budget: DEFAULT_INDEX_BUDGET, modifiedTime: options.modifiedTime, lineHistory: options.lineHistory };
  const input = { path: memory.path, text: memory.text, memory };
  return {
    text: options.textRules.flatMap((rule) => rule(input, context)),
    frontmatter: checkFrontmatter(memory, options.typeSet),
    facts: checkDescriptionFacts(memory) ?? null,
    // The description's words as the engine's description index holds them: each once, sorted.
    bodySubject: bodySubject(memory, [...new Set(descriptionTerms(memory.description ?? ''))].sort()),
  };
}
