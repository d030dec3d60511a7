import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_PROBLEM_CODES } from '../../../src/core';
import {
  readSettings,
  RENAME_FILE_CHOICES,
  SECTION,
  SETTING_SPECS,
  SEVERITY_SETTINGS,
  TYPE_PRESETS,
  type Settings,
} from '../../../src/language/settings';

interface ManifestSetting {
  readonly type: string;
  readonly default?: unknown;
  readonly enum?: readonly string[];
  readonly properties?: Readonly<Record<string, ManifestSetting>>;
  readonly additionalProperties?: boolean;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, ManifestSetting> } };
};
const declared = manifest.contributes.configuration.properties;
const names = Object.keys(SETTING_SPECS) as (keyof Settings)[];
const declaredOf = (name: keyof Settings): ManifestSetting => {
  const setting = declared[`${SECTION}.${SETTING_SPECS[name].key}`];
  assert.ok(setting, `package.json declares ${SECTION}.${SETTING_SPECS[name].key}`);
  return setting;
};

describe('package.json settings and the configuration module', () => {
  it('declare the same settings', () => {
    assert.deepEqual(Object.keys(declared).sort(), names.map((name) => `${SECTION}.${SETTING_SPECS[name].key}`).sort());
  });

  it('agree on every default', () => {
    for (const name of names) assert.deepEqual(declaredOf(name).default, SETTING_SPECS[name].default, name);
  });

  it('offer the same choices', () => {
    assert.deepEqual(declaredOf('typesPreset').enum, [...TYPE_PRESETS]);
    assert.deepEqual(declaredOf('renameFile').enum, [...RENAME_FILE_CHOICES]);
  });

  it('have a severity key for every diagnostic code, each with every severity and off, and no other key', () => {
    const severity = declaredOf('severity');
    assert.equal(severity.additionalProperties, false);
    assert.deepEqual(Object.keys(severity.properties ?? {}).sort(), [...ALL_PROBLEM_CODES].sort());
    for (const [code, setting] of Object.entries(severity.properties ?? {})) assert.deepEqual(setting.enum, [...SEVERITY_SETTINGS], code);
  });

  it('read a value of the wrong type or outside the choices as the default', () => {
    const raw: Record<string, unknown> = {
      roots: 'notes',
      exclude: 'docs/**',
      'autoMemory.show': 'yes',
      'types.preset': 'obsidian',
      'types.custom': ['decision', 7],
      severity: { secret: 'fatal', 'relative-date': 'off', 'not-a-code': 'error' },
      'index.maxLines': 0,
      'index.maxCharacters': 2.5,
      templatesFolder: 42,
      'rename.renameFile': 'sometimes',
      'index.codeLens': 'on',
      'index.previewChanges': 1,
      'tree.hideEmptyGroups': 'no',
      'shape.typing': 'lessons',
      'shape.index': true,
      'history.enabled': 'yes',
      'history.maxSizeMB': -5,
    };
    const settings = readSettings((key) => raw[key]);
    assert.deepEqual(settings, {
      roots: [],
      exclude: [],
      autoMemoryShow: true,
      typesPreset: 'claude-code',
      typesCustom: ['decision'],
      severity: { 'relative-date': 'off' },
      indexMaxLines: 200,
      indexMaxCharacters: 25_000,
      shapeTyping: 'auto',
      shapeIndex: 'auto',
      templatesFolder: '',
      renameFile: 'ask',
      indexCodeLens: true,
      indexPreviewChanges: false,
      treeHideEmptyGroups: false,
      recallSampleTasks: {},
      historyEnabled: true,
      historyMaxSizeMB: 200,
    });
  });

  it('read what the person set', () => {
    const raw: Record<string, unknown> = { roots: ['~/notes/agent-memory'], 'types.preset': 'madohub', 'index.maxLines': 150, 'rename.renameFile': 'never' };
    const settings = readSettings((key) => raw[key]);
    assert.deepEqual([settings.roots, settings.typesPreset, settings.indexMaxLines, settings.renameFile], [['~/notes/agent-memory'], 'madohub', 150, 'never']);
  });
});
