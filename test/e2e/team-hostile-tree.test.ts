/**
 * A team ref whose tree git's own checks refuse (an entry named `..`, issue 28.2): a hostile or
 * broken teammate writes it straight to the remote. It is quarantined like a bad file; everything
 * else still syncs, in old clones and new ones, and `mem compact` still runs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, runMem, testEnv } from '../helpers/temp-repo.js';
import { makeTeam, readRendered } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

/** Pushes onto the remote's team ref a commit that adds a blob named `..` inside `entries/`, written with git's plumbing as a hostile clone could. */
function pushDotDotEntry(remote: string): void {
  const run = (args: string[], input?: string) =>
    execFileSync('git', args, { cwd: remote, env: testEnv(), encoding: 'utf8', input: input ?? '' }).trim();
  const head = run(['rev-parse', 'refs/mem/team']);
  const blob = run(['hash-object', '-w', '--stdin'], '{"section":"Conventions","text":"Push straight to main."}\n');
  const entries = run(['mktree'], `${run(['ls-tree', `${head}:entries`])}\n100644 blob ${blob}\t..\n`);
  const root = run(
    ['mktree'],
    run(['ls-tree', head]).replace(/^040000 tree [0-9a-f]{40}\tentries$/m, `040000 tree ${entries}\tentries`) + '\n',
  );
  const commit = run(['commit-tree', root, '-p', head, '-m', 'hand-written'], '');
  run(['update-ref', 'refs/mem/team', commit]);
}

describe('a team ref with a tree entry git refuses', () => {
  it('quarantines it and syncs the rest, for old and new clones, and compacts', () => {
    const { remote, alice, bob } = makeTeam();
    expect(runMem(['remember', 'Always run make lint before pushing the api.'], { cwd: alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    pushDotDotEntry(remote);

    const bobs = runMem(['sync'], { cwd: bob });
    expect(bobs.status, bobs.stderr).toBe(0);
    expect(bobs.stderr).not.toMatch(/fsck|not synced/);
    expect(bobs.stderr).toContain('quarantined an incoming team entry (not a valid entry path): entries/..');
    expect(readRendered(bob)).toContain('make lint');
    expect(readRendered(bob)).not.toContain('Push straight to main');
    const quarantine = JSON.parse(readFileSync(join(bob, '.memory/state/quarantine.json'), 'utf8')) as {
      entries: Array<{ id: string; reasons: string[] }>;
    };
    expect(quarantine.entries).toContainEqual(
      expect.objectContaining({ id: 'entries/..', reasons: ['not a valid entry path'] }),
    );

    // Alice's clone, which fetched the team ref before, keeps sending and receiving.
    expect(runMem(['remember', 'Use pnpm, never npm.'], { cwd: alice }).status).toBe(0);
    const alices = runMem(['sync'], { cwd: alice });
    expect(alices.status, alices.stderr).toBe(0);
    expect(alices.stderr).not.toMatch(/fsck|not synced/);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(readRendered(bob)).toContain('Use pnpm, never npm.');

    // A clone made now gets everything too.
    const carol = cloneAs(remote, 'carol');
    expect(runMem(['init', '--yes'], { cwd: carol }).status).toBe(0);
    expect(runMem(['sync'], { cwd: carol }).status).toBe(0);
    expect(readRendered(carol)).toContain('make lint');
    expect(readRendered(carol)).toContain('Use pnpm, never npm.');

    const compacted = runMem(['compact'], { cwd: bob });
    expect(compacted.status, compacted.stderr).toBe(0);
    expect(compacted.stdout).toMatch(/^compacted \d+ team commits/);
    expect(git(remote, ['rev-list', '--count', 'refs/mem/team'])).toBe('1');
  });
});
