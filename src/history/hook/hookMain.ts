import { runHook } from './runHook';

/**
 * `dist/hook.js`: the hook as its own small bundle, so a tool call pays for node's start and this file
 * rather than the whole CLI. `memory-shelf hook install` writes `node <dist>/hook.js [--gate]` when it
 * finds this file beside the CLI, else `memory-shelf hook run`.
 */
async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const outcome = await runHook(Buffer.concat(chunks).toString('utf8'), { env: process.env, gate: process.argv.includes('--gate') });
  if (outcome.stderr) process.stderr.write(outcome.stderr);
  process.exitCode = outcome.exitCode;
}

main().catch(() => {
  // Never the agent's problem: whatever went wrong, its tool call goes ahead.
  process.exitCode = 0;
});
