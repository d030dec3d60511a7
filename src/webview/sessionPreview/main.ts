import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { HostMessage, PartView, PreviewView, TotalsRow, WebviewMessage } from './protocol';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): { view?: PreviewView; scrollY?: number } | undefined;
  setState(state: { view?: PreviewView; scrollY?: number }): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const app = document.getElementById('app')!;

/** An element with text only: every string here comes from files on disk or the host, none is markup. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function link(text: string, message: WebviewMessage, className = 'open'): HTMLAnchorElement {
  const a = el('a', className, text);
  a.href = '#';
  a.addEventListener('click', (event) => {
    event.preventDefault();
    vscode.postMessage(message);
  });
  return a;
}

function totalsTable(view: PreviewView): HTMLTableElement {
  const table = el('table', 'totals');
  const head = table.createTHead().insertRow();
  view.columns.forEach((column, i) => head.appendChild(el('th', i === 0 ? '' : 'num', column)));
  const body = table.createTBody();
  const format = new Intl.NumberFormat(document.documentElement.lang || undefined);
  for (const row of view.totals as TotalsRow[]) {
    const tr = body.insertRow();
    tr.className = `tone-${row.tone}`;
    tr.appendChild(el('td', 'label', row.label));
    for (const value of [row.files, row.chars, row.lines, row.tokens]) tr.appendChild(el('td', 'num', format.format(value)));
  }
  return table;
}

function partSection(part: PartView, view: PreviewView): HTMLElement {
  const section = el('section', `part tone-${part.tone} depth-${Math.min(part.depth, 3)}`);
  section.dataset['path'] = part.path;
  const head = el('div', 'head');
  head.appendChild(el('span', 'number', part.number !== undefined ? `${part.number}.` : part.depth > 0 ? '↳' : '–'));
  const name = part.openable ? link(part.file, { kind: 'open', path: part.path }, 'open file') : el('span', 'file', part.file);
  name.title = part.path;
  head.appendChild(name);
  head.appendChild(el('span', 'kind', part.kind));
  section.appendChild(head);
  section.appendChild(el('div', 'path', part.path));
  section.appendChild(el('div', 'status', part.status));
  for (const note of part.notes) section.appendChild(el('div', 'note', note));
  if (part.warning) section.appendChild(el('div', 'warning', part.warning));
  if (part.readOnDemand) {
    const line = el('div', 'note on-demand', part.readOnDemand.label + ' ');
    part.readOnDemand.files.forEach((file, i) => {
      if (i > 0) line.appendChild(document.createTextNode(', '));
      line.appendChild(link(file.label, { kind: 'open', path: file.path }));
    });
    section.appendChild(line);
  }
  if (part.text !== undefined) {
    const details = el('details', 'text');
    details.appendChild(el('summary', '', view.strings.showText));
    details.appendChild(el('pre', 'loaded-text', part.text));
    section.appendChild(details);
  }
  if (part.cut) {
    const cut = el('div', 'cut');
    const marker = el('div', 'cut-marker', `✂ ${part.cut.marker}`);
    if (part.openable) {
      marker.appendChild(document.createTextNode(' · '));
      marker.appendChild(link(view.strings.openAtCut, { kind: 'open', path: part.path, atCut: true }));
    }
    cut.appendChild(marker);
    cut.appendChild(el('div', 'cut-heading', part.cut.heading));
    cut.appendChild(el('pre', 'cut-text', part.cut.text));
    section.appendChild(cut);
  }
  return section;
}

function render(view: PreviewView): void {
  app.replaceChildren();
  const header = el('header');
  header.appendChild(el('h1', '', view.title));
  const markdown = el('vscode-button', 'as-markdown', view.strings.asMarkdown);
  markdown.setAttribute('secondary', '');
  markdown.addEventListener('click', () => vscode.postMessage({ kind: 'markdown' }));
  header.appendChild(markdown);
  app.appendChild(header);
  app.appendChild(el('p', 'intro', view.intro));
  if (view.nothing) app.appendChild(el('p', 'nothing', view.nothing));
  for (const folder of view.notLoaded) {
    const box = el('div', 'not-loaded');
    box.appendChild(el('span', '', folder.text));
    const button = el('vscode-button', 'load', folder.action);
    button.addEventListener('click', () => vscode.postMessage({ kind: 'load', root: folder.root }));
    box.appendChild(button);
    app.appendChild(box);
  }
  app.appendChild(totalsTable(view));
  const list = el('div', 'parts');
  for (const part of view.parts) list.appendChild(partSection(part, view));
  app.appendChild(list);
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  if (message?.kind !== 'view') return;
  render(message.view);
  vscode.setState({ view: message.view, scrollY: window.scrollY });
  window.scrollTo(0, vscode.getState()?.scrollY ?? 0);
});
window.addEventListener('scroll', () => vscode.setState({ ...vscode.getState(), scrollY: window.scrollY }));

const saved = vscode.getState();
if (saved?.view) {
  render(saved.view);
  window.scrollTo(0, saved.scrollY ?? 0);
}
vscode.postMessage({ kind: 'ready' });
