/**
 * A team ref an older mem wrote (one loose file per entry) moves over to bundles (one file per
 * shard, src/team/store/entry-bundle.ts) at the first write of this mem, through a real bare
 * remote: every entry is kept, who wrote each is still the old author (the move changes no
 * entry), and what an older mem writes afterwards still arrives and is folded in turn.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { entryPath } from '../../src/team/store/team-record.js';
import { rawCommit, teamEntryTexts } from '../helpers/raw-team-commit.js';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

type Listed = { id: string; text: string; provenance: { author?: string | null; commit?: string } };

const record = (text: string) => `${JSON.stringify({ section: 'Conventions', text }, null, 2)}\n`;

/** A commit on the remote's team ref as an older mem pushes it: loose entry files. */
function olderMemPush(
  remote: string,
  writes: Array<{ id: string; text: string }>,
  author: string,
  parent: string | null,
): string {
  const commit = rawCommit(
    remote,
    parent,
    writes.map(({ id, text }) => ({ path: entryPath(id), content: record(text) })),
    { author, timestamp: 1_750_000_000 },
  );
  git(remote, ['update-ref', 'refs/mem/team', commit]);
  return commit;
}

const listed = (clone: string) => JSON.parse(runMem(['list', '--json'], { cwd: clone }).stdout) as Listed[];
const looseDirs = (remote: string) =>
  git(remote, ['ls-tree', '-r', '--name-only', 'refs/mem/team', '--', 'entries'])
    .split('\n')
    .filter((path) => path.endsWith('.json'));

describe('moving a team ref to bundles', () => {
  it("folds an older mem's files at the first write, keeps every entry and its author, and takes in what an older mem writes later", () => {
    const remote = makeBareRemote();
    const old = Array.from({ length: 12 }, (_, i) => ({
      id: `mold${i}`,
      text: `Old rule ${i}: run make check-${i} before pushing.`,
    }));
    olderMemPush(remote, old, 'Erin', null);

    const bob = cloneAs(remote, 'Bob');
    expect(runMem(['init', '--yes'], { cwd: bob }).status).toBe(0);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(
      listed(bob)
        .map((entry) => entry.text)
        .sort(),
    ).toEqual(old.map((entry) => entry.text).sort());
    // Bob's first write moves the ref: no loose entry file left, every entry there.
    expect(
      runMem(['remember', 'Releases are tagged with make tag, never by hand.', '--section', 'Conventions'], {
        cwd: bob,
      }).status,
    ).toBe(0);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(looseDirs(remote)).toEqual([]);
    const texts = [...teamEntryTexts(remote).values()].map((text) => (JSON.parse(text) as { text: string }).text);
    expect(texts.sort()).toEqual(
      [...old.map((entry) => entry.text), 'Releases are tagged with make tag, never by hand.'].sort(),
    );

    // A new clone reads the same entries, each by whoever wrote it: the move changed no entry.
    const carol = cloneAs(remote, 'Carol');
    expect(runMem(['init', '--yes'], { cwd: carol }).status).toBe(0);
    expect(runMem(['sync'], { cwd: carol }).status).toBe(0);
    const seen = listed(carol);
    expect(seen).toHaveLength(13);
    for (const entry of seen) expect(entry.provenance.author).toBe(entry.text.startsWith('Old rule') ? 'Erin' : 'Bob');

    // An older mem still writes loose files: they arrive, and the next write folds them.
    olderMemPush(
      remote,
      [
        { id: 'mlater', text: 'Written by an older mem after the move.' },
        { id: 'mold3', text: 'Old rule 3, reworded by an older mem.' },
      ],
      'Erin',
      git(remote, ['rev-parse', 'refs/mem/team']),
    );
    expect(runMem(['sync'], { cwd: carol }).status).toBe(0);
    const after = listed(carol);
    expect(after.map((entry) => entry.text)).toContain('Written by an older mem after the move.');
    expect(after.map((entry) => entry.text)).toContain('Old rule 3, reworded by an older mem.');
    expect(after.map((entry) => entry.text)).not.toContain('Old rule 3: run make check-3 before pushing.');
    expect(
      runMem(['remember', 'The api reads its settings from config/api.toml.', '--section', 'Conventions'], {
        cwd: carol,
      }).status,
    ).toBe(0);
    expect(runMem(['sync'], { cwd: carol }).status).toBe(0);
    expect(looseDirs(remote)).toEqual([]);
    expect(teamEntryTexts(remote).size).toBe(15);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(
      listed(bob)
        .map((entry) => entry.text)
        .sort(),
    ).toEqual(
      listed(carol)
        .map((entry) => entry.text)
        .sort(),
    );
  });
});
