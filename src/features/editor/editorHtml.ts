import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** Where the webview may load from: its own bundle and its stylesheet, nothing else. */
export function editorResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media', 'editor')];
}

/**
 * The webview's page: no content of the file is in it (the script asks for it), a fresh nonce per
 * load, and a CSP that allows only that script and the stylesheet from the extension.
 */
export function editorHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'editor.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'editor', 'editor.css'));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>Memory Shelf</title>
</head>
<body>
<main id="app" aria-live="off"></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
