import type { SpawnSyncReturns } from 'node:child_process';
import type { ClaudeRun } from './client';
import type { SentRequest, Turn } from './standIn';

/** What a behaviour fixture can do: place paths, run the CLI, run Claude Code with a script of tool calls. */
export interface BehaviourContext {
  readonly at: { readonly base: string; readonly home: string; readonly proj: string; readonly mem: string };
  place(text: string): string;
  cli(args: readonly string[], cwd?: string): SpawnSyncReturns<string>;
  claude(script: readonly Turn[], args?: readonly string[]): Promise<{ run: ClaudeRun; requests: SentRequest[] }>;
}

export interface Behaviour {
  readonly id: string;
  readonly checks: string;
  readonly files: Readonly<Record<string, string>>;
  readonly ages?: Readonly<Record<string, number>>;
  run(context: BehaviourContext): Promise<{ agrees: boolean; detail: string; observed?: Record<string, unknown> }>;
}

export const BEHAVIOURS: readonly Behaviour[] = [];
