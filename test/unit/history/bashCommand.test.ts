import * as assert from 'node:assert/strict';
import { posix } from 'node:path';
import { shellReach, type ShellTarget } from '../../../src/core/history/bashCommand';
import { globReaches } from '../../../src/core/history/globReach';

// Commands start in /p, the project; its memory folder is /p/memory.
const read = (command: string, dialect: 'bash' | 'powershell' = 'bash') => shellReach(command, { cwd: '/p', home: '/home/ana', env: { TMPDIR: '/tmp' }, resolve: (word, from) => posix.resolve(from, word), dialect });
const targets = (command: string): string[] => read(command).targets.map(show);
function show(target: ShellTarget): string {
  switch (target.kind) {
    case 'write':
    case 'append':
    case 'delete':
      return `${target.kind} ${target.path}${target.glob ? ' (glob)' : ''}`;
    case 'tree':
      return `tree${target.deletes ? '-delete' : ''} ${target.path}${target.glob ? ' (glob)' : ''}`;
    case 'code':
      return `code in ${target.cwd}: ${target.text}`;
    case 'cwd':
    case 'repo':
      return `${target.kind} ${target.cwd}`;
  }
}

describe('shellReach', () => {
  it('reads deletions, moves, in-place edits and redirections of files', () => {
    assert.deepEqual(targets('rm memory/a.md'), ['delete /p/memory/a.md']);
    assert.deepEqual(targets('rm -f "memory/with space.md" /p/memory/b.md'), ['delete /p/memory/with space.md', 'delete /p/memory/b.md']);
    assert.deepEqual(targets('mv memory/a.md memory/team/a.md'), ['write /p/memory/team/a.md', 'write /p/memory/team/a.md/a.md', 'delete /p/memory/a.md']);
    assert.deepEqual(targets("sed -i 's/x/y/' memory/a.md"), ['write /p/memory/a.md']);
    assert.deepEqual(targets('echo "- [C](c.md)" >> memory/MEMORY.md'), ['append /p/memory/MEMORY.md']);
    assert.deepEqual(targets('cd /p && LANG=C /bin/rm memory/결정.md 2>&1'), ['delete /p/memory/결정.md']);
    assert.deepEqual(targets('cat x | tee memory/a.md > /dev/null'), ['write /dev/null', 'write /p/memory/a.md']);
  });

  it('follows cd, $PWD, variables it knows and /proc/self/cwd', () => {
    assert.deepEqual(targets('cd memory && rm x.md'), ['delete /p/memory/x.md']);
    assert.deepEqual(targets('rm $PWD/memory/x.md ${HOME}/y.md $TMPDIR/z'), ['delete /p/memory/x.md', 'delete /home/ana/y.md', 'delete /tmp/z']);
    assert.deepEqual(targets('rm /proc/self/cwd/memory/x.md'), ['delete /p/memory/x.md']);
    assert.equal(read('rm $UNSET/x.md').unknown, true);
    assert.equal(read('cd "$(mktemp -d)" && rm x.md').unknown, true);
  });

  it('reads redirections a simple split misses: >|, >&file, &>, and commands inside $(…) and backticks', () => {
    assert.deepEqual(targets('echo x >| memory/x.md'), ['write /p/memory/x.md']);
    assert.deepEqual(targets('echo x >&memory/x.md'), ['write /p/memory/x.md']);
    assert.deepEqual(targets('echo x &> memory/x.md'), ['write /p/memory/x.md']);
    assert.deepEqual(targets('echo x 2>&1 >/dev/null'), ['write /dev/null']);
    assert.deepEqual(targets('echo `rm memory/x.md`'), ['delete /p/memory/x.md']);
    assert.deepEqual(targets('echo "$(rm memory/x.md)"'), ['delete /p/memory/x.md']);
  });

  it('unwraps wrappers and reads nested shells', () => {
    for (const command of ['sudo rm memory/x.md', 'env LANG=C rm memory/x.md', 'command rm memory/x.md', 'timeout 5 rm memory/x.md', 'nice -n 5 rm memory/x.md', "bash -c 'rm memory/x.md'", 'eval "rm memory/x.md"']) {
      assert.deepEqual(targets(command), ['delete /p/memory/x.md'], command);
    }
    assert.equal(read('ls memory | xargs rm').unknown, true);
  });

  it('reads copies and links into a folder as the file they make there', () => {
    assert.deepEqual(targets('cp /tmp/x.md memory/'), ['write /p/memory', 'write /p/memory/x.md']);
    assert.deepEqual(targets('cp -t memory /tmp/x.md'), ['write /p/memory', 'write /p/memory/x.md']);
    assert.deepEqual(targets('ln -sf /tmp/x.md memory/x.md'), ['write /p/memory/x.md', 'write /p/memory/x.md/x.md']);
    assert.ok(targets('ln memory/x.md /tmp/h').includes('write /p/memory/x.md'), 'a hard link to a memory lets a later write change it');
    assert.deepEqual(targets('dd if=/dev/zero of=memory/x.md'), ['write /p/memory/x.md']);
  });

  it('reports programs it cannot read by what they can reach', () => {
    assert.deepEqual(targets(`python3 -c "import os; os.remove('memory/x.md')"`), [`code in /p: import os; os.remove('memory/x.md')`]);
    assert.deepEqual(targets('git checkout -- .'), ['repo /p']);
    assert.deepEqual(targets('git -C memory stash'), ['repo /p/memory']);
    assert.deepEqual(targets('tar -xf /tmp/a.tar'), ['tree /p']);
    assert.deepEqual(targets('find . -name x.md -exec rm {} +'), ['tree-delete /p']);
    assert.deepEqual(targets('prettier --write memory/x.md'), ['cwd /p', 'tree-delete /p/memory/x.md']);
    assert.deepEqual(targets('rm -rf .'), ['tree-delete /p']);
    assert.deepEqual(targets('rm memor?/x.md'), ['delete /p/memor?/x.md (glob)']);
  });

  it('leaves reading commands alone', () => {
    for (const command of ['cat memory/a.md', 'grep -r foo memory', "sed 's/x/y/' memory/a.md", 'git diff memory/a.md', 'git status', 'ls memory 2>&1', 'find memory -name "*.md"', 'head -5 memory/MEMORY.md && wc -l memory/x.md', 'mkdir -p memory/team']) {
      assert.deepEqual(read(command), { targets: [], unknown: false }, command);
    }
  });

  it('reads PowerShell: deleting and writing cmdlets reach what they name, reading ones nothing', () => {
    assert.deepEqual(read('Remove-Item memory/x.md', 'powershell').targets.map(show), ['cwd /p', 'tree-delete /p/memory/x.md']);
    assert.deepEqual(read('Get-Content memory\\x.md', 'powershell'), { targets: [], unknown: false });
    assert.equal(read('Get-ChildItem memory | Remove-Item', 'powershell').unknown, true);
  });
});

describe('globReaches', () => {
  it('matches a glob against a folder segment by segment', () => {
    assert.equal(globReaches('/p/*/x.md', '/p/memory'), true);
    assert.equal(globReaches('/p/memor?/x.md', '/p/memory'), true);
    assert.equal(globReaches('/p/*.log', '/p/memory'), false);
    assert.equal(globReaches('/p/{memory,src}/*.md', '/p/memory'), true);
    assert.equal(globReaches('/p/src/*.md', '/p/memory'), false);
    assert.equal(globReaches('/*', '/p/memory'), true);
  });
});
