/** Source proofs: stamps when they settle it, the content's hash when a stamp is racy or changed. */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkProof, proveSources, restampedProof, type SourceProof } from '../../../../src/core/files/source-proof.js';
import { cleanupTempDirs, makeTempDir } from '../../../helpers/temp-repo.js';
import { takenLater } from '../../../helpers/stamps-later.js';

afterEach(cleanupTempDirs);

describe('source proofs', () => {
  it('hold by content inside the racy tick, and by stamps once it has passed', () => {
    const dir = makeTempDir();
    const paths = { a: join(dir, 'a.md'), gone: join(dir, 'missing.md') };
    writeFileSync(paths.a, 'one\n');
    // Note: the file's time set ten seconds ahead keeps its stamp inside the racy tick however slowly
    // a loaded machine runs the lines below (a real write's tick passed between two of them once).
    const ahead = new Date(Date.now() + 10_000);
    utimesSync(paths.a, ahead, ahead);
    const { proof, contents } = proveSources(paths);
    expect(contents.a?.toString()).toBe('one\n');
    expect(contents.gone).toBeNull();
    expect(checkProof(proof, paths)).toBe('content');
    expect(restampedProof(proof, paths)).toBeNull();
    expect(checkProof(takenLater(proof, 12), paths)).toBe('stamps');
  });

  it('fail on changed bytes even when size and modification time are kept, and hold on a rewrite of the same bytes', () => {
    const dir = makeTempDir();
    const paths = { a: join(dir, 'a.md') };
    writeFileSync(paths.a, 'one\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(paths.a, old, old);
    const proof = takenLater(proveSources(paths).proof, 2);
    expect(checkProof(proof, paths)).toBe('stamps');
    writeFileSync(paths.a, 'two\n');
    utimesSync(paths.a, old, old);
    expect(checkProof(proof, paths)).toBeNull();
    writeFileSync(paths.a, 'one\n');
    utimesSync(paths.a, old, old);
    expect(checkProof(proof, paths)).toBe('content');
    // Note: the rewrite's ctime is now: the new stamps would be racy, so the proof is not restamped yet.
    expect(restampedProof(proof, paths)).toBeNull();
  });

  it('fail when a missing file appears, and refuse nonsense', () => {
    const dir = makeTempDir();
    const paths = { a: join(dir, 'a.md') };
    const proof = takenLater(proveSources(paths).proof, 2);
    expect(checkProof(proof, paths)).toBe('stamps');
    writeFileSync(paths.a, 'now here\n');
    expect(checkProof(proof, paths)).toBeNull();
    expect(checkProof(null, paths)).toBeNull();
    expect(checkProof({ at: 'x', files: {}, hashes: {} }, paths)).toBeNull();
    expect(checkProof({ at: 'x', files: {} } as unknown as SourceProof, paths)).toBeNull();
  });
});
