import { readSettings, type Settings } from '../language/settings';

/** The server's settings: the extension's `memoryShelf.*` settings, read by the same (pure) reader. */
export interface ServerSettings {
  readonly settings: Settings;
  /**
   * Honour `autoMemoryDirectory` in a workspace folder's own `.claude/settings*.json`: those files come
   * with the repository, so, as in the CLI, only when the user says so (the editor has no workspace trust
   * to ask), and only in `initializationOptions`: `workspace/configuration` answers with a workspace's
   * own settings too, which a repository can commit.
   */
  readonly trustClaudeSettings: boolean;
  /** Who reads the diagnostics: see {@link Audience}. */
  readonly audience: Audience;
}

/**
 * `people` (an editor: the why, beside quick fixes) or `agent` (Claude Code's plugin passes
 * `"audience": "agent"` in its initialization options: the model gets no quick fixes and reads each
 * finding once, so the fix itself is the message; see core's agentMessage). Never from a workspace's
 * configuration: who reads is the client's to say.
 */
export type Audience = 'people' | 'agent';

/**
 * Reads settings as an editor sends them: nested (`{ "index": { "maxLines": 150 } }`, what
 * `workspace/configuration` answers for the `memoryShelf` section) or flat (`{ "index.maxLines": 150 }`),
 * optionally under a `memoryShelf` key: the `initializationOptions`, then a configuration answer.
 * Trust and the audience are read from the initialization options alone.
 */
export function readServerSettings(initializationOptions?: unknown, configured?: unknown): ServerSettings {
  const init = section(initializationOptions);
  const objects = [init, section(configured)].filter((value): value is Record<string, unknown> => value !== undefined);
  const get = (key: string): unknown => {
    // A later source (the configuration answer) wins over an earlier one (initialization options).
    for (let i = objects.length - 1; i >= 0; i--) {
      const value = lookUp(objects[i], key);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  return { settings: readSettings(get), trustClaudeSettings: init !== undefined && lookUp(init, 'trustClaudeSettings') === true, audience: lookUpIn(initializationOptions, 'audience') === 'agent' ? 'agent' : 'people' };
}

function section(value: unknown): Record<string, unknown> | undefined {
  if (!isObject(value)) return undefined;
  return isObject(value.memoryShelf) ? value.memoryShelf : value;
}

/** A key of the initialization options alone, as the client sent them. */
function lookUpIn(source: unknown, key: string): unknown {
  const object = section(source);
  return object === undefined ? undefined : lookUp(object, key);
}

function lookUp(object: Record<string, unknown>, key: string): unknown {
  if (key in object) return object[key];
  let current: unknown = object;
  for (const part of key.split('.')) {
    if (!isObject(current) || !(part in current)) return undefined;
    current = current[part];
  }
  return current;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
