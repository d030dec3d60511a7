/**
 * Which memory files a shell command may change or delete: best effort, since a shell line can do
 * anything (variables, `cd`, subshells, scripts). What it finds is used to snapshot files before the
 * command and, with the gate on, to refuse deleting approved memories; a command it cannot read is
 * treated as touching the whole folder it names.
 */
export type BashTouch =
  | { readonly kind: 'none' }
  /** Files named: `deletes` go away (rm, mv's sources), `writes` are written (redirections, sed -i, mv's target). */
  | { readonly kind: 'files'; readonly deletes: readonly FileHit[]; readonly writes: readonly FileHit[] }
  /** A memory folder named in a way not read file by file (a glob, rm -r, find, git). */
  | { readonly kind: 'folders'; readonly folders: readonly string[]; readonly deletes: boolean };

/** A memory file: its folder (the root) and its path inside it. */
export interface FileHit {
  readonly folder: string;
  readonly file: string;
}

/** How the caller resolves a word of the command: the memory folder and path it lands in, if any. */
export type ResolveWord = (word: string) => { readonly folder: string; readonly file: string | undefined } | undefined;

const DELETING = new Set(['rm', 'unlink', 'rmdir', 'shred', 'trash', 'trash-put']);
const WRITING_IN_PLACE = new Set(['sed', 'perl', 'truncate', 'tee', 'dd', 'cp', 'install', 'touch', 'ed', 'ex']);
/** git subcommands that change no file in the work tree. */
const GIT_READING = new Set(['status', 'diff', 'log', 'show', 'add', 'commit', 'blame', 'ls-files', 'grep', 'rev-parse', 'fetch', 'push']);
const OPAQUE = new Set(['find', 'git', 'rsync', 'xargs', 'python', 'python3', 'node', 'bash', 'sh', 'zsh', 'sudo', 'env', 'tar', 'unzip']);

/** What `command` does to memory folders, given how its words resolve. */
export function bashTouches(command: string, resolve: ResolveWord): BashTouch {
  const deletes: FileHit[] = [];
  const writes: FileHit[] = [];
  const folders = new Set<string>();
  let folderDeletes = false;
  for (const segment of splitCommands(command)) {
    // `LANG=C sed -i ...`: the verb is the first word that is not an assignment; `/bin/rm` is `rm`.
    const start = segment.words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
    const verb = start < 0 ? '' : segment.words[start].replace(/^.*\//, '');
    const args = start < 0 ? [] : segment.words.slice(start + 1);
    for (const target of segment.redirects) {
      const hit = resolve(target);
      if (hit?.file) writes.push({ folder: hit.folder, file: hit.file });
      else if (hit) folders.add(hit.folder);
    }
    // cat, grep, ls, head: reading a memory changes nothing.
    if (!DELETING.has(verb) && verb !== 'mv' && !WRITING_IN_PLACE.has(verb) && !OPAQUE.has(verb)) continue;
    if ((verb === 'sed' || verb === 'perl') && !args.some((word) => /^-[A-Za-z]*i/.test(word) || word.startsWith('--in-place'))) continue;
    if (verb === 'git' && GIT_READING.has(args.find((word) => !word.startsWith('-')) ?? '')) continue;
    const named = args.filter((word) => !word.startsWith('-')).map((word) => ({ word, hit: resolve(word) })).filter((entry) => entry.hit !== undefined);
    if (named.length === 0) continue;
    const recursive = args.some((word) => /^-[A-Za-z]*[rR]/.test(word) || word === '--recursive');
    const globbed = named.some((entry) => /[*?[{]/.test(entry.word) || entry.hit!.file === undefined);
    if (OPAQUE.has(verb) || globbed || (DELETING.has(verb) && recursive)) {
      for (const entry of named) folders.add(entry.hit!.folder);
      if (DELETING.has(verb) || verb === 'mv' || OPAQUE.has(verb)) folderDeletes = true;
      continue;
    }
    const fileOf = (entry: (typeof named)[number]): FileHit => ({ folder: entry.hit!.folder, file: entry.hit!.file! });
    if (DELETING.has(verb)) deletes.push(...named.map(fileOf));
    else if (verb === 'mv') {
      const last = args.filter((word) => !word.startsWith('-')).pop();
      for (const entry of named) (entry.word === last ? writes : deletes).push(fileOf(entry));
    } else if (WRITING_IN_PLACE.has(verb)) {
      // cp and install write their last argument; sed and perl (with -i, checked above), tee, truncate, touch every file named.
      if (verb === 'cp' || verb === 'install') {
        const last = args.filter((word) => !word.startsWith('-')).pop();
        for (const entry of named) if (entry.word === last) writes.push(fileOf(entry));
      } else writes.push(...named.map(fileOf));
    }
  }
  if (folders.size > 0) return { kind: 'folders', folders: [...folders], deletes: folderDeletes || deletes.length > 0 };
  if (deletes.length === 0 && writes.length === 0) return { kind: 'none' };
  return { kind: 'files', deletes: unique(deletes), writes: unique(writes) };
}

interface Segment {
  readonly words: string[];
  readonly redirects: string[];
}

/** Splits on `;`, `&&`, `||`, `|` and newlines into words, quotes removed; `>`/`>>` targets set apart. */
function splitCommands(command: string): Segment[] {
  const segments: Segment[] = [];
  let current: Segment = { words: [], redirects: [] };
  let word = '';
  let inWord = false;
  let redirectNext = false;
  const endWord = (): void => {
    if (!inWord) return;
    if (redirectNext) current.redirects.push(word);
    else current.words.push(word);
    word = '';
    inWord = false;
    redirectNext = false;
  };
  const endSegment = (): void => {
    endWord();
    if (current.words.length > 0 || current.redirects.length > 0) segments.push(current);
    current = { words: [], redirects: [] };
  };
  for (let i = 0; i < command.length; i++) {
    const char = command[i];
    if (char === "'" || char === '"') {
      const close = command.indexOf(char, i + 1);
      const end = close < 0 ? command.length : close;
      word += command.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (char === ' ' || char === '\t') {
      endWord();
    } else if (char === ';' || char === '\n' || char === '|' || char === '&' || char === '(' || char === ')') {
      endSegment();
    } else if (char === '>') {
      endWord();
      if (command[i + 1] === '>') i++;
      // `2>&1` and `>&2` redirect a stream, not into a file.
      if (command[i + 1] === '&') {
        i++;
        while (i + 1 < command.length && /[0-9-]/.test(command[i + 1])) i++;
        continue;
      }
      if (current.words.length > 0 && /^[0-9]$/.test(current.words[current.words.length - 1])) current.words.pop();
      redirectNext = true;
    } else if (char === '<') {
      endWord();
    } else {
      word += char;
      inWord = true;
    }
  }
  endSegment();
  return segments;
}

function unique(items: readonly FileHit[]): FileHit[] {
  const seen = new Map<string, FileHit>();
  for (const item of items) seen.set(`${item.folder}\0${item.file}`, item);
  return [...seen.values()];
}
