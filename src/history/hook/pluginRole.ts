/**
 * The plugin's PreToolUse runs the hook twice, as two entries of one group: `--plugin-record` (a
 * failure lets the call go ahead) and `--plugin-gate` (installed with `onFailure: block`, so a gate
 * that crashes or times out blocks the call). A plugin's hooks cannot be chosen by its options, so
 * each entry reads the `gate` option Claude Code passes every plugin hook as CLAUDE_PLUGIN_OPTION_GATE
 * and exactly one of them acts: the gate only when the user switched it on, never silently.
 */
export const PLUGIN_RECORD = '--plugin-record';
export const PLUGIN_GATE = '--plugin-gate';

/** Whether the user turned the plugin's `gate` option on (Claude Code writes a boolean as "true"). */
export function pluginGateOn(env: NodeJS.ProcessEnv): boolean {
  return /^(true|1|yes|on)$/i.test((env['CLAUDE_PLUGIN_OPTION_GATE'] ?? '').trim());
}

/** What this start of the hook does: run (with or without the gate), or nothing (the other entry acts). */
export function hookRole(argv: readonly string[], env: NodeJS.ProcessEnv): { readonly run: false } | { readonly run: true; readonly gate: boolean } {
  if (argv.includes(PLUGIN_RECORD)) return pluginGateOn(env) ? { run: false } : { run: true, gate: false };
  if (argv.includes(PLUGIN_GATE)) return pluginGateOn(env) ? { run: true, gate: true } : { run: false };
  return { run: true, gate: argv.includes('--gate') };
}
