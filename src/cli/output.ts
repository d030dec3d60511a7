import type { OutputFormat } from './args';
import { formatHuman, formatJson, type CheckedRoot } from './format';
import { formatGithub } from './githubAnnotations';
import { formatSarif } from './sarif';

/** What `check` prints on stdout in the chosen format. */
export function render(format: OutputFormat, roots: readonly CheckedRoot[], version: string): string {
  switch (format) {
    case 'text':
      return formatHuman(roots);
    case 'json':
      return formatJson(roots);
    case 'sarif':
      return formatSarif(roots, version);
    case 'github':
      return formatGithub(roots);
  }
}

/**
 * `text` and a line break as UTF-8, for stdout. The report of a large root is megabytes: written as
 * `text + '\n'` the two were first joined into a copy, then measured and encoded by Buffer.from (12 MB
 * of JSON: 60-80 ms), where measuring and encoding into a buffer of that length take 50-55 ms and no copy.
 */
export function outputBytes(text: string): Buffer {
  const length = Buffer.byteLength(text, 'utf8');
  const bytes = Buffer.allocUnsafeSlow(length + 1);
  bytes.write(text, 0, 'utf8');
  bytes[length] = 0x0a;
  return bytes;
}
