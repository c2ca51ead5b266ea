/**
 * One contract, two team stores: the system git's (a bare store per clone, a bare remote) and the
 * in-memory fake sync's decisions are tested on. Whatever one does, the other does.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitTeamStore } from '../../../src/team/store/git-team-store.js';
import { createTeamRefs } from '../../../src/team/store/team-refs.js';
import { entryPath, tombstonePath } from '../../../src/team/store/team-record.js';
import type { CommitSpec, TeamStore } from '../../../src/team/store/team-store-port.js';
import { fakeRemote, fakeTeamStore } from '../../helpers/fake-team-store.js';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, makeTempDir } from '../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

/** Two clones' stores sharing one remote. */
type Pair = { alice: TeamStore; bob: TeamStore };

function gitPair(): Pair {
  const remote = makeBareRemote();
  const store = (user: string): TeamStore => {
    const root = cloneAs(remote, user);
    const storeDir = join(makeTempDir(`mem-store-${user}-`), 'store.git');
    git(root, ['init', '-q', '--bare', storeDir]);
    const target = {
      root,
      storeDir,
      remote: 'origin',
      branch: 'mem/team',
      remoteRef: 'refs/mem/team',
      timeoutMs: 60_000,
    };
    return gitTeamStore(target, createTeamRefs({ gitdir: storeDir, branch: 'mem/team', remote: 'origin' }));
  };
  return { alice: store('alice'), bob: store('bob') };
}

function fakePair(): Pair {
  const remote = fakeRemote();
  return { alice: fakeTeamStore(remote), bob: fakeTeamStore(remote) };
}

const entry = (section: string, text: string) => `${JSON.stringify({ section, text }, null, 2)}\n`;
const spec = (parent: string | null, writes: CommitSpec['writes'], timestamp = 1_700_000_000): CommitSpec => ({
  parent,
  writes,
  message: 'mem: change\n',
  author: { name: 'alice', email: 'alice@example.com' },
  timestamp,
});
const texts = (entries: Map<string, Buffer>) =>
  Object.fromEntries([...entries].map(([id, bytes]) => [id, bytes.toString('utf8')]));

describe.each([
  ['the git store', gitPair],
  ['the in-memory fake', fakePair],
])('team store contract: %s', (_name, makePair) => {
  it('starts with no refs, and the remote has no team ref yet', async () => {
    const { alice } = makePair();
    expect(await alice.readRef('base')).toBeNull();
    expect(await alice.readRef('remote')).toBeNull();
    expect(await alice.fetch()).toEqual({ ok: true, branchExists: false });
  });

  it('reads back the entries and tombstones a commit writes, and a child changes only what it writes', async () => {
    const { alice } = makePair();
    const first = await alice.writeCommit(
      spec(null, [
        { path: entryPath('mone000001'), content: entry('Conventions', 'Use pnpm.') },
        { path: entryPath('mtwo000002'), content: entry('Commands', 'Run make check.') },
        { path: tombstonePath('mold000003'), content: '' },
      ]),
    );
    expect(texts((await alice.readEntries(first)).entries)).toEqual({
      mone000001: entry('Conventions', 'Use pnpm.'),
      mtwo000002: entry('Commands', 'Run make check.'),
    });
    expect((await alice.readEntries(first)).tombstones).toEqual(['mold000003']);
    const second = await alice.writeCommit(
      spec(
        first,
        [
          { path: entryPath('mone000001'), content: entry('Conventions', 'Use pnpm 9.') },
          { path: entryPath('mtwo000002'), content: null },
        ],
        1_700_000_060,
      ),
    );
    expect(second).not.toBe(first);
    expect(texts((await alice.readEntries(second)).entries)).toEqual({
      mone000001: entry('Conventions', 'Use pnpm 9.'),
    });
    expect(texts((await alice.readEntries(first)).entries)).toHaveProperty('mtwo000002');
  });

  it('creates a ref only when absent and moves it only from the commit expected', async () => {
    const { alice } = makePair();
    const first = await alice.writeCommit(
      spec(null, [{ path: entryPath('mone000001'), content: entry('Conventions', 'One.') }]),
    );
    const second = await alice.writeCommit(
      spec(first, [{ path: entryPath('mone000001'), content: entry('Conventions', 'Two.') }], 1_700_000_060),
    );
    expect(await alice.updateRef('base', first, null)).toBe(true);
    expect(await alice.updateRef('base', second, null)).toBe(false);
    expect(await alice.updateRef('base', second, second)).toBe(false);
    expect(await alice.readRef('base')).toBe(first);
    expect(await alice.updateRef('base', second, first)).toBe(true);
    expect(await alice.readRef('base')).toBe(second);
  });

  it('pushes a commit the other clone fetches as the remote ref, and rejects a push not on top of it', async () => {
    const { alice, bob } = makePair();
    const mine = await alice.writeCommit(
      spec(null, [{ path: entryPath('mone000001'), content: entry('Conventions', 'From Alice.') }]),
    );
    expect(await alice.push(mine)).toEqual({ ok: true });
    expect(await bob.fetch()).toEqual({ ok: true, branchExists: true });
    expect(await bob.readRef('remote')).toBe(mine);
    expect(texts((await bob.readEntries(mine)).entries)).toEqual({ mone000001: entry('Conventions', 'From Alice.') });

    const bobs = await bob.writeCommit(
      spec(mine, [{ path: entryPath('mtwo000002'), content: entry('Commands', 'From Bob.') }], 1_700_000_060),
    );
    expect(await bob.push(bobs)).toEqual({ ok: true });
    // Alice's next commit is not on top of Bob's: the remote refuses it, nothing is lost.
    const stale = await alice.writeCommit(
      spec(mine, [{ path: entryPath('mthree0003'), content: entry('Gotchas', 'Late.') }], 1_700_000_120),
    );
    expect(await alice.push(stale)).toMatchObject({ ok: false, reason: 'rejected' });
    expect(await alice.fetch()).toEqual({ ok: true, branchExists: true });
    expect(await alice.readRef('remote')).toBe(bobs);
  });
});
