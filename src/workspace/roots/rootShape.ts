import { detectShape, isTeamMemoryPath, type RootShape } from '../../core';
import type { Configuration } from '../config/configuration';
import type { MemoryRoot } from './memoryRoot';

/**
 * How a root writes its memories (typed or durable lessons) and where its index comes from (MEMORY.md
 * or generated), as its own files show it (team/ memories aside) unless a setting forces it: what the
 * tree groups by, and what the form and New Memory offer.
 */
export function rootShape(root: MemoryRoot, config: Configuration): RootShape {
  const { shapeTyping, shapeIndex } = config.settings;
  const own = [...root.store.memories()].filter((memory) => !isTeamMemoryPath(memory.path));
  return detectShape(own, root.store.index !== undefined, { typing: shapeTyping, index: shapeIndex });
}
