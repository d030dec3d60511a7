import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';

interface Step {
  readonly id?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly shell?: string;
  readonly with?: Record<string, string>;
  readonly env?: Record<string, string>;
}
interface ActionFile {
  readonly inputs: Record<string, { default?: string }>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}

export interface StepRun {
  readonly uses?: string;
  readonly with?: Record<string, string>;
  readonly status?: number | null;
}

export interface ActionRun {
  /** Every step that ran (a `uses` step is recorded with its inputs, not run). */
  readonly steps: readonly StepRun[];
  readonly stdout: string;
  /** The first failing step's exit status, else 0: what fails the job. */
  readonly status: number;
}

/**
 * Runs a composite action's `run` steps as the runner does, in `cwd`: inputs from `with` over their
 * defaults, `${{ inputs.x }}` and `${{ steps.id.outputs.x }}` substituted, `if:` equality tests
 * evaluated, outputs read from $GITHUB_OUTPUT, $GITHUB_ACTION_PATH set. Steps that `uses:` another
 * action are recorded with their resolved inputs (they need GitHub), and stop nothing.
 * Only the expressions action.yml uses are understood; any other is an error, not a guess.
 */
export function runCompositeAction(actionYml: string, inputs: Record<string, string>, cwd: string, env: Record<string, string> = {}): ActionRun {
  const action = parse(readFileSync(actionYml, 'utf8')) as ActionFile;
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) values[name] = inputs[name] ?? spec.default ?? '';
  for (const name of Object.keys(inputs)) if (!(name in action.inputs)) throw new Error(`the action has no input "${name}"`);
  const outputs: Record<string, Record<string, string>> = {};
  const lookup = (expression: string): string => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) return values[input[1]] ?? '';
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return outputs[output[1]]?.[output[2]] ?? '';
    throw new Error(`expression not understood: ${expression}`);
  };
  const substitute = (text: string): string => text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => lookup(expression));
  const condition = (text: string): boolean => {
    const expression = /^\$\{\{\s*(.*?)\s*\}\}$/.exec(text.trim())?.[1] ?? text.trim();
    const equality = /^([\w.-]+)\s*==\s*'([^']*)'$/.exec(expression);
    if (!equality) throw new Error(`condition not understood: ${text}`);
    return lookup(equality[1]) === equality[2];
  };
  const steps: StepRun[] = [];
  let stdout = '';
  for (const step of action.runs.steps) {
    if (step.if !== undefined && !condition(step.if)) continue;
    const withValues = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, substitute(String(value))]));
    if (step.uses !== undefined) {
      steps.push({ uses: step.uses, with: withValues });
      continue;
    }
    if (step.shell !== 'bash' || step.run === undefined) throw new Error('a run step without shell: bash');
    const scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-action-step-'));
    const outputFile = join(scratch, 'output');
    writeFileSync(outputFile, '');
    try {
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(String(value))]));
      const result = spawnSync('bash', ['-e', '-c', substitute(step.run)], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, ...env, ...stepEnv, GITHUB_OUTPUT: outputFile, GITHUB_ACTION_PATH: dirname(actionYml) },
      });
      stdout += result.stdout;
      steps.push({ status: result.status });
      if (step.id !== undefined) {
        outputs[step.id] = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter((line) => line.includes('=')).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
      }
      if (result.status !== 0) return { steps, stdout, status: result.status ?? 1 };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return { steps, stdout, status: 0 };
}
