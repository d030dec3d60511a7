import Module from 'node:module';

/**
 * Just enough of the `vscode` module to build a tree item outside VS Code: a test of what a row or a
 * tooltip says, without starting an editor. Installed once; later requires of 'vscode' get it.
 */
export function installFakeVscode(): void {
  const fake = {
    TreeItem: class {
      id?: string;
      iconPath?: unknown;
      contextValue?: string;
      tooltip?: unknown;
      command?: unknown;
      constructor(readonly label: string, readonly collapsibleState?: number) {}
    },
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    ThemeIcon: class {
      constructor(readonly id: string) {}
    },
    MarkdownString: class {
      constructor(readonly value = '', readonly supportThemeIcons = false) {}
    },
    Uri: { file: (path: string) => ({ scheme: 'file', fsPath: path, path, toString: () => `file://${encodeURI(path)}` }) },
    /** A test of something that asks for the window's folders sets them here. */
    workspace: { workspaceFolders: undefined as unknown, isTrusted: true },
    l10n: { t: (message: string, ...args: unknown[]): string => message.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)])) },
  };
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string; _cache: Record<string, { exports: unknown }> };
  const original = loader._resolveFilename;
  if ((original as { fake?: boolean }).fake) return;
  const resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    return request === 'vscode' ? 'vscode' : original.call(this, request, ...rest);
  };
  (resolveFilename as { fake?: boolean }).fake = true;
  loader._resolveFilename = resolveFilename;
  require.cache['vscode'] = { exports: fake } as NodeJS.Module;
}
