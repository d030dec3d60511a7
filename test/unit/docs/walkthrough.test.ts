import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Commands } from '../../../src/commands';
import { ACTION_SNIPPET } from '../../../src/walkthrough/actionSnippet';
import { FIXTURES } from '../helpers/fixtures';

const REPO = join(FIXTURES, '..', '..');

interface Step { id: string; title: string; description: string; media: { image: string; altText: string }; completionEvents: string[] }
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  contributes: { walkthroughs: { id: string; title: string; description: string; steps: Step[] }[]; commands: { command: string }[] };
};
const bundles = Object.fromEntries(['', '.ko', '.ja'].map((suffix) => [suffix.slice(1) || 'en', JSON.parse(readFileSync(join(REPO, `package.nls${suffix}.json`), 'utf8')) as Record<string, string>]));
const walkthrough = manifest.contributes.walkthroughs[0];
const keyOf = (value: string): string => /^%(.+)%$/.exec(value)?.[1] ?? assert.fail(`${value} is not a %key%`);
const links = (text: string): string[] => [...text.matchAll(/\]\(command:([\w.]+)\)/g)].map((match) => match[1]);

describe('the getting-started walkthrough', () => {
  it('has the six steps, in order: find, fix, review, session start, history and Undo, CI', () => {
    assert.equal(manifest.contributes.walkthroughs.length, 1);
    assert.deepEqual(walkthrough.steps.map((step) => step.id), ['findMemory', 'fixProblem', 'review', 'sessionStart', 'historyUndo', 'checkInCi']);
  });

  it('is written in English, Korean and Japanese, every string translated', () => {
    const keys = [walkthrough.title, walkthrough.description, ...walkthrough.steps.flatMap((step) => [step.title, step.description, step.media.altText])].map(keyOf);
    for (const key of keys) {
      for (const [locale, bundle] of Object.entries(bundles)) assert.ok(bundle[key]?.trim(), `${key} in ${locale}`);
      assert.notEqual(bundles.ko[key], bundles.en[key], key);
      assert.notEqual(bundles.ja[key], bundles.en[key], key);
      assert.match(bundles.ko[key], /[\uac00-\ud7a3]/, `${key} in Korean`);
      assert.match(bundles.ja[key], /[\u3040-\u30ff]/, `${key} in Japanese`);
    }
  });

  it('each step links to one command, the same in every language, that VS Code or the extension has', () => {
    const ours = new Set<string>([...Object.values(Commands), ...manifest.contributes.commands.map((c) => c.command)]);
    const builtIn = new Set(['workbench.view.extension.memoryShelf', 'workbench.actions.view.problems']);
    for (const step of walkthrough.steps) {
      const english = links(bundles.en[keyOf(step.description)]);
      assert.equal(english.length, 1, step.id);
      assert.ok(ours.has(english[0]) || builtIn.has(english[0]), english[0]);
      assert.deepEqual(links(bundles.ko[keyOf(step.description)]), english, `${step.id} in Korean`);
      assert.deepEqual(links(bundles.ja[keyOf(step.description)]), english, `${step.id} in Japanese`);
      assert.ok(step.completionEvents.length > 0, step.id);
    }
    assert.deepEqual(links(bundles.en[keyOf(walkthrough.steps[5].description)]), [Commands.copyActionSnippet]);
    // Review is done by a review action, never by opening the view (issue #40).
    assert.ok(walkthrough.steps[2].completionEvents.every((event) => event.startsWith('onCommand:memoryShelf.review.')), walkthrough.steps[2].completionEvents.join(', '));
  });

  it('shows an image per step, shipped in the .vsix (media/**)', () => {
    for (const step of walkthrough.steps) {
      const image = join(REPO, step.media.image);
      assert.ok(existsSync(image), step.media.image);
      assert.match(readFileSync(image, 'utf8'), /^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      assert.ok(step.media.image.startsWith('media/'));
    }
    assert.match(readFileSync(join(REPO, '.vscodeignore'), 'utf8'), /^!media\/\*\*$/m);
  });

  it('copies the workflow of docs/cli.md, word for word', () => {
    assert.ok(readFileSync(join(REPO, 'docs', 'cli.md'), 'utf8').includes('```yaml\n' + ACTION_SNIPPET + '```'));
    assert.match(ACTION_SNIPPET, /uses: memory-shelf\/memory-shelf@v\d/);
  });
});
