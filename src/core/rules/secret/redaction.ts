import { findSecrets, REDACTED } from './secretRule';

/**
 * `text` with every credential the secret rule finds replaced by `<redacted>` (a secret over several
 * lines: each line's part, so the line count stays), or undefined when it holds none. What purging a
 * redacted secret from the history writes in place of each old version.
 */
export function redactSecrets(text: string): string | undefined {
  const findings = findSecrets(text);
  if (findings.length === 0) return undefined;
  let out = text;
  for (const finding of [...findings].sort((a, b) => b.start - a.start)) {
    const span = out.slice(finding.start, finding.end);
    out = out.slice(0, finding.start) + span.split(/(\r\n|\n|\r)/).map((part, i) => (i % 2 === 1 ? part : REDACTED)).join('') + out.slice(finding.end);
  }
  return out === text ? undefined : out;
}
