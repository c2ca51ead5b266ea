/**
 * An in-memory TeamStorePort for fast tests of sync logic; the conformance suite holds it to the
 * same behaviour as the isomorphic-git store.
 */
import { createHash } from 'node:crypto';
import { MemError } from '../../core/errors.js';
import { normaliseTombstones, type TeamCommitInput, type TeamFiles, type TeamRef, type TeamStorePort } from './team-store-port.js';

type FakeCommit = { files: TeamFiles; parents: string[]; message: string };

export type FakeTeamStore = TeamStorePort & {
  /** Test access: the message of a commit. */
  messageOf(commit: string): string | undefined;
};

/** Returns an empty in-memory team store. */
export function createFakeTeamStore(): FakeTeamStore {
  const commits = new Map<string, FakeCommit>();
  const refs = new Map<TeamRef, string>();
  let queue: Promise<unknown> = Promise.resolve();

  return {
    async readRef(ref) {
      return refs.get(ref) ?? null;
    },
    async readFiles(commit) {
      const found = commits.get(commit);
      if (!found) {
        throw new MemError('SYNC_FAILED', `team branch content cannot be used: cannot read commit ${commit.slice(0, 12)}`);
      }
      return { memory: found.files.memory, tombstones: [...found.files.tombstones] };
    },
    async writeCommit(input: TeamCommitInput) {
      const files = { memory: input.files.memory, tombstones: normaliseTombstones(input.files.tombstones) };
      const oid = createHash('sha1')
        .update(JSON.stringify([files, input.parents, input.message, input.author, input.timestamp]))
        .digest('hex');
      commits.set(oid, { files, parents: [...input.parents], message: input.message });
      return oid;
    },
    updateRef(ref, next, expected) {
      // Note: serialised like the real store's lock, so concurrent callers see CAS semantics.
      const run = queue.then(() => {
        if ((refs.get(ref) ?? null) !== expected) return false;
        refs.set(ref, next);
        return true;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async isAncestor(ancestor, descendant) {
      const seen = new Set<string>();
      const stack = [descendant];
      while (stack.length > 0) {
        const oid = stack.pop()!;
        if (oid === ancestor) return true;
        if (seen.has(oid)) continue;
        seen.add(oid);
        stack.push(...(commits.get(oid)?.parents ?? []));
      }
      return false;
    },
    messageOf(commit) {
      return commits.get(commit)?.message;
    },
  };
}
