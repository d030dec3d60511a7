/**
 * What the session preview's host sends its webview and what the webview asks back. Every string in
 * the view is localized by the host: the webview only lays it out, as text, never as markup.
 */

/** How a part reads at a glance: loaded at start, only when a file matches, or not at all. */
export type PartTone = 'loaded' | 'conditional' | 'off';

export interface TotalsRow {
  readonly label: string;
  readonly files: number;
  readonly chars: number;
  readonly lines: number;
  readonly tokens: number;
  readonly tone: PartTone | 'cut';
}

/** A file a part names that the person may open (the part itself, a topic index it links). */
export interface FileRef {
  readonly label: string;
  readonly path: string;
}

export interface PartView {
  /** Place in the load order among what loads at start; none for a file that does not load. */
  readonly number?: number;
  readonly depth: number;
  readonly kind: string;
  readonly path: string;
  /** The file's own name, what the row leads with; the path is under it. */
  readonly file: string;
  readonly status: string;
  readonly tone: PartTone;
  readonly notes: readonly string[];
  /** Said louder than a note (what could steer the agent). */
  readonly warning?: string;
  /** The text as Claude Code receives it; absent for a file outside the project, whose text is never shown. */
  readonly text?: string;
  /** What a limit leaves out, shown as cut. */
  readonly cut?: { readonly heading: string; readonly marker: string; readonly text: string };
  readonly openable: boolean;
  readonly readOnDemand?: { readonly label: string; readonly files: readonly FileRef[] };
}

/** A memory folder of this project Claude Code does not read, and the command that would make it. */
export interface NotLoadedFolder {
  readonly text: string;
  readonly action: string;
  readonly root: string;
}

export interface PreviewView {
  readonly title: string;
  readonly intro: string;
  readonly columns: readonly string[];
  readonly totals: readonly TotalsRow[];
  readonly parts: readonly PartView[];
  /** Said when nothing loads at start. */
  readonly nothing?: string;
  readonly notLoaded: readonly NotLoadedFolder[];
  readonly strings: { readonly openAtCut: string; readonly showText: string; readonly asMarkdown: string };
}

export type HostMessage = { readonly kind: 'view'; readonly view: PreviewView };

export type WebviewMessage =
  | { readonly kind: 'ready' }
  | { readonly kind: 'open'; readonly path: string; readonly atCut?: boolean }
  | { readonly kind: 'load'; readonly root: string }
  | { readonly kind: 'markdown' };
