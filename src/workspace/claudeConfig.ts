import * as os from 'node:os';
import { claudeConfigDir } from '../rootLocations/autoMemory';

/**
 * Claude Code's config folder as Claude Code started in `workingFolder` would use it (a relative
 * `CLAUDE_CONFIG_DIR` is relative to that folder). Without one (no workspace), the extension host's
 * working directory stands in.
 */
export function userClaudeConfigDir(workingFolder: string = process.cwd()): string {
  return claudeConfigDir(process.env, os.homedir(), workingFolder);
}
