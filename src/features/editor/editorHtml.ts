import * as vscode from 'vscode';
import { webviewPage } from '../../workspace/display/webviewPage';

/** Where the webview may load from: its own bundle and its stylesheet, nothing else. */
export function editorResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media', 'editor')];
}

/**
 * The webview's page: no content of the file is in it (the script asks for it), a fresh nonce per
 * load, and a CSP that allows only that script and the stylesheet from the extension.
 */
export function editorHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  return webviewPage(webview, {
    script: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'editor.js')),
    style: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'editor', 'editor.css')),
    images: true,
    appAttributes: 'aria-live="off"',
  });
}
