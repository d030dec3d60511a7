import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import type { Problem } from '../../problems';
import type { RootPath } from '../../types';
import { checkDescriptionAlike } from './descriptionAlikeRule';
import { bodyMismatch, bodySubject } from './descriptionBodyRule';
import { checkDescriptionFacts } from './descriptionFactRule';
import { DescriptionIndex } from './descriptionIndex';
import { descriptionTerms } from './descriptionWords';
import { memoized, type FileMemo } from '../shared/fileMemo';

/**
 * The description rules that read the rest of the root, `description-body-mismatch` (how common a
 * word is among the root's descriptions) and `description-alike` (the other descriptions), kept
 * current a change at a time: {@link changed} says which other memories a change may have touched.
 */
export class DescriptionChecks {
  private readonly index = new DescriptionIndex();
  /**
   * The memories whose body's subject is in neither name nor description, with the subject's words:
   * only for these does a word becoming common (or rare) in the root change a finding.
   */
  private readonly unmentioned = new Map<RootPath, readonly string[]>();

  /** Counts a memory's description before the first check. */
  add(memory: MemoryFile): void {
    this.index.add(memory.path, descriptionTerms(memory.description ?? ''));
  }

  /**
   * Takes in the change of one memory; returns the other memories whose findings it may change, by rule:
   * `alike` those whose descriptions resemble its old or new one (description-alike), `body` those whose
   * body's subject holds a word that became common or rare (description-body-mismatch). Kept apart so
   * that a neighbour's body is read again only when its own finding can change.
   */
  changed(path: RootPath, previous: MemoryFile | undefined, current: MemoryFile | undefined): { readonly alike: Set<RootPath>; readonly body: Set<RootPath> } {
    const alike = new Set<RootPath>(previous ? this.index.alike(path) : []);
    const body = new Set<RootPath>();
    const flipped = this.index.set(path, current ? descriptionTerms(current.description ?? '') : undefined);
    if (current) for (const other of this.index.alike(path)) alike.add(other);
    else this.unmentioned.delete(path);
    if (flipped === 'all' || flipped.size > 0) {
      for (const [other, subject] of this.unmentioned) if (flipped === 'all' || subject.some((term) => flipped.has(term))) body.add(other);
    }
    alike.delete(path);
    body.delete(path);
    return { alike, body };
  }

  /**
   * `description-alike` of `memory`. `isNearDuplicate(other)` says whether the near-duplicate rule
   * already names `other` beside it: the pair is reported there only.
   */
  alikeProblems(memory: MemoryFile, store: MemoryStore, isNearDuplicate: (other: RootPath) => boolean): Problem[] {
    const alike = this.index
      .alike(memory.path)
      .filter((other) => !isNearDuplicate(other))
      .map((other) => store.get(other))
      .filter((other): other is MemoryFile => other !== undefined);
    return checkDescriptionAlike(memory, alike);
  }

  /** `description-body-mismatch` of `memory`: a stale fact, or a subject its description does not name. */
  bodyProblems(memory: MemoryFile, memo?: FileMemo): Problem[] {
    // The description's words as the index holds them, rather than read again.
    const said = this.index.termsOf(memory.path) ?? descriptionTerms(memory.description?.trim() ?? '');
    const { subject, problem } = bodyMismatch(memory, memoized(memo, memory, 'bodySubject', () => bodySubject(memory, said)), (term) => this.index.isCommon(term));
    if (subject) this.unmentioned.set(memory.path, subject);
    else this.unmentioned.delete(memory.path);
    // A fact the description kept while the body changed it says more than which words are missing.
    const stale = memoized(memo, memory, 'facts', () => checkDescriptionFacts(memory) ?? null);
    if (stale) return [stale];
    return problem ? [problem] : [];
  }
}
