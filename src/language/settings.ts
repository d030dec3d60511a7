import { ALL_PROBLEM_CODES, DEFAULT_INDEX_BUDGET, resolveTypeSet, type IndexBudget, type ProblemCode, type SeveritySetting, type ShapeSetting, type TypeSet } from '../core';

// Pure (no vscode): the manifest test loads it next to package.json, and every door reads its settings through it.

/** The section every setting lives under: `memoryShelf.<key>`. */
export const SECTION = 'memoryShelf';

export const TYPE_PRESETS = ['claude-code', 'madohub', 'custom'] as const;
export const RENAME_FILE_CHOICES = ['ask', 'always', 'never'] as const;
export const SHAPE_TYPINGS = ['auto', 'typed', 'untyped'] as const;
export const SHAPE_INDEXES = ['auto', 'written', 'generated'] as const;
export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];

export type TypePreset = (typeof TYPE_PRESETS)[number];
export type RenameFileChoice = (typeof RENAME_FILE_CHOICES)[number];
export type SeverityOverrides = Readonly<Partial<Record<ProblemCode, SeveritySetting>>>;

/** Every `memoryShelf.*` setting, typed, as the extension reads it. */
export interface Settings {
  readonly roots: readonly string[];
  /** Globs of documentation files in memory folders (README.md always is one): not memories. */
  readonly exclude: readonly string[];
  readonly autoMemoryShow: boolean;
  readonly typesPreset: TypePreset;
  readonly typesCustom: readonly string[];
  readonly severity: SeverityOverrides;
  readonly indexMaxLines: number;
  readonly indexMaxCharacters: number;
  /** Whether memories carry a type, or `auto` to read it per root. */
  readonly shapeTyping: (typeof SHAPE_TYPINGS)[number];
  /** Where a root's index comes from, or `auto` to read it per root. */
  readonly shapeIndex: (typeof SHAPE_INDEXES)[number];
  readonly templatesFolder: string;
  readonly renameFile: RenameFileChoice;
  readonly indexCodeLens: boolean;
  readonly indexPreviewChanges: boolean;
  readonly treeHideEmptyGroups: boolean;
  /** Sample tasks for the recall check, by root key (`auto-memory`, a workspace-relative path, or `*` for every root). */
  readonly recallSampleTasks: Readonly<Record<string, readonly string[]>>;
  /** Keep every version of every memory seen, outside the memory folders. */
  readonly historyEnabled: boolean;
  /** The history's bound on disk, in megabytes (oldest versions pruned first, approved ones kept). */
  readonly historyMaxSizeMB: number;
}

/** How one setting is read: its key under {@link SECTION}, its default and what values it accepts. */
interface SettingSpec<T> {
  readonly key: string;
  readonly default: T;
  /** The value as given, or undefined when it is not a value of this setting (then the default is used). */
  readonly accept: (value: unknown) => T | undefined;
}

const stringList = (value: unknown): readonly string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
const taskLists = (value: unknown): Readonly<Record<string, readonly string[]>> | undefined => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const lists: Record<string, readonly string[]> = {};
  for (const [key, list] of Object.entries(value)) lists[key] = stringList(list) ?? [];
  return lists;
};
const oneOf = <T extends string>(choices: readonly T[]) => (value: unknown): T | undefined =>
  choices.find((choice) => choice === value);
const boolean = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const positiveInteger = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;

function severityOverrides(value: unknown): SeverityOverrides | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const overrides: Partial<Record<ProblemCode, SeveritySetting>> = {};
  for (const code of ALL_PROBLEM_CODES) {
    const setting = oneOf(SEVERITY_SETTINGS)((value as Record<string, unknown>)[code]);
    if (setting) overrides[code] = setting;
  }
  return overrides;
}

/** The one place defaults are written in code; a unit test holds package.json to them. */
export const SETTING_SPECS: { readonly [K in keyof Settings]: SettingSpec<Settings[K]> } = {
  roots: { key: 'roots', default: [], accept: stringList },
  exclude: { key: 'exclude', default: [], accept: stringList },
  autoMemoryShow: { key: 'autoMemory.show', default: true, accept: boolean },
  typesPreset: { key: 'types.preset', default: 'claude-code', accept: oneOf(TYPE_PRESETS) },
  typesCustom: { key: 'types.custom', default: [], accept: stringList },
  severity: { key: 'severity', default: {}, accept: severityOverrides },
  indexMaxLines: { key: 'index.maxLines', default: DEFAULT_INDEX_BUDGET.maxLines, accept: positiveInteger },
  indexMaxCharacters: { key: 'index.maxCharacters', default: DEFAULT_INDEX_BUDGET.maxChars, accept: positiveInteger },
  shapeTyping: { key: 'shape.typing', default: 'auto', accept: oneOf(SHAPE_TYPINGS) },
  shapeIndex: { key: 'shape.index', default: 'auto', accept: oneOf(SHAPE_INDEXES) },
  templatesFolder: { key: 'templatesFolder', default: '', accept: (value) => (typeof value === 'string' ? value : undefined) },
  renameFile: { key: 'rename.renameFile', default: 'ask', accept: oneOf(RENAME_FILE_CHOICES) },
  indexCodeLens: { key: 'index.codeLens', default: true, accept: boolean },
  indexPreviewChanges: { key: 'index.previewChanges', default: false, accept: boolean },
  treeHideEmptyGroups: { key: 'tree.hideEmptyGroups', default: false, accept: boolean },
  recallSampleTasks: { key: 'recall.sampleTasks', default: {}, accept: taskLists },
  historyEnabled: { key: 'history.enabled', default: true, accept: boolean },
  historyMaxSizeMB: { key: 'history.maxSizeMB', default: 200, accept: positiveInteger },
};

/** Reads every setting through `get` (a key under {@link SECTION} to its raw value); a wrong value reads as the default. */
export function readSettings(get: (key: string) => unknown): Settings {
  const read = <K extends keyof Settings>(name: K): Settings[K] => {
    const spec = SETTING_SPECS[name];
    return spec.accept(get(spec.key)) ?? spec.default;
  };
  return {
    roots: read('roots'),
    exclude: read('exclude'),
    autoMemoryShow: read('autoMemoryShow'),
    typesPreset: read('typesPreset'),
    typesCustom: read('typesCustom'),
    severity: read('severity'),
    indexMaxLines: read('indexMaxLines'),
    indexMaxCharacters: read('indexMaxCharacters'),
    shapeTyping: read('shapeTyping'),
    shapeIndex: read('shapeIndex'),
    templatesFolder: read('templatesFolder'),
    renameFile: read('renameFile'),
    indexCodeLens: read('indexCodeLens'),
    indexPreviewChanges: read('indexPreviewChanges'),
    treeHideEmptyGroups: read('treeHideEmptyGroups'),
    recallSampleTasks: read('recallSampleTasks'),
    historyEnabled: read('historyEnabled'),
    historyMaxSizeMB: read('historyMaxSizeMB'),
  };
}

/** The memory types the settings name (a preset, or the custom list). */
export function typeSetOf(settings: Settings): TypeSet {
  return resolveTypeSet(settings.typesPreset, settings.typesCustom);
}

/** What MEMORY.md may hold before Claude Code cuts it, as the settings say. */
export function budgetOf(settings: Pick<Settings, 'indexMaxLines' | 'indexMaxCharacters'>): IndexBudget {
  return { maxLines: settings.indexMaxLines, maxChars: settings.indexMaxCharacters };
}

/** The root shape the settings force, or `auto` to read it per root. */
export function shapeOf(settings: Settings): ShapeSetting {
  return { typing: settings.shapeTyping, index: settings.shapeIndex };
}
