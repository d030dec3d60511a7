import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-label/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import { isLinkableName } from '../../core/slug';
import { DESCRIPTION_MAX, descriptionHint } from './descriptionHint';
import { renderMarkdown } from './markdownView';
import { assertNever, type FieldView, type FormState, type HostMessage, type StampView, type Strings, type WebviewMessage } from './protocol';
import { stampLine } from './stampFacts';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): SavedState | undefined;
  setState(state: SavedState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** What a field holds while the person is typing in it: kept over document updates until it lands. */
interface Draft {
  readonly value: string;
  /** The document's value when typing began; a different one arriving means it changed underneath. */
  readonly base: string;
  /** The document version the last send was made on: states of that version predate its edit. */
  readonly sentOn?: number;
}

/** Kept by VS Code across hide/show (the webview is recreated), so nothing typed is lost. */
interface SavedState {
  readonly form?: FormState;
  readonly strings?: Strings;
  readonly drafts: Readonly<Record<string, Draft>>;
  readonly scrollY: number;
}

/** An element of @vscode-elements with a value (textfield, textarea, single-select). */
type ValueElement = HTMLElement & { value: string; invalid?: boolean; disabled?: boolean; readonly?: boolean };

const vscode = acquireVsCodeApi();
const saved = vscode.getState();
let form: FormState | undefined = saved?.form;
let strings: Strings | undefined = saved?.strings;
const drafts = new Map<string, Draft>(Object.entries(saved?.drafts ?? {}));
/** Fields whose value the host refused or that changed underneath while typing: path -> the document's value. */
const conflicts = new Map<string, string>();
const sendTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** The key whose last value could not be written safely, said once at the top of the form. */
let refusal: string | undefined;
const TYPING_PAUSE_MS = 400;

const app = document.getElementById('app')!;

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message.kind) {
    case 'state':
      receiveState(message.state, message.strings);
      break;
    case 'refused':
      if (message.reason === 'stale') {
        // The key changed underneath: the person's text stays, and they choose between theirs and the file's.
        const draft = drafts.get(message.path);
        if (draft) conflicts.set(message.path, message.current);
      } else {
        refusal = message.path;
      }
      render();
      break;
    default:
      assertNever(message);
  }
});
window.addEventListener('scroll', () => persist(), { passive: true });

if (form && strings) render();
vscode.postMessage({ kind: 'ready' });

function receiveState(next: FormState, nextStrings: Strings): void {
  form = next;
  strings = nextStrings;
  for (const [path, draft] of [...drafts]) {
    const current = valueOf(next, path);
    if (current === draft.value) {
      drafts.delete(path);
      conflicts.delete(path);
    } else if (current !== draft.base && !sendTimers.has(path) && (draft.sentOn === undefined || next.version > draft.sentOn)) {
      // Someone else (an agent, the text editor) changed this key while it was being typed in.
      conflicts.set(path, current ?? '');
    }
  }
  render();
}

function valueOf(state: FormState, path: string): string | undefined {
  if (path === 'name') return state.name;
  if (path === 'description') return state.description;
  if (path === 'type' || path === state.typePath) return state.type;
  return state.others.find((field) => field.path === path)?.value;
}

function persist(): void {
  vscode.setState({ form, strings, drafts: Object.fromEntries(drafts), scrollY: window.scrollY });
}

function post(message: WebviewMessage): void {
  vscode.postMessage(message);
}

function sendField(path: string, value: string): void {
  if (!form) return;
  const draft = drafts.get(path);
  clearTimeout(sendTimers.get(path));
  sendTimers.delete(path);
  post({ kind: 'setField', path, value, base: draft?.base ?? valueOf(form, path) ?? '', version: form.version });
  // From now on the document is expected to hold what was sent: a later state showing it is no conflict.
  drafts.set(path, { value, base: value, sentOn: form.version });
  persist();
}

/** Typing records a draft and sends it after a pause; leaving the field (change) sends it at once. */
function track(element: ValueElement, path: string, options: { autoSend: boolean; onInput?: () => void }): void {
  element.addEventListener('input', () => {
    if (!form) return;
    const draft = drafts.get(path);
    drafts.set(path, { value: element.value, base: draft?.base ?? valueOf(form, path) ?? '', sentOn: draft?.sentOn });
    persist();
    options.onInput?.();
    if (!options.autoSend || conflicts.has(path)) return;
    clearTimeout(sendTimers.get(path));
    sendTimers.set(path, setTimeout(() => sendField(path, element.value), TYPING_PAUSE_MS));
  });
  if (options.autoSend) {
    element.addEventListener('change', () => {
      if (drafts.has(path) && !conflicts.has(path)) sendField(path, element.value);
    });
  }
}

function render(): void {
  if (!form || !strings) return;
  // The field being typed in gets its focus and caret back in its re-rendered twin.
  const focused = document.activeElement instanceof HTMLElement && document.activeElement.id !== '' ? document.activeElement : undefined;
  const inner = focused?.shadowRoot?.querySelector('input, textarea') as HTMLInputElement | HTMLTextAreaElement | null | undefined;
  const selection = inner ? [inner.selectionStart, inner.selectionEnd] : undefined;
  app.replaceChildren();
  app.appendChild(header(form, strings));
  if (refusal !== undefined) {
    const notice = el('div', { className: 'conflict', id: 'refusal', text: `${strings.refused} (${refusal})` });
    notice.setAttribute('role', 'alert');
    app.appendChild(notice);
    refusal = undefined;
  }
  if (form.frontmatter !== 'ok') {
    app.appendChild(errorPanel(form, strings));
  } else {
    app.appendChild(nameSection(form, strings));
    app.appendChild(descriptionSection(form, strings));
    // A durable lesson has no type: its folder's other choice is whether it applies to every session.
    app.appendChild(form.typing === 'untyped' && form.type === '' ? pinnedSection(form, strings) : typeSection(form, strings));
    app.appendChild(otherKeysSection(form, strings));
  }
  app.appendChild(problemsSection(form, strings));
  app.appendChild(backlinksSection(form, strings));
  app.appendChild(bodySection(form, strings));
  const fresh = focused && document.getElementById(focused.id);
  if (fresh) {
    void ((fresh as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete ?? Promise.resolve()).then(() => {
      fresh.focus();
      const twin = fresh.shadowRoot?.querySelector('input, textarea') as HTMLInputElement | HTMLTextAreaElement | null | undefined;
      if (twin && selection) twin.setSelectionRange(selection[0], selection[1]);
    });
  }
  persist();
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, options: { className?: string; text?: string; id?: string } = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (options.className) element.className = options.className;
  if (options.text !== undefined) element.textContent = options.text;
  if (options.id) element.id = options.id;
  element.append(...children);
  return element;
}

function vsc(tag: string, attributes: Record<string, string> = {}): ValueElement {
  const element = document.createElement(tag) as ValueElement;
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function button(label: string, onClick: () => void, secondary = false): HTMLElement {
  const element = vsc('vscode-button');
  element.textContent = label;
  if (secondary) element.setAttribute('secondary', '');
  element.addEventListener('click', onClick);
  return element;
}

function label(forId: string, text: string): HTMLElement {
  const element = vsc('vscode-label', { for: forId });
  element.textContent = text;
  return element;
}

/** The draft when one is kept, else the document's value. */
function shown(path: string, value: string): string {
  return drafts.get(path)?.value ?? value;
}

function header(state: FormState, s: Strings): HTMLElement {
  const title = el('h1', {}, document.createTextNode(state.title), el('span', { className: 'file', text: state.fileName }));
  if (state.stamp) title.appendChild(stampFacts(state.stamp, s));
  return el('header', {}, title, button(s.openAsText, () => post({ kind: 'openAsText', line: 0 }), true));
}

/** Claude Code's stamp as one line of text under the file name: nothing in it can be typed into. */
function stampFacts(stamp: StampView, s: Strings): HTMLElement {
  const line = el('span', { className: 'stamp', id: 'stamp', text: stampLine(stamp, s) });
  // The whole values (the full session id to find its transcript, the time as written) and why they are not fields.
  line.title = [stamp.session !== undefined ? `originSessionId: ${stamp.session}` : '', stamp.modified !== undefined ? `modified: ${stamp.modified}` : '', s.stampHint].filter((part) => part !== '').join('\n');
  return line;
}

function errorPanel(state: FormState, s: Strings): HTMLElement {
  const panel = el('section', { className: 'error-panel', id: 'frontmatter-error' });
  panel.setAttribute('role', 'alert');
  panel.appendChild(el('p', { text: state.frontmatter === 'missing' ? s.frontmatterMissing : s.frontmatterInvalid }));
  const list = el('ul');
  for (const error of state.errors) {
    const item = el('li', {}, el('span', { className: 'line', text: s.errorAtLine.replace('{0}', String(error.line)) }), document.createTextNode(' ' + error.message));
    item.appendChild(button(s.openAsText, () => post({ kind: 'openAsText', line: error.line - 1 })));
    list.appendChild(item);
  }
  panel.appendChild(list);
  if (state.errors.length === 0) panel.appendChild(button(s.openAsText, () => post({ kind: 'openAsText', line: 0 })));
  return panel;
}

function conflictNotice(path: string, element: ValueElement, s: Strings): HTMLElement | undefined {
  const theirs = conflicts.get(path);
  if (theirs === undefined) return undefined;
  const notice = el('div', { className: 'conflict' });
  notice.setAttribute('role', 'status');
  notice.appendChild(el('span', { text: s.changedOnDisk.replace('{0}', theirs) }));
  notice.appendChild(button(s.useMine, () => {
    const draft = drafts.get(path);
    conflicts.delete(path);
    // Mine, now knowingly over theirs.
    drafts.set(path, { value: draft?.value ?? element.value, base: theirs });
    if (path === 'name') render();
    else sendField(path, draft?.value ?? element.value);
  }));
  notice.appendChild(button(s.useTheirs, () => {
    conflicts.delete(path);
    drafts.delete(path);
    render();
  }, true));
  return notice;
}

function nameSection(state: FormState, s: Strings): HTMLElement {
  const section = el('section', { className: 'field' });
  const input = vsc('vscode-textfield', { id: 'field-name' });
  input.value = shown('name', state.name);
  const feedback = el('div', { className: 'hint', id: 'name-hint' });
  feedback.setAttribute('aria-live', 'polite');
  const actions = el('div', { className: 'actions' });
  const check = (): void => {
    const value = input.value.trim();
    const changed = value !== state.name;
    let problem = '';
    if (value === '') problem = s.nameEmpty;
    // A title is a name like any other (Claude Code writes them); only what no [[link]] can spell is said.
    else if (!isLinkableName(value)) problem = s.nameNotSlug;
    else if (changed && state.otherNames.includes(value)) problem = s.nameTaken;
    // Information, not an error: Claude Code still reads the memory; only links cannot reach it.
    input.invalid = problem !== '' && problem !== s.nameNotSlug;
    feedback.classList.toggle('error', input.invalid);
    feedback.textContent = problem;
    actions.hidden = !changed || value === '';
  };
  track(input, 'name', { autoSend: false, onInput: check });
  input.addEventListener('keydown', (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !actions.hidden && state.inRoot) rename();
  });
  const rename = (): void => post({ kind: 'rename', newName: input.value.trim(), base: drafts.get('name')?.base ?? state.name, version: state.version });
  if (state.inRoot) actions.appendChild(button(s.renameEverywhere, rename));
  actions.appendChild(button(s.setNameOnly, () => sendField('name', input.value.trim()), state.inRoot));
  section.append(label('field-name', s.name), input, feedback, actions);
  const notice = conflictNotice('name', input, s);
  if (notice) section.appendChild(notice);
  check();
  return section;
}

function descriptionSection(state: FormState, s: Strings): HTMLElement {
  const section = el('section', { className: 'field' });
  const input = vsc('vscode-textarea', { id: 'field-description', rows: '2', resize: 'vertical' });
  input.value = shown('description', state.description);
  const counter = el('span', { className: 'counter', id: 'description-counter' });
  const hint = el('span', { className: 'hint', id: 'description-hint' });
  const status = el('div', { className: 'status' }, counter, hint);
  status.setAttribute('aria-live', 'polite');
  const update = (): void => {
    const length = [...input.value].length;
    counter.textContent = s.characters.replace('{0}', String(length)).replace('{1}', String(DESCRIPTION_MAX));
    const verdict = descriptionHint(input.value, { text: state.description, vague: state.problems.some((problem) => problem.code === 'description-vague') });
    hint.textContent = verdict === 'vague' ? s.descriptionVague : verdict === 'long' ? s.descriptionLong : verdict === 'good' ? s.descriptionGood : '';
    hint.className = `hint ${verdict ?? ''}`;
    counter.classList.toggle('over', length > DESCRIPTION_MAX);
  };
  track(input, 'description', { autoSend: true, onInput: update });
  section.append(label('field-description', s.description), input, status);
  const notice = conflictNotice('description', input, s);
  if (notice) section.appendChild(notice);
  update();
  return section;
}

function typeSection(state: FormState, s: Strings): HTMLElement {
  const section = el('section', { className: 'field' });
  const select = vsc('vscode-single-select', { id: 'field-type' });
  const current = shown('type', state.type);
  const options = [...state.types];
  // An unknown type is shown and kept as it is, never silently replaced by a known one.
  if (current !== '' && !options.includes(current)) options.unshift(current);
  if (current === '') options.unshift('');
  for (const type of options) {
    const option = vsc('vscode-option', { value: type });
    option.textContent = type !== '' && !state.types.includes(type) ? `${type} — ${s.unknownType}` : type;
    if (type === current) option.setAttribute('selected', '');
    select.appendChild(option);
  }
  select.addEventListener('change', () => {
    drafts.set('type', { value: select.value, base: state.type });
    sendField('type', select.value);
  });
  section.append(label('field-type', s.type), select);
  if (current !== '' && !state.types.includes(current)) section.appendChild(el('div', { className: 'hint vague', text: s.unknownType }));
  return section;
}

function pinnedSection(state: FormState, s: Strings): HTMLElement {
  const section = el('section', { className: 'field' });
  const box = vsc('vscode-checkbox', { id: 'field-pinned' }) as ValueElement & { checked: boolean };
  box.checked = state.pinned;
  box.textContent = s.pinned;
  box.setAttribute('label', s.pinned);
  box.addEventListener('change', () => post({ kind: 'setPinned', pinned: box.checked, version: state.version }));
  const over = state.pinnedCount > state.maxPinned;
  const hint = el('div', {
    className: `hint ${over ? 'vague' : ''}`,
    id: 'pinned-hint',
    text: (over ? s.pinnedOver : s.pinnedHint).replace('{0}', String(state.pinnedCount)).replace('{1}', String(state.maxPinned)),
  });
  section.append(box, hint);
  return section;
}

function otherKeysSection(state: FormState, s: Strings): HTMLElement {
  const section = el('section', { className: 'others' }, el('h2', { text: s.otherKeys }));
  for (const field of state.others) section.appendChild(otherField(field, s));
  section.appendChild(addKeyRow(state, s));
  return section;
}

function otherField(field: FieldView, s: Strings): HTMLElement {
  const id = `field-${field.path.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const depth = field.path.split('.').length - 1;
  const row = el('div', { className: `other depth-${Math.min(depth, 3)}` });
  if (field.kind === 'map') {
    row.appendChild(el('div', { className: 'map-key', text: `${field.path}:` }));
    return row;
  }
  const input = vsc('vscode-textfield', { id });
  input.value = shown(field.path, field.value);
  if (!field.editable) {
    input.readonly = true;
    input.setAttribute('readonly', '');
    input.title = s.readOnly;
  } else {
    track(input, field.path, { autoSend: true });
  }
  row.append(label(id, field.path), input);
  const notice = conflictNotice(field.path, input, s);
  if (notice) row.appendChild(notice);
  return row;
}

function addKeyRow(state: FormState, s: Strings): HTMLElement {
  const row = el('div', { className: 'add-key' });
  const key = vsc('vscode-textfield', { id: 'add-key-name', placeholder: 'metadata.source' });
  const value = vsc('vscode-textfield', { id: 'add-key-value' });
  const add = (): void => {
    const path = key.value.trim();
    if (!/^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)?$/.test(path)) {
      key.invalid = true;
      return;
    }
    post({ kind: 'setField', path, value: value.value, base: valueOf(state, path) ?? '', version: state.version });
    key.value = '';
    value.value = '';
  };
  value.addEventListener('keydown', (event: KeyboardEvent) => {
    if (event.key === 'Enter') add();
  });
  row.append(el('h3', { text: s.addKey }), label('add-key-name', s.addKeyName), key, label('add-key-value', s.addKeyValue), value, button(s.add, add, true));
  return row;
}

function problemsSection(state: FormState, s: Strings): HTMLElement {
  const section = el('section', { className: 'problems' }, el('h2', { text: s.problems }));
  if (state.problems.length === 0) {
    section.appendChild(el('p', { className: 'empty', text: s.noProblems }));
    return section;
  }
  const list = el('ul');
  for (const problem of state.problems) {
    const link = el('a', { className: 'problem', text: `${s.line.replace('{0}', String(problem.line + 1))}: ${problem.message}` });
    link.tabIndex = 0;
    link.setAttribute('role', 'link');
    link.title = problem.code;
    const open = (): void => post({ kind: 'openAsText', line: problem.line });
    link.addEventListener('click', open);
    link.addEventListener('keydown', (event: KeyboardEvent) => {
      if (event.key === 'Enter') open();
    });
    const item = el('li', {}, el('span', { className: `severity ${problem.severity}`, text: problem.severity }), link);
    for (const title of problem.fixes) {
      const fix = button(title, () => post({ kind: 'applyFix', code: problem.code, line: problem.line, title }), true);
      fix.className = 'fix';
      item.appendChild(fix);
    }
    list.appendChild(item);
  }
  section.appendChild(list);
  return section;
}

function backlinksSection(state: FormState, s: Strings): HTMLElement {
  const section = el('section', { className: 'backlinks' }, el('h2', { text: s.backlinks }));
  if (state.backlinks.length === 0) {
    section.appendChild(el('p', { className: 'empty', text: state.inRoot ? s.noBacklinks : s.notInRoot }));
    return section;
  }
  const list = el('ul');
  for (const backlink of state.backlinks) {
    const link = el('a', { text: backlink.source });
    link.tabIndex = 0;
    link.setAttribute('role', 'link');
    const open = (): void => post({ kind: 'openBacklink', path: backlink.path, line: backlink.line });
    link.addEventListener('click', open);
    link.addEventListener('keydown', (event: KeyboardEvent) => {
      if (event.key === 'Enter') open();
    });
    list.appendChild(el('li', {}, link, el('span', { className: 'context', text: backlink.text })));
  }
  section.appendChild(list);
  return section;
}

function bodySection(state: FormState, s: Strings): HTMLElement {
  const body = el('article', { className: 'body markdown', id: 'body' });
  body.appendChild(renderMarkdown(state.body, state.links, { reservation: s.reservation, ambiguous: s.ambiguous }, {
    openLink: (target) => post({ kind: 'openLink', target }),
  }));
  return el('section', {}, el('h2', { text: s.body }), body);
}

// Restore the scroll position once the first render has laid out the page.
if (saved?.scrollY) requestAnimationFrame(() => window.scrollTo(0, saved.scrollY));
