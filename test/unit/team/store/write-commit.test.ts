/**
 * A sync's commit is written from the mem process (pack-writer.ts) instead of by `git fast-import`:
 * the same commit, byte for byte (the same ids), for any line of writes, in a pack git reads,
 * verifies and can push.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readBlobsAndTrees, writeCommit, directoriesOf, type CommitSpec } from '../../../../src/team/store/git-objects.js';
import { cleanupTempDirs, git, makeTempDir, testEnv } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

function store(): string {
  const dir = makeTempDir('mem-write-commit-');
  git(dir, ['init', '-q', '--bare']);
  return dir;
}

/** The commit git fast-import writes for `spec` (the oracle: what sync wrote before). */
function fastImport(dir: string, spec: CommitSpec): string {
  const person = `${spec.author.name} <${spec.author.email}> ${spec.timestamp} +0000`;
  const data = (value: string) => `data ${Buffer.byteLength(value)}\n${value}\n`;
  let stream = `commit refs/oracle\nmark :1\nauthor ${person}\ncommitter ${person}\n${data(spec.message)}`;
  stream += spec.parent === null ? 'from 0000000000000000000000000000000000000000\n' : `from ${spec.parent}\n`;
  for (const write of spec.writes) stream += write.content === null ? `D ${write.path}\n` : `M 100644 inline ${write.path}\n${data(write.content)}`;
  stream += 'get-mark :1\ndone\n';
  return execFileSync('git', ['--git-dir', dir, 'fast-import', '--quiet', '--done', '--date-format=raw'], { input: stream, env: testEnv() }).toString('utf8').trim();
}

const PATHS = ['entries/aa/ma1.json', 'entries/aa/ma2.json', 'entries/a0/mz.json', 'entries/bb/mb1.json', 'tombstones/aa/ma2', 'tombstones/b-/x', 'README.md', 'entries.md'];
const content = fc.option(fc.stringMatching(/^[ -~é✓\n]{0,40}$/), { nil: null, freq: 4 });
const writes = fc.uniqueArray(fc.record({ path: fc.constantFrom(...PATHS), content }), { selector: (write) => write.path, minLength: 1, maxLength: 6 });

describe('writing a commit from the mem process', () => {
  it('writes the commit fast-import writes, for any line of adds, edits, deletions and emptied directories (law)', () => {
    fc.assert(
      fc.property(fc.array(writes, { minLength: 1, maxLength: 5 }), (commits) => {
        const dir = store();
        let parent: string | null = null;
        let clock = 1_700_000_000;
        for (const batch of commits) {
          clock += 60;
          const spec: CommitSpec = { parent, writes: batch, message: `mem: ${batch.length} memory changes\n\n- é ✓\n`, author: { name: 'Alice', email: 'alice@example.com' }, timestamp: clock };
          const ours = writeCommit(dir, spec);
          expect(ours).toBe(fastImport(dir, spec));
          parent = ours;
        }
        // git itself finds nothing wrong with the store and its packs.
        git(dir, ['fsck', '--strict', '--no-dangling']);
        for (const pack of readdirSync(join(dir, 'objects', 'pack')).filter((name) => name.endsWith('.idx'))) git(dir, ['verify-pack', join(dir, 'objects', 'pack', pack)]);
      }),
      { numRuns: 40 },
    );
  });

  it('builds from trees read with the blobs, and the commit pushes to a remote that checks what it receives', () => {
    const dir = store();
    const first = writeCommit(dir, { parent: null, writes: [{ path: 'entries/aa/ma1.json', content: '{"text":"one"}\n' }], message: 'first\n', author: { name: 'A', email: 'a@x' }, timestamp: 1_700_000_000 });
    const second: CommitSpec = { parent: first, writes: [{ path: 'entries/aa/ma2.json', content: '{"text":"two"}\n' }, { path: 'tombstones/bb/mb9', content: '' }], message: 'second\n', author: { name: 'A', email: 'a@x' }, timestamp: 1_700_000_060 };
    const { trees } = readBlobsAndTrees(dir, [], first, directoriesOf(second.writes.map((write) => write.path)));
    expect(trees.get('tombstones')).toBeNull();
    expect(trees.get('entries/aa')?.map((entry) => entry.name)).toEqual(['ma1.json']);
    const commit = writeCommit(dir, second, trees);
    expect(commit).toBe(fastImport(dir, second));
    const remote = makeTempDir('mem-write-remote-');
    git(remote, ['init', '-q', '--bare']);
    git(remote, ['config', 'receive.fsckObjects', 'true']);
    git(dir, ['push', '-q', remote, `${commit}:refs/mem/team`]);
    expect(git(remote, ['show', `${commit}:entries/aa/ma2.json`])).toBe('{"text":"two"}');
  });
});
