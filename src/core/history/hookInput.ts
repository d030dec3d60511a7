/**
 * What Claude Code sends a command hook on stdin, reduced to what Memory Shelf uses. Shapes from
 * Claude Code's hooks reference (https://code.claude.com/docs/en/hooks, "Common input fields",
 * "PreToolUse input", "PostToolUse input"): every event has `session_id`, `transcript_path`, `cwd`,
 * `hook_event_name`; tool events add `tool_name`, `tool_input` and `tool_use_id`, PostToolUse also
 * `tool_response`. `tool_input` for Write is `{ file_path, content }`, for Edit `{ file_path,
 * old_string, new_string, replace_all? }`, for MultiEdit `{ file_path, edits: [...] }`, for
 * NotebookEdit `{ notebook_path, new_source, ... }`, for Bash and PowerShell `{ command, ... }`.
 * A model may name the file `path` or `file` and the text `file_text` or `file_content`; Claude Code
 * (2.1.328) reads them as `file_path` and `content`, and the hook sees them as the model wrote them.
 */
export interface HookInput {
  readonly event: 'PreToolUse' | 'PostToolUse';
  readonly sessionId: string;
  readonly cwd: string;
  readonly toolName: string;
  /** The file a file tool writes, when the tool is one. */
  readonly filePath?: string;
  /** Write's whole new text. */
  readonly content?: string;
  /** Edit's and MultiEdit's replacements, in order. */
  readonly edits?: readonly HookEdit[];
  /** The shell command line (Bash, PowerShell). */
  readonly command?: string;
  readonly shell?: 'bash' | 'powershell';
}

export interface HookEdit {
  readonly oldString: string;
  readonly newString: string;
  readonly replaceAll: boolean;
}

/** The tools that write one file named in their input. */
export const FILE_TOOLS: ReadonlySet<string> = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/** The matcher the hook is installed with: the file tools and both shells. */
export const HOOK_MATCHER = 'Write|Edit|MultiEdit|NotebookEdit|Bash|PowerShell';

/** The names Claude Code accepts for a file tool's path and for Write's text, in the order it prefers them. */
const PATH_KEYS = ['file_path', 'path', 'file', 'notebook_path'] as const;
const CONTENT_KEYS = ['content', 'file_text', 'file_content'] as const;

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
    const filePath = PATH_KEYS.map((key) => toolInput[key]).find((item): item is string => typeof item === 'string' && item !== '');
    if (!filePath) return undefined;
    const content = CONTENT_KEYS.map((key) => toolInput[key]).find((item): item is string => typeof item === 'string');
    return { ...base, filePath, ...(toolName === 'Write' && content !== undefined ? { content } : {}), ...editsOf(toolName, toolInput) };
  }
  if ((toolName === 'Bash' || toolName === 'PowerShell') && typeof toolInput.command === 'string') return { ...base, command: toolInput.command, shell: toolName === 'Bash' ? 'bash' : 'powershell' };
  return undefined;
}

function editsOf(toolName: string, toolInput: Record<string, unknown>): { edits?: HookEdit[] } {
  const one = (item: unknown): HookEdit | undefined => {
    const edit = item as Record<string, unknown> | null;
    if (!edit || typeof edit.old_string !== 'string' || typeof edit.new_string !== 'string') return undefined;
    return { oldString: edit.old_string, newString: edit.new_string, replaceAll: edit.replace_all === true };
  };
  if (toolName === 'Edit') {
    const edit = one(toolInput);
    return edit ? { edits: [edit] } : {};
  }
  if (toolName === 'MultiEdit' && Array.isArray(toolInput.edits)) {
    const edits = toolInput.edits.map(one);
    return edits.every((edit): edit is HookEdit => edit !== undefined) ? { edits } : {};
  }
  return {};
}

/** The text an Edit or MultiEdit leaves, or undefined when an old string is not there (the tool then fails). */
export function applyHookEdits(text: string, edits: readonly HookEdit[]): string | undefined {
  let out = text;
  for (const edit of edits) {
    if (edit.oldString === '' || !out.includes(edit.oldString)) return undefined;
    out = edit.replaceAll ? out.split(edit.oldString).join(edit.newString) : out.replace(edit.oldString, () => edit.newString);
  }
  return out;
}
