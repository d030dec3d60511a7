import { splitShellLine, type ShellWord, type SimpleCommand } from './shellWords';

/**
 * What a shell command may change, read from its text. Best effort by nature (a shell line can run a
 * program that writes anything), so it leans one way: what it cannot read is reported as `unknown` or
 * as a whole folder, never as nothing. The reading forms agents use every day (`cat`, `grep`, `ls`,
 * `find` without actions, `git status`) report nothing but their redirections.
 */
export type ShellTarget =
  /** A file written, deleted or appended to. `glob`: the path holds glob characters still to match. */
  | { readonly kind: 'write' | 'delete' | 'append'; readonly path: string; readonly glob?: true }
  /** Anything under `path` may change (`rm -r`, `cp -r`, `find -delete`, an archive unpacked there). */
  | { readonly kind: 'tree'; readonly path: string; readonly deletes: boolean; readonly glob?: true }
  /** A program given inline (`python3 -c`, `node -e`): it may write whatever its text names. */
  | { readonly kind: 'code'; readonly text: string; readonly cwd: string | undefined }
  /** A program of unknown effect run in `cwd` (`make`, `./script.sh`): it reaches what lies under cwd. */
  | { readonly kind: 'cwd'; readonly cwd: string | undefined }
  /** git changing its work tree (`checkout`, `reset`, `stash`): every file of the repository at `cwd`. */
  | { readonly kind: 'repo'; readonly cwd: string | undefined };

export interface ShellReach {
  readonly targets: readonly ShellTarget[];
  /** Some command writes where its text does not say (a variable, `$(…)`, input through `xargs`). */
  readonly unknown: boolean;
}

export interface ShellContext {
  /** The folder the command starts in (absolute). */
  readonly cwd: string;
  readonly home: string;
  /** The environment the command sees, for `$NAME`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** An absolute path from a word and the folder it is relative to (the host's path rules). */
  readonly resolve: (word: string, cwd: string) => string;
  readonly dialect?: 'bash' | 'powershell';
}

const HERE: ShellWord = { text: '.', dynamic: false, glob: false };

/** Nesting (`bash -c "eval '…'"`) followed this deep; deeper is unknown. */
const MAX_DEPTH = 4;

const READ_ONLY = new Set([
  'cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'ls', 'll', 'wc', 'stat', 'file', 'diff', 'cmp', 'md5sum',
  'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'du', 'df', 'tree', 'echo', 'printf', 'test', '[', '[[', 'realpath', 'readlink', 'basename',
  'dirname', 'pwd', 'true', 'false', ':', 'which', 'type', 'whereis', 'bat', 'jq', 'cut', 'tr', 'column', 'nl', 'fold', 'uniq', 'comm', 'join',
  'paste', 'rev', 'od', 'hexdump', 'xxd', 'strings', 'date', 'whoami', 'id', 'uname', 'hostname', 'env', 'printenv', 'sleep', 'mkdir', 'mktemp',
  'exit', 'return', 'set', 'unset', 'shopt', 'alias', 'history', 'jobs', 'wait', 'read', 'ps', 'pgrep', 'lsof', 'tput', 'clear', 'look', 'numfmt',
  'seq', 'yes', 'expr', 'bc', 'iconv', 'base64', 'fd', 'locate', 'sort',
]);
const DELETING = new Set(['rm', 'unlink', 'rmdir', 'shred', 'trash', 'trash-put', 'gio']);
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'mksh', 'pwsh', 'powershell']);
const WRAPPERS = new Set(['sudo', 'doas', 'nice', 'nohup', 'time', 'command', 'builtin', 'exec', 'timeout', 'stdbuf', 'ionice', 'chrt', 'taskset', 'busybox', 'then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', '{', '}', 'caffeinate', 'unbuffer', 'setsid', 'chronic', 'flock']);
/** git subcommands that leave the work tree as it is. */
const GIT_READING = new Set(['status', 'diff', 'log', 'show', 'add', 'commit', 'blame', 'ls-files', 'grep', 'rev-parse', 'fetch', 'push', 'branch', 'tag', 'remote', 'describe', 'shortlog', 'reflog', 'cat-file', 'ls-tree', 'show-ref', 'help', 'version', 'config', 'rev-list', 'whatchanged', 'log', 'count-objects', 'check-ignore', 'name-rev', 'merge-base', 'for-each-ref', 'var']);
/** Options whose value is the next word, for the wrappers that take one. */
const WRAPPER_VALUE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  sudo: ['-u', '-g', '-C', '-h', '-p', '-r', '-t', '-U'],
  doas: ['-u', '-C'],
  nice: ['-n'],
  ionice: ['-c', '-n', '-p'],
  stdbuf: ['-i', '-o', '-e'],
  exec: ['-a'],
  timeout: ['-s', '-k', '--signal', '--kill-after'],
  flock: ['-w', '-E'],
};
/** Interpreters, and the options that give them their program inline. */
const INLINE_CODE: Readonly<Record<string, readonly string[]>> = {
  python: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  nodejs: ['-e', '--eval', '-p', '--print'],
  bun: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  php: ['-r'],
  lua: ['-e'],
  Rscript: ['-e'],
  osascript: ['-e'],
  tclsh: [],
};
const AWK = new Set(['awk', 'gawk', 'mawk', 'nawk']);

/** PowerShell's reading commands (and the aliases agents use for them). */
const PS_READ_ONLY = new Set([
  'get-content', 'gc', 'cat', 'type', 'get-childitem', 'gci', 'ls', 'dir', 'select-string', 'sls', 'test-path', 'get-item', 'gi', 'resolve-path',
  'write-output', 'echo', 'write-host', 'measure-object', 'measure', 'get-location', 'pwd', 'get-filehash', 'format-table', 'ft', 'format-list',
  'fl', 'sort-object', 'sort', 'select-object', 'select', 'get-date', 'get-command', 'gcm', 'get-help', 'out-host', 'out-null', 'new-item', 'mkdir', 'md',
]);
const PS_DELETING = new Set(['remove-item', 'rm', 'del', 'erase', 'ri', 'rd', 'rmdir']);
const PS_CD = new Set(['set-location', 'cd', 'sl', 'chdir', 'push-location', 'pushd']);

/** What `command` may change, as far as its text tells. */
export function shellReach(command: string, context: ShellContext): ShellReach {
  const state = new Reader(context);
  state.line(command, 0);
  return { targets: state.targets, unknown: state.unknown };
}

class Reader {
  readonly targets: ShellTarget[] = [];
  unknown = false;
  private cwd: string | undefined;
  private readonly vars = new Map<string, string | undefined>();

  constructor(private readonly context: ShellContext) {
    this.cwd = context.cwd;
  }

  line(text: string, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.unknown = true;
      return;
    }
    const powershell = this.context.dialect === 'powershell';
    const parsed = splitShellLine(text, (name) => this.variable(name), powershell ? '`' : '\\');
    for (const nested of parsed.nested) this.line(nested, depth + 1);
    for (const command of parsed.commands) {
      for (const redirect of command.redirects) this.file(redirect.append ? 'append' : 'write', redirect.target);
      if (powershell) this.powershell(command);
      else this.simple(command, depth);
    }
  }

  private variable(name: string): string | undefined {
    if (this.vars.has(name)) return this.vars.get(name);
    if (name === 'PWD') return this.cwd;
    if (name === 'HOME') return this.context.home;
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? this.context.env[name] : undefined;
  }

  private path(word: ShellWord, cwd = this.cwd): string | undefined {
    if (word.dynamic || cwd === undefined) return undefined;
    let text = this.context.dialect === 'powershell' ? word.text.replace(/\\/g, '/') : word.text;
    if (text === '~' || text.startsWith('~/')) text = this.context.home + text.slice(1);
    else if (text.startsWith('~')) return undefined;
    // /proc/self/cwd is the shell's folder, not the hook's; /proc/self/root is the file system's root.
    text = text.replace(/^\/proc\/(?:self|thread-self|[0-9]+)\/cwd(?=\/|$)/, cwd).replace(/^\/proc\/(?:self|thread-self|[0-9]+)\/root(?=\/|$)/, '') || '/';
    return this.context.resolve(text, cwd);
  }

  /** A file the command writes, deletes or appends to; an unreadable word makes the command unknown. */
  private file(kind: 'write' | 'delete' | 'append', word: ShellWord, cwd = this.cwd): void {
    const path = this.path(word, cwd);
    if (path === undefined) this.unknown = true;
    else this.targets.push({ kind, path, ...(word.glob ? { glob: true as const } : {}) });
  }

  private tree(word: ShellWord, deletes: boolean, cwd = this.cwd): void {
    const path = this.path(word, cwd);
    if (path === undefined) this.unknown = true;
    else this.targets.push({ kind: 'tree', path, deletes, ...(word.glob ? { glob: true as const } : {}) });
  }

  private simple(command: SimpleCommand, depth: number): void {
    let words = command.words;
    // `NAME=value` alone sets a variable the rest of the line may use; before a command, only its environment.
    const assignments = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text));
    if (assignments < 0 || (words[0] && ['export', 'declare', 'local', 'readonly', 'typeset'].includes(words[0].text) && !words[0].dynamic)) {
      for (const word of assignments < 0 ? words : words.slice(1)) {
        const at = word.text.indexOf('=');
        if (at > 0) this.vars.set(word.text.slice(0, at), word.dynamic ? undefined : word.text.slice(at + 1));
      }
      return;
    }
    words = words.slice(assignments);
    let viaXargs = false;
    for (;;) {
      const head = words[0];
      if (!head) return;
      if (head.dynamic) {
        this.unknown = true;
        return;
      }
      const verb = baseName(head.text);
      if (verb === 'env') {
        words = this.skipEnv(words.slice(1));
        continue;
      }
      if (verb === 'xargs') {
        words = skipOptions(words.slice(1), ['-n', '-I', '-d', '-P', '-a', '-L', '-s', '-E', '-i']);
        viaXargs = true;
        continue;
      }
      if (!WRAPPERS.has(verb)) break;
      words = skipOptions(words.slice(1), WRAPPER_VALUE_OPTIONS[verb] ?? []);
      // `timeout 5 cmd`, `taskset 0x3 cmd`: the first operand is a number, not the command.
      if ((verb === 'timeout' || verb === 'taskset' || verb === 'chrt') && words[0] && /^[0-9][0-9.a-zx]*$/i.test(words[0].text)) words = words.slice(1);
      if (verb === 'command' && words[0] && !words[0].dynamic && /^-[vV]$/.test(words[0].text)) return;
    }
    const verb = baseName(words[0].text);
    const args = words.slice(1);
    // Input through xargs arrives as words no one can read here.
    const operands = operandsOf;
    if (viaXargs && !READ_ONLY.has(verb)) this.unknown = true;

    if (verb === 'cd' || verb === 'pushd' || verb === 'popd') {
      const target = operands(args)[0];
      if (verb === 'popd' || (target && (target.text === '-' || target.dynamic || target.glob))) this.cwd = undefined;
      else this.cwd = target ? this.path(target) : this.context.home;
      return;
    }
    if (SHELLS.has(verb)) {
      const c = args.findIndex((word) => /^-[A-Za-z]*c[A-Za-z]*$/.test(word.text) || word.text === '-Command' || word.text === '-command');
      if (c >= 0) {
        const script = args[c + 1];
        if (!script || script.dynamic) this.unknown = true;
        else this.line(script.text, depth + 1);
      } else this.runner(args);
      return;
    }
    if (verb === 'eval') {
      if (args.some((word) => word.dynamic)) this.unknown = true;
      else this.line(args.map((word) => word.text).join(' '), depth + 1);
      return;
    }
    if (verb === 'source' || verb === '.') return this.runner(args);
    if (verb === 'git') return this.git(args);
    if (verb === 'find') return this.find(args, depth);
    if (READ_ONLY.has(verb)) {
      if (verb === 'sort') this.outputOption(args, ['-o', '--output']);
      return;
    }
    const interpreter = /^python[0-9.]*$/.test(verb) ? 'python' : verb;
    if (AWK.has(verb)) {
      const program = operands(args.filter((_word, i) => !(i > 0 && /^-[fv]$/.test(args[i - 1].text))))[0];
      if (args.some((word) => word.text === '-f')) this.runner(args);
      else if (program) this.code(program);
      if (args.some((word) => /^-i/.test(word.text) && /inplace/.test(word.text))) for (const word of operands(args).slice(1)) this.file('write', word);
      return;
    }
    if (interpreter in INLINE_CODE) {
      const flags = INLINE_CODE[interpreter];
      const at = args.findIndex((word) => flags.includes(word.text) || (interpreter === 'python' && /^-[A-Za-z]*c$/.test(word.text)));
      if (at >= 0 && args[at + 1]) this.code(args[at + 1]);
      // perl -i edits the files it is given in place, like sed -i.
      if (interpreter === 'perl' && args.some((word) => /^-[A-Za-z]*i/.test(word.text))) {
        for (const word of operands(args.filter((_w, i) => i !== at + 1))) this.file('write', word);
      }
      if (at < 0) this.runner(args);
      else for (const word of operands(args.slice(at + 2))) this.named(word);
      return;
    }
    if (DELETING.has(verb)) {
      const recursive = args.some((word) => /^-[A-Za-z]*[rR]/.test(word.text) || word.text === '--recursive') || verb === 'rmdir';
      for (const word of operands(args)) {
        if (recursive) this.tree(word, true);
        else this.file('delete', word);
      }
      return;
    }
    if (verb === 'mv' || verb === 'cp' || verb === 'install' || verb === 'ln' || verb === 'rsync') return this.copy(verb, args);
    if (verb === 'dd') {
      for (const word of args) if (word.text.startsWith('of=')) this.file('write', { ...word, text: word.text.slice(3) });
      return;
    }
    if (verb === 'sed') {
      if (!args.some((word) => /^-[A-Za-z]*i/.test(word.text) || word.text.startsWith('--in-place'))) return;
      const scripted = args.some((word) => word.text === '-e' || word.text === '-f' || word.text.startsWith('--expression'));
      for (const word of operands(args).slice(scripted ? 0 : 1)) this.file('write', word);
      return;
    }
    if (verb === 'tee') {
      const append = args.some((word) => /^-[A-Za-z]*a/.test(word.text) || word.text === '--append');
      for (const word of operands(args)) this.file(append ? 'append' : 'write', word);
      return;
    }
    if (verb === 'tar' || verb === 'bsdtar') return this.tar(args);
    if (verb === 'unzip' || verb === '7z' || verb === 'cpio') {
      const dir = valueOf(args, ['-d', '-o']);
      if (dir) this.tree(dir, false);
      else this.tree(HERE, false);
      return;
    }
    if (verb === 'curl' || verb === 'wget') return this.outputOption(args, ['-o', '--output', '-O', '--output-document']);
    if (verb === 'patch') {
      const files = operands(args);
      if (files.length > 0) this.file('write', files[0]);
      else this.targets.push({ kind: 'cwd', cwd: this.cwd });
      return;
    }
    // Anything else (truncate, touch, gzip, an editor, a formatter, a script): it may write every path it names.
    this.targets.push({ kind: 'cwd', cwd: this.cwd });
    for (const word of args) this.named(word.text.startsWith('-') && word.text.includes('=') ? { ...word, text: word.text.slice(word.text.indexOf('=') + 1) } : word);
  }

  /** A word an unknown program gets: if it names a path, that path (or what lies under it) may change. */
  private named(word: ShellWord): void {
    if (word.dynamic) {
      this.unknown = true;
      return;
    }
    if (word.text.startsWith('-') || word.text === '') return;
    this.tree(word, true);
  }

  /** A program run from a file (`bash x.sh`, `python3 tool.py memory/`): what it names, and cwd. */
  private runner(args: readonly ShellWord[]): void {
    this.targets.push({ kind: 'cwd', cwd: this.cwd });
    for (const word of operandsOf(args)) this.named(word);
  }

  private code(word: ShellWord): void {
    if (word.dynamic) this.unknown = true;
    this.targets.push({ kind: 'code', text: word.text, cwd: this.cwd });
  }

  private outputOption(args: readonly ShellWord[], names: readonly string[]): void {
    for (let i = 0; i < args.length; i++) {
      const text = args[i].text;
      if (names.includes(text) && args[i + 1]) this.file('write', args[i + 1]);
      for (const name of names) if (name.startsWith('--') && text.startsWith(`${name}=`)) this.file('write', { ...args[i], text: text.slice(name.length + 1) });
    }
  }

  private skipEnv(words: readonly ShellWord[]): ShellWord[] {
    let i = 0;
    while (i < words.length) {
      const text = words[i].text;
      if (text === '-C' || text === '--chdir') {
        const dir = words[i + 1];
        this.cwd = dir ? this.path(dir) : undefined;
        i += 2;
      } else if (text === '-u' || text === '--unset') i += 2;
      else if (text === '-S' || text === '--split-string') {
        const rest = words.slice(i + 1);
        if (rest.some((word) => word.dynamic)) this.unknown = true;
        else this.line(rest.map((word) => word.text).join(' '), 1);
        return [];
      } else if (text.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(text)) i++;
      else break;
    }
    return words.slice(i);
  }

  private git(args: readonly ShellWord[]): void {
    let cwd = this.cwd;
    let i = 0;
    for (; i < args.length && args[i].text.startsWith('-'); i++) {
      if (args[i].text === '-C') cwd = this.path(args[++i] ?? { text: '', dynamic: true, glob: false }, cwd);
      else if (args[i].text === '-c') i++;
    }
    const sub = args[i];
    if (!sub || (!sub.dynamic && GIT_READING.has(sub.text))) return;
    if (sub.dynamic) this.unknown = true;
    this.targets.push({ kind: 'repo', cwd });
  }

  private find(args: readonly ShellWord[], depth: number): void {
    const starts: ShellWord[] = [];
    let i = 0;
    for (; i < args.length && !/^[-(!]/.test(args[i].text); i++) starts.push(args[i]);
    if (starts.length === 0) starts.push(HERE);
    for (; i < args.length; i++) {
      const text = args[i].text;
      if (text === '-delete') for (const start of starts) this.tree(start, true);
      else if (text === '-fprint' || text === '-fprint0' || text === '-fprintf' || text === '-fls') {
        if (args[i + 1]) this.file('write', args[i + 1]);
      } else if (text === '-exec' || text === '-execdir' || text === '-ok' || text === '-okdir') {
        let end = i + 1;
        while (end < args.length && args[end].text !== ';' && args[end].text !== '+') end++;
        const verb = args[i + 1] ? baseName(args[i + 1].text) : '';
        if (!READ_ONLY.has(verb)) {
          for (const start of starts) this.tree(start, true);
          // What the command does to each file found is read too: it may name other files.
          this.line(args.slice(i + 1, end).filter((word) => word.text !== '{}').map((word) => quote(word.text)).join(' '), depth + 1);
        }
        i = end;
      }
    }
  }

  private copy(verb: string, args: readonly ShellWord[]): void {
    const recursive = verb === 'rsync' || args.some((word) => /^-[A-Za-z]*[rRa]/.test(word.text) || word.text === '--recursive' || word.text === '--archive');
    const targetDir = valueOf(args, ['-t', '--target-directory']);
    const files = operandsOf(args.filter((_word, i) => !(i > 0 && args[i - 1].text === '-t')));
    const sources = targetDir ? files : files.slice(0, -1);
    let dest = targetDir ?? files[files.length - 1];
    // `ln -s target` alone makes the link in the current folder.
    if (verb === 'ln' && !targetDir && files.length === 1) {
      sources.push(files[0]);
      dest = HERE;
    }
    if (!dest) return;
    if (verb === 'rsync') {
      this.tree(dest, args.some((word) => word.text.startsWith('--delete')));
      if (args.some((word) => word.text === '--remove-source-files')) for (const source of sources) this.tree(source, true);
      return;
    }
    if (recursive) this.tree(dest, false);
    this.file('write', dest);
    for (const source of sources) {
      // Into a folder, a file keeps its name.
      const name = source.dynamic ? undefined : source.text.replace(/[\\/]+$/, '').split(/[\\/]/).pop();
      if (name === undefined || source.glob) this.tree(dest, false);
      else {
        const folder = this.path(dest);
        if (folder === undefined) this.unknown = true;
        else this.targets.push({ kind: 'write', path: this.context.resolve(name, folder) });
      }
      // A folder moved away takes its files with it: the caller reads a deleted folder as its whole tree.
      if (verb === 'mv') this.file('delete', source);
      // A hard link is a second name for the same bytes: a write through it changes the memory.
      if (verb === 'ln' && !args.some((word) => /^-[A-Za-z]*s/.test(word.text) || word.text === '--symbolic')) this.file('write', source);
    }
  }

  private tar(args: readonly ShellWord[]): void {
    const mode = args.find((word) => !word.text.startsWith('--'))?.text ?? '';
    const extracting = /^-?[A-Za-z]*x/.test(mode) || args.some((word) => word.text === '--extract' || word.text === '--get');
    if (extracting) {
      const dir = valueOf(args, ['-C', '--directory']);
      if (dir) this.tree(dir, false);
      else this.tree(HERE, false);
      return;
    }
    const archive = valueOf(args, ['-f', '--file']) ?? (/^-?[A-Za-z]*f$/.test(mode) ? args[args.findIndex((word) => word.text === mode) + 1] : undefined);
    if (archive) this.file('write', archive);
    if (args.some((word) => word.text === '--remove-files')) for (const word of operandsOf(args).slice(1)) this.tree(word, true);
  }

  private powershell(command: SimpleCommand): void {
    const words = command.words;
    const head = words[0];
    if (!head) return;
    if (head.dynamic) {
      this.unknown = true;
      return;
    }
    const verb = baseName(head.text).toLowerCase().replace(/\.exe$/, '');
    const args = words.slice(1);
    // Option values (`-Value 'text'`) count as operands too: a word that names no memory changes nothing.
    const operands = args.filter((word) => word.dynamic || !word.text.startsWith('-'));
    if (PS_CD.has(verb)) {
      const target = operands[0];
      this.cwd = target ? this.path(target) : undefined;
      return;
    }
    if (PS_READ_ONLY.has(verb)) return;
    if (SHELLS.has(verb) || verb === 'bash') {
      const c = args.findIndex((word) => /^-(c|command)$/i.test(word.text));
      if (c >= 0 && args[c + 1] && !args[c + 1].dynamic) this.line(args[c + 1].text, 1);
      else this.unknown = true;
      return;
    }
    this.targets.push({ kind: 'cwd', cwd: this.cwd });
    // Anything else may take its paths from the pipeline; what it names may change.
    if (operands.length === 0) this.unknown = true;
    const deletes = PS_DELETING.has(verb);
    for (const word of operands) {
      if (deletes) this.tree(word, true);
      else this.named(word);
    }
  }
}

/** The words that are not options, `--` ending the options. */
function operandsOf(words: readonly ShellWord[]): ShellWord[] {
  const out: ShellWord[] = [];
  let options = true;
  for (const word of words) {
    if (options && word.text === '--' && !word.dynamic) options = false;
    else if (!options || word.dynamic || !word.text.startsWith('-') || word.text === '-') out.push(word);
  }
  return out;
}

/** Words after leading options, skipping the value of each option in `withValue`. */
function skipOptions(words: readonly ShellWord[], withValue: readonly string[]): ShellWord[] {
  let i = 0;
  while (i < words.length && !words[i].dynamic && words[i].text.startsWith('-') && words[i].text !== '-') {
    i += withValue.includes(words[i].text) ? 2 : 1;
    if (words[i - 1]?.text === '--') break;
  }
  return words.slice(i);
}

/** The value of the first of `names` (`-t DIR`, `--target-directory=DIR`). */
function valueOf(words: readonly ShellWord[], names: readonly string[]): ShellWord | undefined {
  for (let i = 0; i < words.length; i++) {
    const text = words[i].text;
    if (names.includes(text)) return words[i + 1];
    for (const name of names) {
      if (name.startsWith('--') && text.startsWith(`${name}=`)) return { ...words[i], text: text.slice(name.length + 1) };
      if (!name.startsWith('--') && text.startsWith(name) && text.length > name.length && name.length === 2) return { ...words[i], text: text.slice(2) };
    }
  }
  return undefined;
}

function baseName(word: string): string {
  return word.replace(/^.*[\\/]/, '');
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
