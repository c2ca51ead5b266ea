/**
 * An in-memory team store (src/team/store/team-store-port.ts): commits are maps of path to text,
 * refs are names to ids, and a remote is one more such store shared by the clones made from it.
 * Held to the same contract as the git store (test/unit/team/team-store-contract.test.ts).
 */
import { createHash } from 'node:crypto';
import type { CommitSpec, StoredEntries, TeamRef, TeamStore } from '../../src/team/store/team-store-port.js';
import { classifyPath } from '../../src/team/store/team-record.js';

type Commit = { parent: string | null; files: ReadonlyMap<string, string> };

/** A remote's team ref and every commit pushed to it. */
export type FakeRemote = { head: string | null; commits: Map<string, Commit> };

export function fakeRemote(): FakeRemote {
  return { head: null, commits: new Map() };
}

/** A clone's team store, with the remote it fetches from and pushes to (none: every fetch and push fails as offline). */
export function fakeTeamStore(remote: FakeRemote | null = fakeRemote()): TeamStore & { commits: Map<string, Commit> } {
  const commits = new Map<string, Commit>();
  const refs = new Map<TeamRef, string>();
  const filesOf = (commit: string): ReadonlyMap<string, string> => {
    const found = commits.get(commit);
    if (found === undefined) throw new Error(`no commit ${commit}`);
    return found.files;
  };
  return {
    commits,
    readRef: (ref) => Promise.resolve(refs.get(ref) ?? null),
    updateRef(ref, next, expected) {
      if ((refs.get(ref) ?? null) !== expected) return Promise.resolve(false);
      refs.set(ref, next);
      return Promise.resolve(true);
    },
    readEntries(commit): Promise<StoredEntries> {
      const entries = new Map<string, Buffer>();
      const tombstones: string[] = [];
      for (const [path, text] of filesOf(commit)) {
        const kind = classifyPath(path);
        if (kind?.kind === 'entry') entries.set(kind.id, Buffer.from(text, 'utf8'));
        else if (kind?.kind === 'tombstone') tombstones.push(kind.id);
      }
      return Promise.resolve({ entries, tombstones });
    },
    writeCommit(spec: CommitSpec) {
      const files = new Map(spec.parent === null ? [] : filesOf(spec.parent));
      for (const write of spec.writes) {
        if (write.content === null) files.delete(write.path);
        else files.set(write.path, write.content);
      }
      const id = createHash('sha1')
        .update(JSON.stringify([spec.parent, [...files].sort(), spec.message, spec.author, spec.timestamp]))
        .digest('hex');
      commits.set(id, { parent: spec.parent, files });
      return Promise.resolve(id);
    },
    fetch() {
      if (remote === null) return Promise.resolve({ ok: false, reason: 'offline', message: 'no remote' } as const);
      if (remote.head === null) return Promise.resolve({ ok: true, branchExists: false } as const);
      for (const [id, commit] of remote.commits) commits.set(id, commit);
      refs.set('remote', remote.head);
      return Promise.resolve({ ok: true, branchExists: true } as const);
    },
    push(commit) {
      if (remote === null) return Promise.resolve({ ok: false, reason: 'offline', message: 'no remote' } as const);
      // Only on top of what the remote has: the commit's ancestry must reach the remote's head.
      let at: string | null = commit;
      while (at !== null && at !== remote.head) at = commits.get(at)?.parent ?? null;
      if (at !== remote.head)
        return Promise.resolve({ ok: false, reason: 'rejected', message: 'the remote team branch moved on' } as const);
      for (
        let walk: string | null = commit;
        walk !== null && !remote.commits.has(walk);
        walk = commits.get(walk)?.parent ?? null
      )
        remote.commits.set(walk, commits.get(walk) as Commit);
      remote.head = commit;
      return Promise.resolve({ ok: true } as const);
    },
  };
}
