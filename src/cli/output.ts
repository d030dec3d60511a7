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
