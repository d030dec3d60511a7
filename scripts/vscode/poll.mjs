// The UI checks wait on a workbench that renders asynchronously: `fn` is asked again until it reports
// `done` or time runs out, and its last answer is returned either way (so a check can say what it saw).
export async function poll(fn, timeoutMs, intervalMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await fn();
    if (last.done || Date.now() > deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
