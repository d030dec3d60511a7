import * as assert from 'node:assert/strict';
import { parseMemoryFile } from '../../../../src/core';
import { checkDescriptionBody } from '../../../../src/core/rules/descriptions/descriptionBodyRule';

/** A body about one thing (a queue's retries), long enough to have a subject. */
const BODY = [
  '# Queue retries',
  'Queue retries back off exponentially; retries stop after five attempts.',
  'Dead letters collect what the queue could not deliver, and dead letters are replayed by hand.',
  'Retries, backoff and dead letters are tuned per queue: a busy queue retries less.',
  'Check the dead letters queue every morning before the retries pile up on the broker.',
].join('\n');

function memory(name: string, description: string) {
  return parseMemoryFile('feedback_x.md', ['---', `name: ${name}`, `description: ${description}`, '---', BODY, ''].join('\n'));
}

const never = (): boolean => false;

describe('description-body-mismatch and the name', () => {
  it('finds a body whose subject neither name nor description says', () => {
    assert.ok(checkDescriptionBody(memory('deploy-window', 'Deploys wait for the release window'), never).problem);
  });

  it('leaves a description that only repeats the name to description-vague, however the name writes its words', () => {
    for (const [name, description] of [
      ['deploy-windows', 'Deploy windows'],
      ['Deploying_Windows', 'deploying windows'],
      ['배포-창구', '배포 창구'],
      ['Café-Windows', 'cafe windows'],
      ['デプロイ 窓口', 'デプロイ窓口'],
    ]) {
      assert.equal(checkDescriptionBody(memory(name, description), never).problem, undefined, `${name}: ${description}`);
    }
  });

  it('reads a description that says one word more than an ASCII name as saying more', () => {
    assert.ok(checkDescriptionBody(memory('deploy-windows', 'Deploy windows nightly'), never).problem);
  });
});
