// Headless Debian chromium driven by playwright-core, and the workbench URL code-server understands.
import { chromium } from 'playwright-core';
import { CHROMIUM } from './setup.mjs';

export function launchChromium(env) {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    env,
    // No sandbox: CI runs as root. The rest keeps chromium from phoning home on an offline machine.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/**
 * URL that opens `folder` with the extension at `extensionDevelopmentPath` loaded (as in F5 in VS Code),
 * and, given `extensionTestsPath`, runs that test suite in the extension host.
 */
export function workbenchUrl(server, { folder, extensionDevelopmentPath, extensionTestsPath }) {
  const remote = (p) => `vscode-remote://${server.host}:${server.port}${p}`;
  const payload = [['skipWelcome', 'true']];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  return `${server.url}?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
