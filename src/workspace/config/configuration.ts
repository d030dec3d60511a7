import * as vscode from 'vscode';
import { resolveTypeSet, type IndexBudget, type TypeSet } from '../../core';
import { Disposable } from '../dispose';
import { readSettings, SECTION, SETTING_SPECS, type Settings } from '../../language/settings';

/** Which settings a change touched; only settings whose value changed are listed. */
export interface SettingsChange {
  readonly changed: ReadonlySet<keyof Settings>;
  affects(...names: (keyof Settings)[]): boolean;
}

/**
 * `memoryShelf.*` as typed values: the only reader of the extension's settings. A change event fires
 * with the settings whose values changed, after `settings` already holds them.
 */
export class Configuration extends Disposable {
  private current: Settings = read();
  private readonly changeEmitter = this._register(new vscode.EventEmitter<SettingsChange>());
  readonly onDidChange = this.changeEmitter.event;

  constructor() {
    super();
    this._register(vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(SECTION)) return;
      const previous = this.current;
      this.current = read();
      const changed = new Set((Object.keys(SETTING_SPECS) as (keyof Settings)[])
        .filter((name) => JSON.stringify(previous[name]) !== JSON.stringify(this.current[name])));
      if (changed.size > 0) this.changeEmitter.fire({ changed, affects: (...names) => names.some((name) => changed.has(name)) });
    }));
  }

  get settings(): Settings {
    return this.current;
  }

  typeSet(): TypeSet {
    return resolveTypeSet(this.current.typesPreset, this.current.typesCustom);
  }

  budget(): IndexBudget {
    return { maxLines: this.current.indexMaxLines, maxChars: this.current.indexMaxCharacters };
  }
}

function read(): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return readSettings((key) => config.get(key));
}
