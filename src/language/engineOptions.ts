import { DEFAULT_TEXT_RULES, ProblemEngine, type FileMemo, type IndexBudget, type IndexLoadWay, type LineHistory, type MemoryStore, type ProblemEngineOptions, type RootPath, type ShapeSetting, type TypeSet } from '../core';

/**
 * What a door knows of a root that the problem engine reads: the same few facts whether they come from
 * the CLI's arguments, the extension's settings or the language server's. Text rules are not among
 * them: every door runs all of them.
 */
export interface EngineInputs {
  readonly typeSet: TypeSet;
  /** MEMORY.md's budget; the engine's default (Claude Code's) when not given. */
  readonly budget?: IndexBudget;
  readonly modifiedTime: (path: RootPath) => number | undefined;
  /** Each line's version history, where the door can ask git (the relative-date rule's second anchor). */
  readonly lineHistory?: (path: RootPath) => LineHistory | undefined;
  /** Globs of documentation files (the settings' and the root's own, a `team/` with its own index). */
  readonly exclude: readonly string[];
  /** The shape a setting or `--shape` forces; read per root when not given. */
  readonly shape?: ShapeSetting;
  readonly indexLoad?: IndexLoadWay;
  /** What an earlier run found in each memory alone (the CLI's result cache). */
  readonly fileMemo?: FileMemo;
}

/** The engine's options for `inputs`: one place, so the three doors check a root alike. */
export function engineOptions(inputs: EngineInputs): ProblemEngineOptions {
  return {
    typeSet: inputs.typeSet,
    ...(inputs.budget ? { budget: inputs.budget } : {}),
    modifiedTime: inputs.modifiedTime,
    ...(inputs.lineHistory ? { lineHistory: inputs.lineHistory } : {}),
    textRules: DEFAULT_TEXT_RULES,
    exclude: inputs.exclude,
    ...(inputs.shape ? { shape: inputs.shape } : {}),
    ...(inputs.indexLoad ? { indexLoad: inputs.indexLoad } : {}),
    ...(inputs.fileMemo ? { fileMemo: inputs.fileMemo } : {}),
  };
}

/** The one way a door makes a problem engine for a store. */
export function newProblemEngine(store: MemoryStore, inputs: EngineInputs): ProblemEngine {
  return new ProblemEngine(store, engineOptions(inputs));
}
