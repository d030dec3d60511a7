import MarkdownIt, { type StateInline, type Token } from 'markdown-it';
import type { LinkView } from './protocol';

// markdown-it runs here, in the webview: the DOM is built from its tokens with createElement and
// textContent, so no HTML string made from the file ever reaches innerHTML, and the extension host's
// bundle does not carry a Markdown parser.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.inline.ruler.before('link', 'wikilink', wikiLinkRule);

const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'em', 'strong', 's']);
const SAFE_HREF = /^(?:https?:|mailto:)/i;

/** `[[target]]`, `[[target|label]]`, `[[target#heading]]`, as core's link finder reads them. */
function wikiLinkRule(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x5b || src.charCodeAt(start + 1) !== 0x5b) return false;
  const match = /^\[\[([^\[\]\r\n|#]+)((?:[|#][^\[\]\r\n]*)?)\]\]/.exec(src.slice(start));
  if (!match || match[1].trim() === '') return false;
  if (!silent) {
    const token = state.push('wikilink', '', 0);
    token.meta = { target: match[1].trim(), label: match[2].startsWith('|') ? match[2].slice(1).trim() : match[0].slice(2, -2) };
  }
  state.pos += match[0].length;
  return true;
}

export interface MarkdownHandlers {
  openLink(target: string): void;
}

/** The body as DOM nodes, links to memories as focusable elements, dangling ones marked as reservations. */
export function renderMarkdown(body: string, links: readonly LinkView[], strings: { reservation: string; ambiguous: string }, handlers: MarkdownHandlers): DocumentFragment {
  const status = new Map(links.map((link) => [link.target, link.status]));
  const root = document.createDocumentFragment();
  const stack: (DocumentFragment | HTMLElement)[] = [root];
  for (const token of md.parse(body, {})) {
    const top = stack[stack.length - 1];
    if (token.type === 'inline') {
      renderInline(token.children ?? [], top, status, strings, handlers);
    } else if (token.nesting === 1) {
      const element = document.createElement(BLOCK_TAGS.has(token.tag) ? token.tag : 'div');
      const start = token.attrGet('start');
      if (token.tag === 'ol' && start !== null && /^\d+$/.test(String(start))) element.setAttribute('start', String(start));
      top.appendChild(element);
      stack.push(element);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else if (token.type === 'fence' || token.type === 'code_block') {
      const pre = document.createElement('pre');
      const code = document.createElement('code');
      code.textContent = token.content;
      pre.appendChild(code);
      top.appendChild(pre);
    } else if (token.type === 'hr') {
      top.appendChild(document.createElement('hr'));
    } else {
      top.appendChild(document.createTextNode(token.content));
    }
  }
  return root;
}

function renderInline(tokens: readonly Token[], parent: Node, status: ReadonlyMap<string, LinkView['status']>, strings: { reservation: string; ambiguous: string }, handlers: MarkdownHandlers): void {
  const stack: Node[] = [parent];
  for (const token of tokens) {
    const top = stack[stack.length - 1];
    switch (token.type) {
      case 'text':
      case 'html_inline':
        top.appendChild(document.createTextNode(token.content));
        break;
      case 'softbreak':
        top.appendChild(document.createTextNode('\n'));
        break;
      case 'hardbreak':
        top.appendChild(document.createElement('br'));
        break;
      case 'code_inline': {
        const code = document.createElement('code');
        code.textContent = token.content;
        top.appendChild(code);
        break;
      }
      case 'image':
        // Nothing is loaded from a memory's body: the alt text stands in.
        top.appendChild(document.createTextNode(token.content ? `[${token.content}]` : ''));
        break;
      case 'link_open': {
        const href = String(token.attrGet('href') ?? '');
        const element = SAFE_HREF.test(href) ? document.createElement('a') : document.createElement('span');
        if (element instanceof HTMLAnchorElement) element.href = href;
        top.appendChild(element);
        stack.push(element);
        break;
      }
      case 'wikilink':
        top.appendChild(wikiLink(token.meta as { target: string; label: string }, status, strings, handlers));
        break;
      default:
        if (token.nesting === 1) {
          const element = document.createElement(BLOCK_TAGS.has(token.tag) ? token.tag : 'span');
          top.appendChild(element);
          stack.push(element);
        } else if (token.nesting === -1) {
          if (stack.length > 1) stack.pop();
        } else if (token.content) {
          top.appendChild(document.createTextNode(token.content));
        }
    }
  }
}

function wikiLink(meta: { target: string; label: string }, status: ReadonlyMap<string, LinkView['status']>, strings: { reservation: string; ambiguous: string }, handlers: MarkdownHandlers): HTMLElement {
  const state = status.get(meta.target) ?? 'dangling';
  const link = document.createElement('a');
  link.className = `wikilink ${state}`;
  link.textContent = meta.label;
  link.tabIndex = 0;
  link.setAttribute('role', 'link');
  if (state === 'dangling') link.title = strings.reservation;
  if (state === 'ambiguous') link.title = strings.ambiguous;
  const open = (event: Event): void => {
    event.preventDefault();
    handlers.openLink(meta.target);
  };
  link.addEventListener('click', open);
  link.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') open(event);
  });
  return link;
}
