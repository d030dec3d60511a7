import { hookRole } from './pluginRole';
import { runHook } from './runHook';

/**
 * `dist/hook.js`: the hook as its own small bundle, so a tool call pays for node's start and this file
 * rather than the whole CLI. `memory-shelf hook install` writes `node <dist>/hook.js [--gate]` when it
 * finds this file beside the CLI, else `memory-shelf hook run`. The Claude Code plugin runs it with
 * `--plugin-record` / `--plugin-gate` (see pluginRole.ts).
 */
async function main(): Promise<void> {
  // Read whole even when this start does nothing: Claude Code writes the input before it waits for us.
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const role = hookRole(process.argv, process.env);
  if (!role.run) return;
  const outcome = await runHook(Buffer.concat(chunks).toString('utf8'), { env: process.env, gate: role.gate });
  if (outcome.stderr) process.stderr.write(outcome.stderr);
  process.exitCode = outcome.exitCode;
}

main().catch(() => {
  // Never the agent's problem: whatever went wrong, its tool call goes ahead.
  process.exitCode = 0;
});
