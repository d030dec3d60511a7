import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALL_PROBLEM_CODES, DEFAULT_SEVERITIES, ruleDocsUrl, ruleOf, type Problem, type Severity } from '../core';
import { displayPath, notWrittenMessage, type CheckedRoot } from './format';

/** SARIF has three levels that matter to reviewers; information and hint are both notes. */
export function sarifLevel(severity: Severity): 'error' | 'warning' | 'note' {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

/**
 * A relative path stays relative (code scanning resolves it against the checkout) with each segment
 * percent-encoded, since SARIF's `uri` is a URI reference; an absolute one becomes a file URI.
 */
export function sarifUri(shown: string): string {
  if (isAbsolute(shown)) return pathToFileURL(shown).href;
  return shown.split('/').map((segment) => encodeURIComponent(segment)).join('/');
}

/** One SARIF 2.1.0 log: a run whose driver lists every code as a rule, one result per problem. */
export function formatSarif(roots: readonly CheckedRoot[], version: string): string {
  const rules = ALL_PROBLEM_CODES.map((code) => ({
    id: code,
    name: code,
    shortDescription: { text: ruleOf(code).summary },
    fullDescription: { text: `${ruleOf(code).summary} ${ruleOf(code).help}` },
    helpUri: ruleDocsUrl(code),
    help: { text: ruleOf(code).help, markdown: ruleOf(code).help },
    defaultConfiguration: { level: sarifLevel(DEFAULT_SEVERITIES[code]) },
  }));
  const ruleIndex = new Map<string, number>(ALL_PROBLEM_CODES.map((code, index) => [code, index]));
  const results = roots.flatMap((root) => root.problems.map((problem) => result(root.argument, problem, ruleIndex)));
  const notifications = roots.flatMap((root) => root.notWritten.map((left) => ({
    level: 'warning',
    message: { text: notWrittenMessage(left.reason) },
    locations: [{ physicalLocation: { artifactLocation: { uri: sarifUri(displayPath(root.argument, left.path)) } } }],
  })));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'memory-shelf', version, rules } },
      invocations: [{ executionSuccessful: true, ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}) }],
      columnKind: 'utf16CodeUnits',
      results,
    }],
  };
  return JSON.stringify(log, null, 2);
}

function result(rootArgument: string, problem: Problem, ruleIndex: ReadonlyMap<string, number>): object {
  const location = (path: string, range: Problem['range']): object => ({
    physicalLocation: {
      artifactLocation: { uri: sarifUri(displayPath(rootArgument, path)) },
      // SARIF counts from 1 and its end column is the one after the last character, as ours is.
      region: { startLine: range.start.line + 1, startColumn: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 },
    },
  });
  const related = problem.related ?? [];
  return {
    ruleId: problem.code,
    ruleIndex: ruleIndex.get(problem.code),
    level: sarifLevel(problem.severity),
    message: { text: problem.message },
    locations: [location(problem.path, problem.range)],
    ...(related.length > 0 ? { relatedLocations: related.map((place, id) => ({ id, ...location(place.path, place.range), message: { text: place.message } })) } : {}),
  };
}
