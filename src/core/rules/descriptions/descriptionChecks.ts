import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import type { Problem } from '../../problems';
import type { RootPath } from '../../types';
import { checkDescriptionAlike } from './descriptionAlikeRule';
import { checkDescriptionBody } from './descriptionBodyRule';
import { checkDescriptionFacts } from './descriptionFactRule';
import { DescriptionIndex } from './descriptionIndex';
import { descriptionTerms } from './descriptionWords';

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

  /** Takes in the change of one memory; returns the other memories whose description findings it may change. */
  changed(path: RootPath, previous: MemoryFile | undefined, current: MemoryFile | undefined): Set<RootPath> {
    const touched = new Set<RootPath>(previous ? this.index.alike(path) : []);
    const flipped = this.index.set(path, current ? descriptionTerms(current.description ?? '') : undefined);
    if (current) for (const other of this.index.alike(path)) touched.add(other);
    else this.unmentioned.delete(path);
    if (flipped === 'all' || flipped.size > 0) {
      for (const [other, subject] of this.unmentioned) if (flipped === 'all' || subject.some((term) => flipped.has(term))) touched.add(other);
    }
    touched.delete(path);
    return touched;
  }

  /**
   * The description findings of `memory`. `isNearDuplicate(other)` says whether the near-duplicate
   * rule already names `other` beside it: the pair is reported there only.
   */
  problems(memory: MemoryFile, store: MemoryStore, isNearDuplicate: (other: RootPath) => boolean): Problem[] {
    // The description's words as the index holds them, rather than read again.
    const { subject, problem } = checkDescriptionBody(memory, (term) => this.index.isCommon(term), this.index.termsOf(memory.path));
    if (subject) this.unmentioned.set(memory.path, subject);
    else this.unmentioned.delete(memory.path);
    const alike = this.index
      .alike(memory.path)
      .filter((other) => !isNearDuplicate(other))
      .map((other) => store.get(other))
      .filter((other): other is MemoryFile => other !== undefined);
    const found = checkDescriptionAlike(memory, alike);
    // A fact the description kept while the body changed it says more than which words are missing.
    const stale = checkDescriptionFacts(memory);
    if (stale) found.push(stale);
    else if (problem) found.push(problem);
    return found;
  }
}
