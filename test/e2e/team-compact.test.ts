/**
 * `mem compact` against a real bare remote and several clones: the team ref becomes one snapshot
 * commit, the old history stays under an archive ref, nothing is lost, and every other clone
 * (including one that synced long before, with unsent memory) keeps syncing and converges.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, runMem } from '../helpers/temp-repo.js';
import { gitRun } from '../unit/team/store/team-fixture.js';

afterEach(cleanupTempDirs);

type Listed = { id: string; text: string; provenance: { author: string | null } };
type Report = {
  outcome: string;
  commits: number;
  snapshot: string | null;
  archiveRef: string | null;
  message: string | null;
};

const texts = (repo: string) =>
  (JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as Listed[]).map((entry) => entry.text).sort();
const clone = (remote: string, name: string) => {
  const repo = cloneAs(remote, name);
  runMem(['init', '--yes'], { cwd: repo });
  return repo;
};
const remember = (repo: string, text: string) =>
  expect(runMem(['remember', text, '--section', 'Conventions'], { cwd: repo }).status).toBe(0);
const sync = (repo: string) => {
  const result = runMem(['sync'], { cwd: repo });
  expect(result.status).toBe(0);
  expect(result.stderr).not.toContain('rewritten');
  return result;
};
const compact = (repo: string) => JSON.parse(runMem(['compact', '--json'], { cwd: repo }).stdout) as Report;

describe('mem compact', () => {
  it('squashes the team history, keeps it under an archive ref, loses nothing, and other clones keep syncing', () => {
    const remote = makeBareRemote();
    const alice = clone(remote, 'Alice');
    const bob = clone(remote, 'Bob');
    const erin = clone(remote, 'Erin');
    remember(alice, 'Use pnpm, never npm, in this repository.');
    sync(alice);
    sync(erin);
    // Erin stops syncing here, with one entry she never sent.
    remember(erin, 'The staging database is reset every Monday at 06:00 UTC.');
    remember(alice, 'Migrations live in db/migrations and are never edited after merge.');
    sync(alice);
    remember(bob, 'Feature flags are read from flags.yaml only.');
    sync(bob);
    const carol = clone(remote, 'Carol');
    sync(carol);
    remember(carol, 'Release notes go in CHANGES.md, newest first.');
    const forgotten = (JSON.parse(runMem(['list', '--json'], { cwd: bob }).stdout) as Listed[]).find((entry) =>
      entry.text.startsWith('Migrations'),
    );
    expect(runMem(['forget', forgotten!.id], { cwd: bob }).status).toBe(0);
    sync(bob);
    // Alice's sync (compact runs one first) applies Bob's forget to the team tree too.
    sync(alice);
    const oldHead = git(remote, ['rev-parse', 'refs/mem/team']);
    const oldCount = Number(git(remote, ['rev-list', '--count', 'refs/mem/team']));
    expect(oldCount).toBeGreaterThan(3);

    const dry = JSON.parse(runMem(['compact', '--dry-run', '--json'], { cwd: alice }).stdout) as Report;
    expect(dry.outcome).toBe('dry-run');
    expect(git(remote, ['rev-parse', 'refs/mem/team'])).toBe(oldHead);

    const report = compact(alice);
    expect(report).toMatchObject({ outcome: 'compacted', commits: oldCount });
    expect(git(remote, ['rev-list', '--count', 'refs/mem/team'])).toBe('1');
    expect(git(remote, ['rev-parse', report.archiveRef!])).toBe(oldHead);
    expect(report.archiveRef).toMatch(/^refs\/mem\/team-archive\/\d{4}-\d\d-\d\d-[0-9a-f]{8}$/);
    expect(git(remote, ['rev-parse', 'refs/mem/team^{tree}'])).toBe(git(remote, ['rev-parse', `${oldHead}^{tree}`]));

    // Carol synced before the forget and has an unsent entry: both resolve as without compaction.
    sync(carol);
    sync(bob);
    sync(alice);
    const everyone = [
      'Feature flags are read from flags.yaml only.',
      'Release notes go in CHANGES.md, newest first.',
      'Use pnpm, never npm, in this repository.',
    ];
    for (const repo of [alice, bob, carol]) expect(texts(repo)).toEqual(everyone);
    // Who wrote what survives the compaction.
    expect(
      (JSON.parse(runMem(['list', '--json'], { cwd: carol }).stdout) as Listed[]).find((entry) =>
        entry.text.startsWith('Use pnpm'),
      )?.provenance.author,
    ).toBe('Alice');

    // A second compaction; Erin, whose last sync predates both, still merges and sends her entry.
    expect(compact(bob).outcome).toBe('compacted');
    expect(git(remote, ['for-each-ref', '--format=%(refname)', 'refs/mem/team-archive/']).split('\n')).toHaveLength(2);
    sync(erin);
    const withErin = [...everyone, 'The staging database is reset every Monday at 06:00 UTC.'].sort();
    expect(texts(erin)).toEqual(withErin);
    for (const repo of [alice, bob, carol]) {
      sync(repo);
      expect(texts(repo)).toEqual(withErin);
    }
    // A new clone gets all of it from the short history.
    const dave = clone(remote, 'Dave');
    sync(dave);
    expect(texts(dave)).toEqual(withErin);
    expect(compact(dave).outcome).toBe('compacted');
    sync(alice);
    expect(texts(alice)).toEqual(withErin);
  }, 300_000);
});

describe('mem compact after a forget', () => {
  it('never republishes the forgotten text: neither the team ref nor its snapshot holds it', () => {
    const remote = makeBareRemote();
    const alice = clone(remote, 'Alice');
    remember(alice, 'Always run make lint before pushing the api.');
    remember(alice, 'Use pnpm, never npm, for every install here.');
    sync(alice);
    const id =
      (JSON.parse(runMem(['list', '--json'], { cwd: alice }).stdout) as Listed[]).find((entry) =>
        entry.text.includes('make lint'),
      )?.id ?? '';
    expect(runMem(['forget', id], { cwd: alice }).status).toBe(0);
    sync(alice);
    // git grep exits 1 when nothing matches.
    const onRef = () => gitRun(remote, ['grep', '-q', 'make lint', 'refs/mem/team']).status === 0;
    expect(onRef()).toBe(false);
    expect(compact(alice)).toMatchObject({ outcome: 'compacted' });
    expect(onRef()).toBe(false);
    expect(git(remote, ['ls-tree', '-r', '--name-only', 'refs/mem/team'])).toContain(`tombstones/`);
    expect(texts(alice)).toEqual(['Use pnpm, never npm, for every install here.']);
  });
});
