/**
 * CLAUDE.md is tracked on code branches too. Team sync only writes the working-tree file; the
 * merge driver merges committed regions entry by entry; sync waits while git is mid-operation.
 * These are the ordinary git flows that must keep working.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, runMem } from '../helpers/temp-repo.js';
import { addEntry, gitRun, makeTeam, outsideRegion, readClaude, readJson } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

function commitAll(dir: string, message: string): void {
  git(dir, ['add', 'CLAUDE.md']);
  git(dir, ['commit', '-q', '-m', message]);
}

describe('team memory and code branches live together', () => {
  it('sync writes only the working tree: no commit, no staged change on the code branch', () => {
    const { alice, bob } = makeTeam({ initialEntries: [['e0', 'Existing entry.']] });
    addEntry(alice, 'a1', 'Alice entry for the working tree.');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    const head = git(bob, ['rev-parse', 'HEAD']);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(readClaude(bob)).toContain('Alice entry for the working tree.');
    expect(git(bob, ['rev-parse', 'HEAD'])).toBe(head);
    expect(git(bob, ['diff', '--cached', '--name-only'])).toBe('');
    expect(git(bob, ['status', '--porcelain', '--', 'CLAUDE.md'])).toBe('M CLAUDE.md');
  });

  it('a code merge where both branches changed CLAUDE.md merges entry by entry (merge driver)', () => {
    const { alice, bob } = makeTeam({ initialEntries: [['e0', 'Existing entry.']] });
    addEntry(bob, 'b1', 'Bob committed this on main.');
    commitAll(bob, 'bob memory');
    expect(gitRun(bob, ['push', '-q', 'origin', 'main']).status).toBe(0);
    git(alice, ['checkout', '-q', '-b', 'feature']);
    addEntry(alice, 'a1', 'Alice committed this on a feature branch.');
    commitAll(alice, 'alice memory');
    git(alice, ['fetch', '-q', 'origin']);
    const merged = gitRun(alice, ['merge', '--no-edit', 'origin/main']);
    expect(merged.status, merged.output).toBe(0);
    const text = readClaude(alice);
    expect(text).toContain('Bob committed this on main.');
    expect(text).toContain('Alice committed this on a feature branch.');
    expect(text).not.toMatch(/<<<<<<<|mem conflict/);
  });

  it('pull --rebase over a teammate’s CLAUDE.md commit stays clean', () => {
    const { alice, bob } = makeTeam({ initialEntries: [['e0', 'Existing entry.']] });
    addEntry(bob, 'b1', 'Bob pushed this entry with code.');
    commitAll(bob, 'bob memory');
    expect(gitRun(bob, ['push', '-q', 'origin', 'main']).status).toBe(0);
    addEntry(alice, 'a1', 'Alice has this entry in a local commit.');
    commitAll(alice, 'alice memory');
    const pulled = gitRun(alice, ['pull', '-q', '--rebase', 'origin', 'main']);
    expect(pulled.status, pulled.output).toBe(0);
    const text = readClaude(alice);
    expect(text).toContain('Bob pushed this entry with code.');
    expect(text).toContain('Alice has this entry in a local commit.');
    expect(text).not.toMatch(/<<<<<<<|mem conflict/);
  });

  it('stash, pull, stash pop with a synced (uncommitted) region stays clean', () => {
    const { alice, bob } = makeTeam({ initialEntries: [['e0', 'Existing entry.']] });
    addEntry(alice, 'a1', 'Alice shared this through the team branch.');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    // Meanwhile a teammate committed a different memory change to main.
    addEntry(alice, 'a2', 'Alice also committed this on main.');
    commitAll(alice, 'alice memory');
    expect(gitRun(alice, ['push', '-q', 'origin', 'main']).status).toBe(0);
    git(bob, ['stash', '-q']);
    git(bob, ['pull', '-q', '--no-rebase', 'origin', 'main']);
    const popped = gitRun(bob, ['stash', 'pop', '-q']);
    expect(popped.status, popped.output).toBe(0);
    const text = readClaude(bob);
    expect(text).toContain('Alice shared this through the team branch.');
    expect(text).toContain('Alice also committed this on main.');
    expect(text).not.toMatch(/<<<<<<<|mem conflict/);
  });

  it('switching branches carries the synced working-tree change like any edit', () => {
    const { alice, bob } = makeTeam({ initialEntries: [['e0', 'Existing entry.']] });
    addEntry(alice, 'a1', 'Alice entry that arrives while Bob works.');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    const switched = gitRun(bob, ['switch', '-q', '-c', 'topic']);
    expect(switched.status, switched.output).toBe(0);
    expect(readClaude(bob)).toContain('Alice entry that arrives while Bob works.');
    expect(gitRun(bob, ['switch', '-q', 'main']).status).toBe(0);
    expect(readClaude(bob)).toContain('Alice entry that arrives while Bob works.');
  });

  it('does not touch CLAUDE.md while a rebase is in progress; queues instead', () => {
    const { alice, bob } = makeTeam({ initialEntries: [['e0', 'Existing entry.']] });
    addEntry(alice, 'a1', 'Alice entry that must wait for the rebase.');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    // Bob stops in a conflicting rebase of an unrelated file.
    writeFileSync(join(bob, 'README.md'), 'bob version\n');
    git(bob, ['commit', '-q', '-am', 'bob readme']);
    writeFileSync(join(alice, 'README.md'), 'alice version\n');
    git(alice, ['commit', '-q', '-am', 'alice readme']);
    expect(gitRun(alice, ['push', '-q', 'origin', 'main']).status).toBe(0);
    git(bob, ['fetch', '-q', 'origin']);
    expect(gitRun(bob, ['rebase', 'origin/main']).status).not.toBe(0);
    const before = readClaude(bob);
    const result = runMem(['sync', '--quiet'], { cwd: bob });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/rebase/);
    expect(readClaude(bob)).toBe(before);
    expect(readJson<{ lastFailure: { reason: string } }>(bob, '.memory/state/sync-status.json')?.lastFailure.reason).toBe('repo-busy');
    git(bob, ['rebase', '--abort']);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(readClaude(bob)).toContain('Alice entry that must wait for the rebase.');
    expect(outsideRegion(readClaude(bob))).toBe(outsideRegion(before));
  });

  it('linked worktrees share the store but keep their own base: one never deletes the other’s entries', () => {
    const { alice } = makeTeam({ initialEntries: [['w0', 'Seed entry for worktrees.']] });
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    const linked = join(alice, '..', 'alice-wt');
    git(alice, ['worktree', 'add', '-q', '-b', 'wt', linked]);
    expect(runMem(['sync'], { cwd: linked }).status).toBe(0);
    addEntry(alice, 'w1', 'Added in the main worktree.');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    // The linked worktree has not seen w1 yet: it must receive it, not delete it.
    const result = runMem(['sync'], { cwd: linked });
    expect(result.status, result.stderr).toBe(0);
    expect(readClaude(linked)).toContain('Added in the main worktree.');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(readClaude(alice)).toContain('Added in the main worktree.');
  });
});
