import { detectShape, isTeamMemoryPath, shapeSettingFor, type RootShape } from '../../core';
import type { Configuration } from '../config/configuration';
import type { MemoryRoot } from './memoryRoot';
import type { ShapeSetting } from '../../core';

/**
 * How a root writes its memories (typed or durable lessons) and where its index comes from (MEMORY.md
 * or generated), as its own files show it (team/ memories aside) unless a setting forces it: what the
 * tree groups by, and what the form and New Memory offer.
 */
export function rootShape(root: MemoryRoot, config: Configuration): RootShape {
  const { shapeTyping, shapeIndex } = config.settings;
  const own = [...root.store.memories()].filter((memory) => !isTeamMemoryPath(memory.path));
  return detectShape(own, root.store.index !== undefined, rootShapeSetting(root, { typing: shapeTyping, index: shapeIndex }));
}

/** The shape setting as it applies to `root`: only an auto memory folder can have a generated index. */
export function rootShapeSetting<S extends ShapeSetting>(root: MemoryRoot, setting: S): ShapeSetting {
  return shapeSettingFor(setting, root.info.kind === 'auto');
}
