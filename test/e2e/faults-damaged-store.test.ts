/**
 * A damaged team store heals (issue 9, item 5): with an object missing from .git/mem/store.git,
 * the next sync says so, rebuilds the store from the remote, keeps the local entries not yet
 * pushed, and later syncs are clean again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, readIfExists, runMem, testEnv } from '../helpers/temp-repo.js';
import { distinctRule, ruleToken } from '../helpers/distinct-rules.js';

afterEach(cleanupTempDirs);

/** Every file of the remote team branch, whatever its layout. */
function teamBranchText(remote: string): string {
  const files = git(remote, ['ls-tree', '-r', '--name-only', 'mem/team']).split('\n').filter(Boolean);
  return files.map((file) => git(remote, ['show', `mem/team:${file}`])).join('\n');
}

/**
 * Deletes the object `oid` from a bare repository (the damage a disk error or a bad gc leaves),
 * and only it. A packed object's pack is first unpacked into loose objects: the store keeps each
 * sync's objects as one pack, and deleting the pack would also delete the commit beside the tree,
 * which the next fetch simply downloads again (then nothing is left to detect, and whether the
 * sync noticed first depended on which of its git processes ran first).
 */
function deleteObject(gitDir: string, oid: string): void {
  const loose = join(gitDir, 'objects', oid.slice(0, 2), oid.slice(2));
  if (!existsSync(loose)) {
    const packDir = join(gitDir, 'objects', 'pack');
    const holder = readdirSync(packDir)
      .filter((name) => name.endsWith('.idx'))
      .find((idx) =>
        git(gitDir, ['verify-pack', '-v', join(packDir, idx)])
          .split('\n')
          .some((line) => line.startsWith(`${oid} `)),
      );
    expect(holder, `a pack holding ${oid}`).toBeDefined();
    const pack = readFileSync(join(packDir, (holder as string).replace(/\.idx$/, '.pack')));
    for (const suffix of ['.idx', '.pack', '.rev', '.keep'])
      rmSync(join(packDir, (holder as string).replace(/\.idx$/, suffix)), { force: true });
    const unpacked = spawnSync('git', ['--git-dir', gitDir, 'unpack-objects', '-q'], { input: pack, env: testEnv() });
    expect(unpacked.status, unpacked.stderr.toString()).toBe(0);
  }
  rmSync(loose);
  expect(() => git(gitDir, ['cat-file', '-e', oid])).toThrow();
}

/** A remote and Alice's clone, set up with one entry remembered and synced. */
function aliceSyncedOnce(): { remote: string; alice: string } {
  const remote = makeBareRemote();
  const alice = cloneAs(remote, 'alice');
  expect(runMem(['init', '--yes'], { cwd: alice }).status).toBe(0);
  expect(runMem(['remember', distinctRule(1)], { cwd: alice }).status).toBe(0);
  expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
  return { remote, alice };
}

describe('a damaged team store', () => {
  it('is rebuilt from the remote by the next sync, which says so and loses no local entry', () => {
    const { remote, alice } = aliceSyncedOnce();
    // Not pushed yet: exists only in alice's working copy (and her team store).
    expect(runMem(['remember', distinctRule(2)], { cwd: alice }).status).toBe(0);

    const store = join(alice, '.git', 'mem', 'store.git');
    const synced = git(remote, ['rev-parse', 'mem/team']);
    deleteObject(store, git(store, ['rev-parse', `${synced}^{tree}`]));
    // Only the tree is gone: the commit that names it is still there, so the fetch cannot mend it unseen.
    expect(() => git(store, ['cat-file', '-e', synced])).not.toThrow();

    const healing = runMem(['sync'], { cwd: alice });
    expect(healing.status, healing.stderr).toBe(0);
    expect(`${healing.stdout}${healing.stderr}`).toMatch(
      /team store was damaged \(.+\); rebuilt it from the remote, keeping local memory/,
    );
    const shared = teamBranchText(remote);
    expect(shared).toContain(ruleToken(1));
    expect(shared).toContain(ruleToken(2));
    const memory = readIfExists(alice, '.memory/state/team-memory.md') ?? '';
    expect(memory).toContain(ruleToken(1));
    expect(memory).toContain(ruleToken(2));
    expect(readdirSync(join(alice, '.git', 'mem')).some((name) => name.startsWith('store.git.damaged-'))).toBe(true);

    const after = runMem(['sync', '--json'], { cwd: alice });
    const report = JSON.parse(after.stdout) as { failure: unknown; warnings: string[]; outcome: string };
    expect(report).toMatchObject({ failure: null, warnings: [] });
    const status = JSON.parse(runMem(['status', '--json'], { cwd: alice }).stdout) as {
      team: { lastFailure: unknown; pending: boolean };
    };
    expect(status.team).toMatchObject({ lastFailure: null, pending: false });
  });

  it('heals after a crash emptied its newest pack (the store flushes nothing to disk): nothing lost, the store whole again', () => {
    const { remote, alice } = aliceSyncedOnce();
    expect(runMem(['remember', distinctRule(2)], { cwd: alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(runMem(['remember', distinctRule(3)], { cwd: alice }).status).toBe(0);

    // What a power cut leaves of files never flushed: their names, with nothing in them.
    const store = join(alice, '.git', 'mem', 'store.git');
    const packDir = join(store, 'objects', 'pack');
    const newest = readdirSync(packDir)
      .filter((name) => name.endsWith('.pack'))
      .map((name) => ({ name, at: statSync(join(packDir, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)[0]?.name as string;
    for (const suffix of ['.pack', '.idx']) writeFileSync(join(packDir, newest.replace(/\.pack$/, suffix)), '');
    expect(() =>
      git(store, ['cat-file', '-e', `${git(store, ['rev-parse', 'refs/mem/base/mem/team'])}^{tree}`]),
    ).toThrow();

    // Note: git's fetch refetches what the refs name and the store lacks, or the sync rebuilds the store; either way:
    const healing = runMem(['sync'], { cwd: alice });
    expect(healing.status, healing.stderr).toBe(0);
    const shared = teamBranchText(remote);
    for (const n of [1, 2, 3]) expect(shared).toContain(ruleToken(n));
    const synced = git(remote, ['rev-parse', 'mem/team']);
    expect(git(store, ['rev-parse', 'refs/mem/base/mem/team'])).toBe(synced);
    expect(() => git(store, ['ls-tree', '-r', synced])).not.toThrow();
    const after = JSON.parse(runMem(['sync', '--json'], { cwd: alice }).stdout) as {
      failure: unknown;
      warnings: string[];
    };
    expect(after).toMatchObject({ failure: null, warnings: [] });
  });
});
