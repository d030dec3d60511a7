import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call the stand-in asks Claude Code to make, as the Messages API would stream it. */
export interface ToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/**
 * One answer of the stand-in: text, or tool calls Claude Code then runs (hooks and permissions included).
 * `delayMs` holds the answer back, as a model thinking would: what Claude Code learns meanwhile (a
 * language server's diagnostics) goes into the request after it.
 */
export type Turn = ({ readonly text: string } | { readonly tools: readonly ToolCall[] }) & { readonly delayMs?: number };

/**
 * A step of the script: a turn, or one made from the requests so far when it is due, as a model decides
 * from what it was sent (the diagnostics of its last write, say).
 */
export type Step = Turn | ((requests: readonly SentRequest[]) => Turn);

/** A request Claude Code sent, parsed. */
export interface SentRequest {
  readonly url: string;
  readonly body: MessagesBody;
}

export interface MessagesBody {
  readonly model?: string;
  readonly system?: readonly { readonly type: string; readonly text: string }[] | string;
  readonly messages?: readonly { readonly role: string; readonly content: string | readonly ContentBlock[] }[];
  readonly tools?: readonly unknown[];
  readonly stream?: boolean;
}

export interface ContentBlock {
  readonly type: string;
  readonly text?: string;
  readonly tool_use_id?: string;
  readonly content?: string | readonly { readonly type: string; readonly text?: string }[];
  readonly is_error?: boolean;
}

export interface StandIn {
  readonly url: string;
  readonly requests: SentRequest[];
  close(): Promise<void>;
}

/**
 * A local stand-in for the Messages API, on loopback only: it records every request Claude Code sends
 * and answers the main conversation from a script, a turn a request.
 */
export async function startStandIn(script: readonly Step[] = []): Promise<StandIn> {
  const requests: SentRequest[] = [];
  let toolIds = 0;
  let step = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      let body: MessagesBody = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as MessagesBody;
      } catch {
        // Not JSON: recorded empty, answered like any other request.
      }
      requests.push({ url, body });
      if (url.startsWith('/v1/messages/count_tokens')) return json(res, { input_tokens: 1 });
      if (!url.startsWith('/v1/messages')) return json(res, {}, 404);
      // Only the main conversation (it carries the tools) follows the script, one turn a request; side
      // requests get text. Counting the conversation's own assistant turns is not reliable: Claude Code
      // may fold earlier turns together before it sends them.
      const main = (body.tools?.length ?? 0) > 0;
      const next = main ? script[step++] : undefined;
      const turn = !main ? { text: 'ok' } : typeof next === 'function' ? next(requests) : (next ?? { text: 'done' });
      const blocks: Block[] = 'text' in turn ? [{ type: 'text', text: turn.text }] : turn.tools.map((tool) => ({ type: 'tool_use' as const, id: `toolu_${++toolIds}`, name: tool.name, input: tool.input }));
      const stop = 'text' in turn ? 'end_turn' : 'tool_use';
      const answer = (): void => {
        if (body.stream) stream(res, body.model ?? 'claude', blocks, stop);
        else json(res, { id: 'msg_standin', type: 'message', role: 'assistant', model: body.model, content: blocks, stop_reason: stop, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } });
      };
      if (turn.delayMs) setTimeout(answer, turn.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: http.ServerResponse, value: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** The server-sent events of one streamed answer. */
function stream(res: http.ServerResponse, model: string, blocks: readonly Block[], stop: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: unknown): void => void res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', { type: 'message_start', message: { id: 'msg_standin', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } });
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    } else {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } });
  send('message_stop', { type: 'message_stop' });
  res.end();
}
