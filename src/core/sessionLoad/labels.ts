import type { PartKind } from './types';

/**
 * Claude Code's words for where a file comes from, as its context names each one
 * (`Contents of <path> (<label>):`, 2.1.328). An import carries the label of the file Claude Code looked for.
 */
const LABELS: Readonly<Record<Exclude<PartKind, 'import'>, string>> = {
  managed: 'organization-managed policy instructions',
  user: "user's private global instructions for all projects",
  'user-rule': "user's private global instructions for all projects",
  project: 'project instructions, checked into the codebase',
  'project-rule': 'project instructions, checked into the codebase',
  agents: 'project instructions, checked into the codebase',
  local: "user's private project instructions, not checked in",
  'auto-index': "user's auto-memory, persists across conversations",
  'team-index': "user's auto-memory, persists across conversations",
  pinned: "user's auto-memory, persists across conversations",
  'agent-index': "user's auto-memory, persists across conversations",
};

export function sourceLabel(kind: PartKind): string | undefined {
  return kind === 'import' ? undefined : LABELS[kind];
}
