/**
 * A shell line cut into simple commands and words, enough to tell which files a command may write.
 * Not a shell: what it cannot read exactly it marks (`dynamic`) so the caller can assume the worst.
 */

/** One word of a simple command, quotes removed. */
export interface ShellWord {
  readonly text: string;
  /** Holds an expansion the reader did not resolve (`$(…)`, a backtick, `$VAR`): its value is unknown. */
  readonly dynamic: boolean;
  /** Holds an unquoted glob or brace character (`*`, `?`, `[`, `{`). */
  readonly glob: boolean;
}

export interface ShellRedirect {
  readonly target: ShellWord;
  readonly append: boolean;
}

export interface SimpleCommand {
  readonly words: ShellWord[];
  readonly redirects: ShellRedirect[];
}

/** A command line: its simple commands in order, and the command lines nested in `$(…)` and backticks. */
export interface ShellLine {
  readonly commands: SimpleCommand[];
  readonly nested: string[];
}

/** Variables a word may name; undefined: unknown. */
export type ShellVars = (name: string) => string | undefined;

/**
 * Splits `line` into simple commands on `;`, `&&`, `||`, `|`, `&`, newlines and parentheses, expanding
 * `$NAME`/`${NAME}` through `vars`. `escape` is the quoting escape character: `\` for a POSIX shell,
 * the backtick for PowerShell.
 */
export function splitShellLine(line: string, vars: ShellVars, escape: '\\' | '`' = '\\'): ShellLine {
  const commands: SimpleCommand[] = [];
  const nested: string[] = [];
  let current: { words: ShellWord[]; redirects: ShellRedirect[] } = { words: [], redirects: [] };
  let text = '';
  let dynamic = false;
  let glob = false;
  let inWord = false;
  let redirect: { append: boolean } | undefined;

  const endWord = (): void => {
    if (!inWord) return;
    const word = { text, dynamic, glob };
    if (redirect) current.redirects.push({ target: word, append: redirect.append });
    else current.words.push(word);
    text = '';
    dynamic = false;
    glob = false;
    inWord = false;
    redirect = undefined;
  };
  const endCommand = (): void => {
    endWord();
    if (current.words.length > 0 || current.redirects.length > 0) commands.push(current);
    current = { words: [], redirects: [] };
  };
  /** `$NAME`, `${NAME}`, `$(…)` at `at` (the `$`); returns the index of its last character. */
  const dollar = (at: number): number => {
    const next = line[at + 1];
    if (next === '(') {
      const close = matchingParen(line, at + 1);
      nested.push(line.slice(at + 2, close));
      dynamic = true;
      return close;
    }
    const braced = next === '{';
    const match = /^[A-Za-z_][A-Za-z0-9_]*|^[0-9@*#?$!-]/.exec(line.slice(at + 1 + (braced ? 1 : 0)));
    if (!match) {
      text += '$';
      return at;
    }
    const value = vars(match[0]);
    if (value === undefined) dynamic = true;
    else text += value;
    let end = at + match[0].length + (braced ? 1 : 0);
    if (braced) {
      // `${X:-default}` and the like: the value is not what the name alone says.
      const close = line.indexOf('}', end + 1);
      if (close > end + 1) dynamic = true;
      end = close < 0 ? line.length - 1 : close;
    }
    return end;
  };

  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === "'") {
      const close = line.indexOf("'", i + 1);
      const end = close < 0 ? line.length : close;
      text += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '"') {
      inWord = true;
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === escape && j + 1 < line.length) text += line[++j];
        else if (line[j] === '$') j = dollar(j);
        else if (line[j] === '`' && escape === '\\') {
          const close = line.indexOf('`', j + 1);
          nested.push(line.slice(j + 1, close < 0 ? line.length : close));
          dynamic = true;
          j = close < 0 ? line.length : close;
        } else text += line[j];
      }
      i = j;
    } else if (char === escape && i + 1 < line.length) {
      if (line[i + 1] !== '\n') text += line[i + 1];
      inWord = true;
      i++;
    } else if (char === '`') {
      const close = line.indexOf('`', i + 1);
      nested.push(line.slice(i + 1, close < 0 ? line.length : close));
      dynamic = true;
      inWord = true;
      i = close < 0 ? line.length : close;
    } else if (char === '$') {
      inWord = true;
      i = dollar(i);
    } else if (char === ' ' || char === '\t') {
      endWord();
    } else if (char === ';' || char === '\n' || char === '|' || char === '(' || char === ')') {
      endCommand();
    } else if (char === '&') {
      // `&>file` and `&>>file` send both streams into a file; `&` alone ends a command.
      if (line[i + 1] === '>') {
        endWord();
        i++;
        const append = line[i + 1] === '>';
        if (append) i++;
        redirect = { append };
      } else endCommand();
    } else if (char === '>') {
      const at = i;
      endWord();
      // `2>file`: the stream number is not a word of the command.
      const last = current.words[current.words.length - 1];
      if (last && /^[0-9]$/.test(last.text) && /[0-9]/.test(line[at - 1] ?? '')) current.words.pop();
      const append = line[i + 1] === '>';
      if (append) i++;
      // `>|` writes as `>` does; `>&2` duplicates a stream, `>&file` writes the file.
      if (line[i + 1] === '|') i++;
      if (line[i + 1] === '&') {
        i++;
        if (/^[0-9-]/.test(line[i + 1] ?? '')) {
          while (i + 1 < line.length && /[0-9-]/.test(line[i + 1])) i++;
          continue;
        }
      }
      redirect = { append };
    } else if (char === '<') {
      endWord();
      // `<<EOF` here-documents and `<(…)` feed input; `<>file` opens the file for writing too.
      if (line[i + 1] === '>') {
        i++;
        redirect = { append: false };
      }
    } else {
      // `{a,b}` expands before anything runs, as a glob does.
      if (char === '*' || char === '?' || char === '[' || char === '{') glob = true;
      text += char;
      inWord = true;
    }
  }
  endCommand();
  return { commands, nested };
}

/** The index of the `)` closing the `(` at `open`, quotes respected; the line's end when it never closes. */
function matchingParen(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    const char = line[i];
    if (char === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) return line.length;
      i = close;
    } else if (char === '\\') i++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return line.length;
}
