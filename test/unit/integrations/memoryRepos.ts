import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes `files` (repository-relative paths to text) under `root`. */
export function writeRepo(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const memory = (name: string, description: string, type: string, body: string): string => `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n---\n${body}\n`;

/** A repository whose memory is in order: every memory listed, dated, with its frontmatter. */
export const GREEN_REPO: Record<string, string> = {
  'README.md': '# A project\n\nSee you tomorrow: not a memory, never checked.\n',
  'memory/MEMORY.md': '- [Tabs](feedback_tabs.md) — indent with tabs\n- [Release day](project_release.md) — releases on 2026-03-02\n',
  'memory/feedback_tabs.md': memory('feedback-tabs', 'indent with tabs', 'feedback', 'Indent with tabs, never spaces.'),
  'memory/project_release.md': memory('project-release', 'releases on 2026-03-02', 'project', 'The release is on 2026-03-02.'),
  '.claude/agent-memory/reviewer/MEMORY.md': '- [Style](feedback_style.md) — 짧은 문장\n',
  '.claude/agent-memory/reviewer/feedback_style.md': memory('feedback-style', '짧은 문장', 'feedback', '리뷰는 짧은 문장으로 쓴다.'),
};

/**
 * The same repository with problems: a memory missing from the index (warning), a relative date
 * with no anchor in the text (warning), and in the agent's folder a type outside the set (warning).
 */
export const RED_REPO: Record<string, string> = {
  ...GREEN_REPO,
  'memory/feedback_reviews.md': memory('feedback-reviews', 'reviews before noon', 'feedback', 'Reviews happen before noon.'),
  'memory/project_release.md': memory('project-release', 'release timing', 'project', 'The release moved to next week.'),
  '.claude/agent-memory/reviewer/feedback_style.md': memory('feedback-style', '짧은 문장', 'feedbak', '리뷰는 짧은 문장으로 쓴다.'),
};
