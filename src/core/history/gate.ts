/** What the review gate answers one agent write. */
export type GateVerdict = { readonly allow: true } | { readonly allow: false; readonly reason: string };

/** One file an agent is about to change, as the gate weighs it. */
export interface GateTarget {
  /** Root-relative path. */
  readonly path: string;
  readonly op: 'write' | 'delete';
  /** The hash a person approved there, when one did. */
  readonly approvedHash: string | undefined;
  /** The hash of the new bytes, when the tool says them whole (Write). */
  readonly newHash?: string;
  /** The path as the agent knows it (absolute), for the message; `path` when absent. */
  readonly shownPath?: string;
}

/**
 * Where the agent is told to put a proposed change: beside the memory, `<stem>.proposed.md`, with
 * `status: pending`. A file of the same root, so To review lists it as a candidate like MadoHub's queue
 * (and approving it is promoting it); not indexed, so Claude Code does not load it at session start in
 * a root with a MEMORY.md. The gate lets an agent create it: it is new, so nobody has approved it.
 */
export function candidatePath(path: string): string {
  const slash = path.lastIndexOf('/');
  const folder = path.slice(0, slash + 1);
  const name = path.slice(slash + 1).replace(/\.md$/i, '');
  return `${folder}${name}.proposed.md`;
}

/**
 * Approved memories are a person's: an agent may not change or delete them directly. New files and
 * files nobody approved pass; so does writing exactly the approved bytes again.
 */
export function gateVerdict(targets: readonly GateTarget[]): GateVerdict {
  const blocked = targets.filter((target) => target.approvedHash !== undefined && !(target.op === 'write' && target.newHash === target.approvedHash));
  if (blocked.length === 0) return { allow: true };
  const lines = blocked.map((target) => {
    const shown = target.shownPath ?? target.path;
    return target.op === 'delete'
      ? `- ${shown} is a memory a person approved; it may not be deleted directly. If it is wrong or obsolete, write ${candidatePath(shown)} with \`status: pending\` in its frontmatter and the reason it should go in its body.`
      : `- ${shown} is a memory a person approved; it may not be changed directly. Write the whole new text to ${candidatePath(shown)} instead, with \`status: pending\` in its frontmatter.`;
  });
  return {
    allow: false,
    reason: ['Memory Shelf review gate: blocked.', ...lines, 'Do not add the proposed file to MEMORY.md. A person reviews it in Memory Shelf (To review, or `memory-shelf review`) and approves or rejects it.'].join('\n'),
  };
}

const HOW_TO_PROPOSE = [
  'Read memories with the Read tool, `cat` or `grep`, and change them one file at a time with the file tools (Write, Edit); to change or remove an approved memory, write `<name>.proposed.md` beside it with `status: pending` in its frontmatter (the new text, or why it should go).',
  'Do not add the proposed file to MEMORY.md. A person reviews it in Memory Shelf (To review, or `memory-shelf review`).',
];

/** The gate's answer to a shell command that may delete or rewrite a whole memory folder holding approved memories. */
export function gateFolderVerdict(folder: string): GateVerdict {
  return { allow: false, reason: [`Memory Shelf review gate: blocked. This command may delete or rewrite memories a person approved in ${folder}.`, ...HOW_TO_PROPOSE].join('\n') };
}

/**
 * The answer to a shell command whose targets cannot be read (a variable, `$(…)`, input through
 * `xargs`, a program given inline) where approved memories could be among them.
 */
export function gateUnreadVerdict(folder: string): GateVerdict {
  return {
    allow: false,
    reason: [`Memory Shelf review gate: blocked. The gate cannot tell which files this command writes, and it could reach memories a person approved in ${folder}.`, 'Name the files you mean to change plainly, outside the memory folder, or use the file tools.', ...HOW_TO_PROPOSE].join('\n'),
  };
}

/** The answer to an index edit that changes or takes away lines a person approved. */
export function gateIndexVerdict(shownPath: string, removed: readonly string[]): GateVerdict {
  const shown = removed.slice(0, 5).map((line) => `  ${JSON.stringify(line.length > 160 ? `${line.slice(0, 160)}…` : line)}`);
  return {
    allow: false,
    reason: [
      `Memory Shelf review gate: blocked. ${shownPath} holds index lines a person approved, and this change rewrites or removes ${removed.length === 1 ? 'one of them' : `${removed.length} of them`}:`,
      ...shown,
      `Adding new lines is allowed. To change or remove an approved line, write the whole new index to ${candidatePath(shownPath)} with \`status: pending\` in its frontmatter; a person reviews it in Memory Shelf.`,
    ].join('\n'),
  };
}

/** The answer to an agent's write into Memory Shelf's history folder, where approvals are kept. */
export function gateHistoryVerdict(folder: string): GateVerdict {
  return {
    allow: false,
    reason: [`Memory Shelf review gate: blocked. This command may write into ${folder}, where Memory Shelf keeps the history and a person's approvals; only Memory Shelf writes there.`, ...HOW_TO_PROPOSE].join('\n'),
  };
}

/**
 * The answer to an agent's own `memory-shelf review --approve / --reject / --restore` or `history clear`:
 * with it the agent would approve what it wrote, or erase the record of it, by its own hand.
 */
export function gateSelfReviewVerdict(actions: readonly string[]): GateVerdict {
  return {
    allow: false,
    reason: [
      `Memory Shelf review gate: blocked. This command runs \`memory-shelf ${actions.join('`, `memory-shelf ')}\`. Approving, rejecting or restoring memories and clearing their history is the user's decision, never yours.`,
      'Do not try another way. Tell the user which command you would run and why: they can run it themselves (in Claude Code by typing it after `!`, in a terminal, or in Memory Shelf\'s To review view). `memory-shelf review` without those options lists the changes.',
    ].join('\n'),
  };
}

/** The answer when the hook failed before it could judge a call that reaches memory (gate mode fails closed). */
export function gateFailedVerdict(): GateVerdict {
  return {
    allow: false,
    reason: 'Memory Shelf review gate: blocked, because the gate could not check this call (see errors.log in Memory Shelf\'s history folder: `memory-shelf history where`). A person can retry it, or run `memory-shelf review` to look at the memory folder.',
  };
}
