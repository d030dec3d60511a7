// The one message protocol between the memory editor's webview and the extension host. Both sides
// import it; each handles messages in an exhaustive switch ending in assertNever, so a message added
// here without a handler fails the type check.

/** A frontmatter key as the form shows it. */
export interface FieldView {
  /** Dotted path: `name`, `metadata.originSessionId`. */
  readonly path: string;
  readonly kind: 'text' | 'number' | 'boolean' | 'null' | 'map' | 'list';
  readonly value: string;
  readonly editable: boolean;
  /** Zero-based line in the document. */
  readonly line: number;
}

/**
 * What Claude Code stamped on a memory it wrote (`metadata.node_type`, `.originSessionId`, `.modified`):
 * shown as facts, never as fields.
 */
export interface StampView {
  /** `node_type: memory` or a session id: a Claude Code session wrote the file. */
  readonly writtenByClaudeCode: boolean;
  /** The whole session id, as written. */
  readonly session?: string;
  /** The time, as written. */
  readonly modified?: string;
}

export interface ProblemView {
  readonly code: string;
  readonly severity: 'error' | 'warning' | 'information' | 'hint';
  readonly message: string;
  readonly line: number;
  /** Titles of the quick fixes the text editor's light bulb offers for it. */
  readonly fixes: readonly string[];
}

export interface BacklinkView {
  readonly source: string;
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

/** How a `[[target]]` in the body resolves; a dangling one is a reservation. */
export interface LinkView {
  readonly target: string;
  readonly status: 'resolved' | 'dangling' | 'ambiguous';
}

/** Everything the form shows, built from the document at `version`. */
export interface FormState {
  readonly version: number;
  /** The memory as the tree names it. */
  readonly title: string;
  /** Where the file is: workspace-relative, or the root's label and the path in it for a root outside the workspace. */
  readonly fileName: string;
  readonly frontmatter: 'ok' | 'missing' | 'invalid';
  /** Where and why the frontmatter does not parse (one-based lines, as the editor's gutter shows them). */
  readonly errors: readonly { readonly line: number; readonly message: string }[];
  readonly name: string;
  readonly description: string;
  readonly type: string;
  /** Where the type is kept: `type` or `metadata.type`. */
  readonly typePath: string;
  /** The configured set of types. */
  readonly types: readonly string[];
  /**
   * How the root writes memories: `untyped` (durable lessons) shows a Pinned toggle where a typed root
   * shows the type, unless this memory has a type of its own.
   */
  readonly typing: 'typed' | 'untyped';
  readonly pinned: boolean;
  /** Memories pinned in the root, this one included, and how many Claude Code lets a folder pin. */
  readonly pinnedCount: number;
  readonly maxPinned: number;
  /** Every key except name, description, type and Claude Code's stamp, in file order. */
  readonly others: readonly FieldView[];
  /** Claude Code's stamp, when the file carries one. */
  readonly stamp?: StampView;
  /** Names the other memories of the root use, for the uniqueness check. */
  readonly otherNames: readonly string[];
  readonly inRoot: boolean;
  readonly problems: readonly ProblemView[];
  readonly backlinks: readonly BacklinkView[];
  readonly body: string;
  readonly links: readonly LinkView[];
}

/** Why an edit was not written, so the form can say so. */
export type EditRefusal = 'frontmatter-invalid' | 'not-editable' | 'invalid-key' | 'unsafe' | 'stale' | 'failed';

export type HostMessage =
  | { readonly kind: 'state'; readonly state: FormState; readonly strings: Strings }
  /** The edit was not applied; `current` is what the document holds now for that key. */
  | { readonly kind: 'refused'; readonly path: string; readonly reason: EditRefusal; readonly current: string };

export type WebviewMessage =
  | { readonly kind: 'ready' }
  /**
   * Set a key. `version` is the document version the form showed; `base` the value the field held
   * when the person started typing: the host refuses as `stale` when the document changed that key since.
   */
  | { readonly kind: 'setField'; readonly path: string; readonly value: string; readonly base: string; readonly version: number }
  | { readonly kind: 'rename'; readonly newName: string; readonly base: string; readonly version: number }
  /** Pin or unpin a durable lesson (`metadata.pinned`, written as a YAML boolean). */
  | { readonly kind: 'setPinned'; readonly pinned: boolean; readonly version: number }
  /** Apply the quick fix titled `title` of the problem `code` at `line`, as the light bulb would. */
  | { readonly kind: 'applyFix'; readonly code: string; readonly line: number; readonly title: string }
  | { readonly kind: 'openAsText'; readonly line: number }
  | { readonly kind: 'openLink'; readonly target: string }
  | { readonly kind: 'openBacklink'; readonly path: string; readonly line: number };

/** The form's words, in the display language, sent by the host (vscode.l10n lives there). */
export type Strings = Readonly<Record<StringKey, string>>;

export const STRING_KEYS = [
  'name', 'description', 'type', 'otherKeys', 'addKey', 'addKeyName', 'addKeyValue', 'add', 'problems', 'noProblems', 'backlinks', 'noBacklinks',
  'body', 'openAsText', 'frontmatterInvalid', 'frontmatterMissing', 'errorAtLine', 'renameEverywhere', 'setNameOnly', 'nameNotSlug', 'nameTaken',
  'nameEmpty', 'characters', 'descriptionVague', 'descriptionLong', 'descriptionGood', 'unknownType', 'changedOnDisk', 'useMine', 'useTheirs',
  'refused', 'reservation', 'ambiguous', 'line', 'readOnly', 'notInRoot', 'pinned', 'pinnedHint', 'pinnedOver',
  'stampWrittenBy', 'stampSession', 'stampModified', 'stampHint',
] as const;
export type StringKey = (typeof STRING_KEYS)[number];

export function assertNever(value: never): never {
  throw new Error(`Unhandled message: ${JSON.stringify(value)}`);
}
