import type { ContentBlock, SentRequest } from './standIn';

/** One file as Claude Code put it in context: `Contents of <path> (<label>):` and the text after it. */
export interface LoadedBlock {
  readonly path: string;
  readonly label: string;
  readonly text: string;
}

const HEADER = /\n\nContents of (\/[^\n]*?) \(([^()\n]+)\):\n\n/g;
const CLOSE = '\n</system-reminder>';

/** The first request of the conversation: the one whose messages start it. */
export function firstConversationRequest(requests: readonly SentRequest[]): SentRequest | undefined {
  return requests.find((request) => request.url.startsWith('/v1/messages') && !request.url.includes('count_tokens') && (request.body.tools?.length ?? 0) > 0);
}

/**
 * The files Claude Code loaded at start, in order, with the exact text sent: the `<system-reminder>` of
 * the first user message that introduces instructions. Empty when nothing was loaded.
 */
export function loadedBlocks(request: SentRequest | undefined): LoadedBlock[] {
  const first = request?.body.messages?.[0];
  if (!first) return [];
  const texts = typeof first.content === 'string' ? [first.content] : first.content.filter((block: ContentBlock) => block.type === 'text').map((block) => block.text ?? '');
  const reminder = texts.find((text) => text.includes('\n\nContents of '));
  if (reminder === undefined) return [];
  const end = reminder.lastIndexOf(CLOSE);
  const body = end >= 0 ? reminder.slice(0, end) : reminder;
  const headers = [...body.matchAll(HEADER)];
  return headers.map((header, i) => {
    const start = (header.index ?? 0) + header[0].length;
    const stop = i + 1 < headers.length ? (headers[i + 1].index ?? body.length) : body.length;
    return { path: header[1], label: header[2], text: body.slice(start, stop) };
  });
}

/** The `# Memory` section of the system prompt: the format Claude Code asks the model to write memory in. */
export function memoryPrompt(request: SentRequest | undefined): string | undefined {
  const system = request?.body.system;
  const text = typeof system === 'string' ? system : (system ?? []).map((block) => block.text).join('\n');
  const start = text.indexOf('\n# Memory\n');
  if (start < 0) return undefined;
  const next = text.indexOf('\n# ', start + 2);
  return text.slice(start + 1, next < 0 ? undefined : next).trim();
}

/** The tool results Claude Code returned to the model, in order: how a hook's refusal reaches it. */
export function toolResults(requests: readonly SentRequest[]): { text: string; isError: boolean }[] {
  const last = [...requests].reverse().find((request) => (request.body.tools?.length ?? 0) > 0);
  const results: { text: string; isError: boolean }[] = [];
  for (const message of last?.body.messages ?? []) {
    if (typeof message.content === 'string') continue;
    for (const block of message.content) {
      if (block.type !== 'tool_result') continue;
      const text = typeof block.content === 'string' ? block.content : (block.content ?? []).map((part) => part.text ?? '').join('\n');
      results.push({ text, isError: block.is_error === true });
    }
  }
  return results;
}

/** The Claude Code session of a run, as its requests carry it (`metadata.user_id` holds a `session_id`). */
export function sessionIdOf(requests: readonly SentRequest[]): string | undefined {
  for (const request of requests) {
    const meta = (request.body as { metadata?: { user_id?: string } }).metadata?.user_id;
    const match = meta ? /session_id\W+([0-9a-f-]{36})/.exec(meta) : null;
    if (match) return match[1];
  }
  return undefined;
}
