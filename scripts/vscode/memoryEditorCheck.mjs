// The Memory Shelf Editor as a person sees it: opens a Korean memory with "Edit in Memory Shelf
// Editor" from the command palette, reads the form inside the webview (Claude Code's stamp shown as
// read-only facts, not fields) and saves a screenshot (test-results/memory-editor.png; docs/images/ with
// UPDATE_SCREENSHOTS=1). Then opens a memory
// holding <script>, <img onerror>, javascript: links and [[<svg onload>]] in every field and the body,
// and asserts on the webview's DOM that all of it is inert text.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { quickPick } from './poll.mjs';

const KOREAN_MEMORY = `---
name: project-deploy-freeze
description: 금요일 오후에는 프로덕션 배포를 하지 않는다 (2026-11-20 회의 결정)
metadata:
  type: project
  node_type: memory
  originSessionId: 5be2c1d0-4a7f-4e1b-9d3c-8f20a6b7e911
  modified: 2026-11-20T08:12:44.310Z
  source: 2026-11-20 인프라 회의
---
금요일 14시 이후에는 **배포 금지**. 긴급 수정은 [[feedback-small-prs]] 원칙대로 작게 나눈다.

- 예외: 보안 패치 (\`hotfix/*\` 브랜치)
- 체크리스트는 [[release-checklist]]에 정리 예정

> 담당: 인프라 팀 — 다음 주 회의에서 다시 본다.
`;

const PAYLOAD = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
const HOSTILE_MEMORY = `---
name: "${PAYLOAD.replace(/"/g, '\\"')}"
description: "[x](javascript:window.__pwned=3) <svg onload=window.__pwned=4>"
type: "<iframe srcdoc='<script>parent.__pwned=5</script>'>"
metadata:
  note: "<a href='javascript:window.__pwned=6'>click</a>"
---
${PAYLOAD}

[click me](javascript:window.__pwned=7) and <a href="javascript:window.__pwned=8">this</a>

[[<svg onload=window.__pwned=9>]] and [[<img src=x onerror=window.__pwned=10>|label]]

<iframe src="javascript:window.__pwned=11"></iframe>
`;

const ENTRY = '.activitybar a[aria-label^="Memory Shelf"]';

/** The frame of the webview whose form shows `heading` (webviews are iframes within iframes). */
async function formFrame(page, heading, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const text = await frame.locator('#app header h1').first().textContent({ timeout: 200 }).catch(() => null);
      if (text && text.includes(heading)) return frame;
    }
    await page.waitForTimeout(250);
  }
  return undefined;
}

/**
 * Opens `file` (workspace-relative) in the text editor with Quick Open, then in the form from the
 * palette. Quick Open is retried: on a busy machine the file index may not list a new file at once.
 */
async function openInForm(page, file) {
  const base = file.split('/').pop();
  const textTab = page.locator(`.tabs-container .tab.active[aria-label*="${base}"]`);
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.keyboard.press('Escape');
    await quickPick(page, 'Control+P', file, base);
    if (await textTab.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false)) break;
  }
  await page.waitForTimeout(500);
  await quickPick(page, 'F1', 'Edit in Memory Shelf Editor', 'Memory Shelf Editor');
}

export async function memoryEditorCheck({ browser, server, workspace, check, save, workbenchUrl, extensionPath }) {
  writeFileSync(join(workspace, 'memory', 'project_deploy_freeze.md'), KOREAN_MEMORY);
  writeFileSync(join(workspace, 'memory', 'reference_hostile.md'), HOSTILE_MEMORY);
  // Tall enough that the picture shows the whole form down to the rendered body.
  const page = await browser.newPage({ viewport: { width: 1280, height: 1360 } });
  try {
    await page.goto(workbenchUrl(server, { folder: workspace, extensionDevelopmentPath: extensionPath }));
    await page.locator(ENTRY).waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(1500);

    await openInForm(page, 'memory/project_deploy_freeze.md');
    const frame = await formFrame(page, 'project_deploy_freeze.md', 30_000);
    if (!check('the Memory Shelf Editor opens a memory as a form', Boolean(frame))) return;
    const form = await frame.evaluate(() => ({
      name: document.getElementById('field-name')?.value,
      description: document.getElementById('field-description')?.value,
      type: document.getElementById('field-type')?.value,
      labels: [...document.querySelectorAll('vscode-label')].map((label) => label.textContent),
      reservation: document.querySelector('.wikilink.dangling')?.textContent,
      resolved: document.querySelector('.wikilink.resolved')?.textContent,
      strong: document.querySelector('#body strong')?.textContent,
      stamp: document.getElementById('stamp')?.textContent,
      stampTitle: document.getElementById('stamp')?.title,
      stampFields: [...document.querySelectorAll('vscode-textfield')].filter((field) => /node_type|originSessionId|metadata_modified/.test(field.id)).map((field) => field.id),
    }));
    check('the form shows the name, description and type', form.name === 'project-deploy-freeze' && form.description?.startsWith('금요일 오후에는') && form.type === 'project', JSON.stringify(form).slice(0, 200));
    check('nested keys are labelled by their path', form.labels.includes('metadata.source'), form.labels.join(', '));
    // Claude Code's stamp: one line of facts under the file name (the time in the browser's zone), no field to type into.
    check('Claude Code\'s stamp is a line of facts', /^Written by Claude Code · session 5be2c1d0… · modified 2026-11-2\d \d\d:\d\d$/.test(form.stamp ?? '') && (form.stampTitle ?? '').includes('5be2c1d0-4a7f-4e1b-9d3c-8f20a6b7e911'), `${form.stamp} / ${form.stampTitle}`);
    check('and none of its keys is an editable field', form.stampFields.length === 0 && !form.labels.some((label) => /node_type|originSessionId|metadata\.modified/.test(label ?? '')), `${form.stampFields.join(', ')} | ${form.labels.join(', ')}`);
    check('the body renders Markdown, a reservation marked apart from a link', form.strong === '배포 금지' && form.reservation === 'release-checklist' && form.resolved === 'feedback-small-prs', JSON.stringify(form));
    // Keyboard only: Tab from the name reaches the description.
    await frame.locator('#field-name').focus();
    await page.keyboard.press('Tab');
    const focused = await frame.evaluate(() => document.activeElement?.id);
    check('Tab moves from the name to the description', focused === 'field-description', focused);
    await frame.locator('#app header h1').click();
    await page.mouse.move(1270, 1350);
    await page.waitForTimeout(500);
    save('memory-editor.png', await page.screenshot());

    // A name being typed (a draft, not yet written) survives the tab being hidden and shown again:
    // the webview is recreated then, and must come back from its saved state.
    await frame.locator('#field-name').click();
    await page.keyboard.press('End');
    await page.keyboard.type('-v2');
    const tabs = page.locator('.tabs-container .tab');
    await tabs.nth(0).click();
    await page.waitForTimeout(800);
    await tabs.nth(1).click();
    const back = await formFrame(page, 'project_deploy_freeze.md', 15_000);
    const kept = back && await back.evaluate(() => document.getElementById('field-name')?.value);
    check('a name being typed is kept when the editor is hidden and shown again', kept === 'project-deploy-freeze-v2', String(kept));

    await openInForm(page, 'memory/reference_hostile.md');
    const hostile = await formFrame(page, 'reference_hostile.md', 30_000);
    if (!check('the editor opens a memory full of markup', Boolean(hostile))) return;
    await page.waitForTimeout(500);
    const dom = await hostile.evaluate(() => {
      const app = document.getElementById('app');
      const all = [...app.querySelectorAll('*')];
      return {
        pwned: window.__pwned,
        active: app.querySelectorAll('script, img, svg, iframe, object, embed, style, link').length,
        handlers: all.filter((element) => [...element.attributes].some((attribute) => /^on/i.test(attribute.name))).map((element) => element.tagName),
        javascriptLinks: all.filter((element) => /^\s*javascript:/i.test(element.getAttribute('href') ?? '')).length,
        anchors: [...app.querySelectorAll('#body a')].map((a) => a.getAttribute('href')),
        bodyText: document.getElementById('body')?.textContent ?? '',
        name: document.getElementById('field-name')?.value,
      };
    });
    check('no script, image, svg or frame element comes from the file', dom.active === 0, String(dom.active));
    check('no event-handler attribute comes from the file', dom.handlers.length === 0, dom.handlers.join(','));
    check('no javascript: link is made', dom.javascriptLinks === 0 && dom.anchors.every((href) => href === null || /^https?:|^mailto:/.test(href)), JSON.stringify(dom.anchors));
    check('none of the payloads ran', dom.pwned === undefined || dom.pwned === null, String(dom.pwned));
    check('the markup is shown as text', dom.bodyText.includes('<script>window.__pwned=1</script>') && dom.bodyText.includes('<svg onload=window.__pwned=9>') && dom.name?.startsWith('<script>'), dom.bodyText.slice(0, 120));
  } catch (error) {
    save('memory-editor-failure.png', await page.screenshot().catch(() => Buffer.alloc(0)));
    check('the Memory Shelf Editor check ran to the end', false, error?.message ?? String(error));
  } finally {
    await page.close().catch(() => {});
  }
}
