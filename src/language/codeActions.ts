import { inferType, linkAt, msg, planStub, ProblemCode, relativeDateFixAll, typePrefixedStem, type FileEdit, type MemoryLink, type Problem, type RuleContext, type Text } from '../core';

/** One quick fix for a door to offer: its title (translatable), its edits, the problems it fixes. */
export interface CodeActionAnswer {
  readonly title: Text;
  readonly edits: readonly FileEdit[];
  readonly problems: readonly Problem[];
  readonly preferred: boolean;
}

/** The file the fixes are asked for: its path, the text its problems were found in, its links, and what the rules read. */
export interface FixedFile {
  readonly path: string;
  readonly text: string;
  readonly links: readonly MemoryLink[];
  readonly context: RuleContext;
}

/** How a door asks for the list. */
export interface CodeActionOptions<X> {
  /**
   * Whether a dangling link offers a new memory of each type (default yes). A door that creates a
   * memory its own way (the extension asks the type in a picker, from the link's hover and click) leaves them out.
   */
  readonly createMemory?: boolean;
  /** A door's own actions for a problem (commands: open the other memory, sort the index), listed after the problem's fixes. */
  readonly doorActions?: (problem: Problem) => readonly X[];
}

/** An entry of the list: a fix of the language layer's, or one of the door's own actions (none when the door adds none). */
export type ListedAction<X> = CodeActionAnswer | ([X] extends [never] ? never : { readonly door: X });

/**
 * The quick fixes of `asked`, problems of `file` a door matched to what its editor sent back: every fix
 * core computed with each problem; for a dangling link, a new memory of each type the person may choose
 * (or the one the name says: `feedback-…`); the door's own actions; for a relative date, every relative
 * date of the file at once when there is more than one. `all` is every problem of the file. Two
 * problems with the same fix (name-not-slug and name-file-mismatch: "Change the name to x") give one action.
 */
export function codeActionList<X = never>(file: FixedFile, asked: readonly Problem[], all: readonly Problem[], options: CodeActionOptions<X> = {}): ListedAction<X>[] {
  const actions: ({ title: Text; edits: readonly FileEdit[]; problems: Problem[]; preferred: boolean } | { door: X })[] = [];
  const add = (title: Text, edits: readonly FileEdit[], problems: readonly Problem[], preferred: boolean): void => {
    const same = actions.find((action): action is Exclude<typeof action, { door: X }> => !('door' in action) && action.title.template === title.template && JSON.stringify(action.title.args) === JSON.stringify(title.args) && JSON.stringify(action.edits) === JSON.stringify(edits));
    if (!same) return void actions.push({ title, edits, problems: [...problems], preferred });
    for (const problem of problems) if (!same.problems.includes(problem)) same.problems.push(problem);
    same.preferred ||= preferred;
  };
  for (const problem of asked) {
    for (const fix of problem.fixes ?? []) add(fix.titleText ?? { template: fix.title, args: [] }, fix.edits, [problem], fix.preferred === true);
    if (problem.code === ProblemCode.LinkDangling && options.createMemory !== false) {
      for (const stub of createMemory(file, problem)) add(stub.title, stub.edits, [problem], false);
    }
    for (const door of options.doorActions?.(problem) ?? []) actions.push({ door });
    if (problem.code === ProblemCode.RelativeDate) {
      const fixAll = fixAllRelativeDates(file, all, asked);
      if (fixAll) add(msg('Fix all relative dates in this file'), fixAll.edits, fixAll.problems, false);
    }
  }
  return actions as ListedAction<X>[];
}

/** Creating the memory a dangling link reserves (core's {@link planStub}): an editor has no question to ask, so the choice of type is the list. */
function createMemory(file: FixedFile, problem: Problem): { title: Text; edits: readonly FileEdit[] }[] {
  const link = linkAt(file.links, problem.range.start);
  const store = file.context.store;
  if (!link || store.resolveLink(link.target).status !== 'dangling') return [];
  const types = file.context.typeSet.types;
  const inferred = inferType(link.target, types);
  return (inferred ? [inferred] : types).flatMap((type) => {
    const plan = planStub(store, { name: link.target, type, fileStem: typePrefixedStem(store, link.target, type) });
    return plan.ok ? [{ title: { template: 'Create the memory "{0}" ({1})', args: [link.target, type] }, edits: plan.edits }] : [];
  });
}

/** Every relative date of the file in one edit: core's fix-all, offered when there is more than one. */
function fixAllRelativeDates(file: FixedFile, all: readonly Problem[], asked: readonly Problem[]): { edits: readonly FileEdit[]; problems: Problem[] } | undefined {
  const dates = all.filter((problem) => problem.code === ProblemCode.RelativeDate);
  if (dates.length < 2) return undefined;
  const fix = relativeDateFixAll({ path: file.path, text: file.text, memory: file.context.store.get(file.path) }, file.context);
  if (!fix) return undefined;
  return { edits: fix.edits, problems: asked.filter((problem) => dates.includes(problem)) };
}
