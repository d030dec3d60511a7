/**
 * Whether a shell glob (an absolute pattern, `/`-separated) can match a folder or something inside it,
 * decided segment by segment without listing the disk: `/p/*\/x.md` reaches into `/p/memory`,
 * `/p/*.log` does not.
 */
export function globReaches(pattern: string, folder: string): boolean {
  const want = pattern.split('/').filter((part) => part !== '');
  const have = folder.split('/').filter((part) => part !== '');
  for (let i = 0; i < have.length; i++) {
    const part = want[i];
    // The pattern stops above the folder: it names one of its ancestors, which holds the folder.
    if (part === undefined) return true;
    if (part === '**') return true;
    if (!segmentRegExp(part).test(have[i])) return false;
  }
  return true;
}

/** A regular expression for one glob segment: `*`, `?`, `[…]` and `{a,b}`; anything else literal. */
function segmentRegExp(segment: string): RegExp {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i];
    if (char === '*') out += '.*';
    else if (char === '?') out += '.';
    else if (char === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        const body = segment.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close;
      }
    } else if (char === '{') {
      const close = segment.indexOf('}', i);
      if (close < 0) out += '\\{';
      else {
        out += `(?:${segment.slice(i + 1, close).split(',').map(escape).join('|')})`;
        i = close;
      }
    } else out += escape(char);
  }
  try {
    return new RegExp(`^${out}$`, 's');
  } catch {
    return /^/;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
