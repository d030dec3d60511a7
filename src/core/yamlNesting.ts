import { CST, Lexer } from 'yaml';

/**
 * How deep frontmatter may nest before the YAML parser is given it. Memory frontmatter nests two or
 * three levels; the parser's time grows far faster than linearly with flow nesting (300 `[{` take 50 s,
 * 1,000 `{` never finish) and deep input has aborted the whole process, so depth is refused first.
 */
export const MAX_YAML_NESTING = 64;

/**
 * The offset where `yaml` first nests deeper than {@link MAX_YAML_NESTING}, or undefined. Read with the
 * library's own lexer, which is linear and knows what is quoted, so a bracket inside a string never
 * counts and none can hide in one. Flow depth counts open `[`/`{`; block depth counts the indentation
 * levels open above a line plus the compact `- ` and `? ` indicators on it.
 */
export function yamlTooDeepAt(yaml: string): number | undefined {
  let offset = 0;
  let flow = 0;
  const indents: number[] = [];
  let lineStart = true;
  let indent = 0;
  let onLine = 0;
  for (const token of new Lexer().lex(yaml)) {
    const type = CST.tokenType(token);
    const at = offset;
    // The lexer also yields control tokens of its own (a document start, a scalar's marker) that are not in the source.
    if (type !== 'doc-mode' && type !== 'scalar' && type !== 'flow-error-end') offset += token.length;
    if (type === 'newline') {
      lineStart = true;
      indent = 0;
      continue;
    }
    if (type === 'space' && lineStart) {
      indent = token.length;
      continue;
    }
    if (type === 'comment' || type === 'space' || type === 'doc-mode' || type === 'byte-order-mark') continue;
    if (lineStart && flow === 0) {
      while (indents.length > 0 && indents[indents.length - 1] >= indent) indents.pop();
      indents.push(indent);
      onLine = 0;
    }
    lineStart = false;
    if (type === 'seq-item-ind' || type === 'explicit-key-ind') onLine++;
    else if (type === 'flow-map-start' || type === 'flow-seq-start') flow++;
    else if ((type === 'flow-map-end' || type === 'flow-seq-end') && flow > 0) flow--;
    if (flow > MAX_YAML_NESTING || indents.length + onLine > MAX_YAML_NESTING) return at;
  }
  return undefined;
}
