/**
 * What Claude Code sends a command hook on stdin, reduced to what Memory Shelf uses. Shapes from
 * Claude Code's hooks reference (https://code.claude.com/docs/en/hooks, "Common input fields",
 * "PreToolUse input", "PostToolUse input"): every event has `session_id`, `transcript_path`, `cwd`,
 * `hook_event_name`; tool events add `tool_name`, `tool_input` and `tool_use_id`, PostToolUse also
 * `tool_response`. `tool_input` for Write is `{ file_path, content }`, for Edit `{ file_path,
 * old_string, new_string, replace_all? }`, for MultiEdit `{ file_path, edits: [...] }`, for Bash
 * `{ command, description?, timeout? }`; file paths are absolute.
 */
export interface HookInput {
  readonly event: 'PreToolUse' | 'PostToolUse';
  readonly sessionId: string;
  readonly cwd: string;
  readonly toolName: string;
  /** The file a file tool writes (absolute), when the tool is one. */
  readonly filePath?: string;
  /** Write's whole new text. */
  readonly content?: string;
  /** Bash's command line. */
  readonly command?: string;
}

/** The tools whose `tool_input.file_path` names the file they write. */
export const FILE_TOOLS: ReadonlySet<string> = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/** The matcher the hook is installed with: the file tools and Bash. */
export const HOOK_MATCHER = 'Write|Edit|MultiEdit|Bash';

/** The hook input, or undefined for anything else (another event, a shape Memory Shelf does not use). */
export function parseHookInput(value: unknown): HookInput | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const input = value as Record<string, unknown>;
  const event = input.hook_event_name;
  if (event !== 'PreToolUse' && event !== 'PostToolUse') return undefined;
  const toolName = typeof input.tool_name === 'string' ? input.tool_name : '';
  const toolInput = input.tool_input !== null && typeof input.tool_input === 'object' ? (input.tool_input as Record<string, unknown>) : {};
  const base = { event, sessionId: typeof input.session_id === 'string' ? input.session_id : '', cwd: typeof input.cwd === 'string' ? input.cwd : '', toolName } as const;
  if (FILE_TOOLS.has(toolName)) {
    const filePath = typeof toolInput.file_path === 'string' ? toolInput.file_path : typeof toolInput.notebook_path === 'string' ? toolInput.notebook_path : undefined;
    if (!filePath) return undefined;
    return { ...base, filePath, ...(toolName === 'Write' && typeof toolInput.content === 'string' ? { content: toolInput.content } : {}) };
  }
  if (toolName === 'Bash' && typeof toolInput.command === 'string') return { ...base, command: toolInput.command };
  return undefined;
}
