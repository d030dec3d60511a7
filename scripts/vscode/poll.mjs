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

// Drags the side bar's sash `px` wider, so descriptions are readable in a screenshot; best effort.
export async function widenSidebar(page, px) {
  const box = await page.locator('.part.sidebar').boundingBox().catch(() => null);
  if (!box) return;
  const edge = box.x + box.width;
  await page.mouse.move(edge, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge + px, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

// The TAP-like lines every UI check prints (`ok N - name: detail`), and their tally for `npm test`.
export function checkList() {
  const results = [];
  const check = (name, ok, detail = '') => {
    results.push(ok);
    console.log(`${ok ? 'ok' : 'not ok'} ${results.length} - ${name}${detail ? `: ${detail}` : ''}`);
    return ok;
  };
  const tally = () => {
    const passed = results.filter(Boolean).length;
    return { passed, failed: results.length - passed };
  };
  return { check, tally };
}
