import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export interface WebviewPageOptions {
  /** The page's script bundle and stylesheet, as webview URIs. */
  readonly script: vscode.Uri;
  readonly style: vscode.Uri;
  /** Whether the page shows images from the extension (the form's icons). */
  readonly images?: boolean;
  /** Attributes of the `<main id="app">` the script fills. */
  readonly appAttributes?: string;
}

/**
 * A webview page of Memory Shelf: no file's text in it (the script is sent what it shows), a fresh nonce
 * per load, and a CSP that lets in only that script and the extension's stylesheet (and images).
 */
export function webviewPage(webview: vscode.Webview, options: WebviewPageOptions): string {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    ...(options.images ? [`img-src ${webview.cspSource}`] : []),
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${options.style.toString()}">
<title>Memory Shelf</title>
</head>
<body>
<main id="app"${options.appAttributes ? ` ${options.appAttributes}` : ''}></main>
<script nonce="${nonce}" src="${options.script.toString()}"></script>
</body>
</html>`;
}
