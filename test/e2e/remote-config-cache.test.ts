/**
 * A sync starts its fetch from what `git config` said last time while no config file changed
 * (remote-config-cache.ts); whenever git's answer could differ, it asks again: a remote moved with
 * `git remote set-url`, a url that comes from an included file, a new identity.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, makeTempDir, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const CACHE = '.memory/cache/remote-config.json';
const teamHead = (remote: string) => git(remote, ['for-each-ref', '--format=%(objectname)', 'refs/mem/team']);

function syncedClone() {
  const first = makeBareRemote();
  const alice = cloneAs(first, 'Alice');
  expect(runMem(['init', '--yes'], { cwd: alice }).status).toBe(0);
  runMem(['remember', 'Use pnpm, never npm, in this repository.', '--section', 'Conventions'], { cwd: alice });
  expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
  return { first, alice };
}

describe('the team remote as git config last said', () => {
  it('is kept between syncs, and asked again once the remote moves', () => {
    const { first, alice } = syncedClone();
    expect(existsSync(join(alice, CACHE))).toBe(true);
    expect(readFileSync(join(alice, CACHE), 'utf8')).toContain(first);
    // The remote moves: the next sync pushes to the new one.
    const second = makeBareRemote();
    git(alice, ['remote', 'set-url', 'origin', second]);
    runMem(['remember', 'Run make check before pushing the api.', '--section', 'Commands'], { cwd: alice });
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(teamHead(second)).toMatch(/^[0-9a-f]{40}$/);
    expect(readFileSync(join(alice, CACHE), 'utf8')).toContain(second);
  });

  it('is not kept when a config file includes another, whose change then counts', () => {
    const { alice } = syncedClone();
    const second = makeBareRemote();
    const included = join(makeTempDir('mem-include-'), 'remote.gitconfig');
    writeFileSync(included, `[remote "origin"]\n\turl = ${second}\n`);
    git(alice, ['config', '--unset', 'remote.origin.url']);
    git(alice, ['config', 'include.path', included]);
    runMem(['remember', 'Run make check before pushing the api.', '--section', 'Commands'], { cwd: alice });
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(teamHead(second)).toMatch(/^[0-9a-f]{40}$/);
    expect(existsSync(join(alice, CACHE))).toBe(false);
    // The included file alone changes: the sync follows it.
    const third = makeBareRemote();
    writeFileSync(included, `[remote "origin"]\n\turl = ${third}\n`);
    runMem(['remember', 'The api needs make migrate before its tests.', '--section', 'Gotchas'], { cwd: alice });
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(teamHead(third)).toMatch(/^[0-9a-f]{40}$/);
  });
});
