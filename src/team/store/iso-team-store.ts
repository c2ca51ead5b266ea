/**
 * The team store on disk: isomorphic-git over the dedicated bare repository at
 * `.git/mem/store.git` (never the user's repository: isomorphic-git reads whole packfiles).
 * Every call shares one cache object; ref updates are compare-and-swap under mem's own lock,
 * because isomorphic-git's writeRef has none.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { readBlob, readCommit, readTree, resolveRef, writeBlob, writeCommit, writeTree, isDescendent } from 'isomorphic-git';
import { MemError } from '../../core/errors.js';
import { teamRefNames } from './team-ref-names.js';
import { writeFileAtomic } from '../../core/files/atomic-write.js';
import { withLock } from '../../core/files/lock.js';
import {
  MAX_TEAM_FILE_BYTES,
  TEAM_FILE_NAMES,
  TEAM_README,
  parseTombstones,
  renderTombstones,
  type TeamCommitInput,
  type TeamFiles,
  type TeamRef,
  type TeamStorePort,
} from './team-store-port.js';

export type IsoTeamStoreOptions = {
  /** Path of the bare store repository. */
  gitdir: string;
  /** Team branch name, e.g. "mem/team". */
  branch: string;
  /** Remote name whose tracking ref holds the fetched branch, e.g. "origin". */
  remote: string;
  /**
   * Which worktree this is ("" for the main one). Worktrees share the store but each has its own
   * CLAUDE.md, so each needs its own base: a shared one would make a worktree that has not seen
   * the latest merge look as if it had deleted those entries.
   */
  worktree?: string;
};

const OID = /^[0-9a-f]{40}$/;

/** Returns a TeamStorePort over the bare repository at `options.gitdir` (which must exist). */
export function createIsoTeamStore(options: IsoTeamStoreOptions): TeamStorePort {
  const { gitdir } = options;
  const refs = teamRefNames(options.branch, options.remote, options.worktree ?? '');
  const cache = {};
  const lockPath = join(gitdir, 'mem-refs.lock');

  async function readRef(ref: TeamRef): Promise<string | null> {
    try {
      const oid = await resolveRef({ fs, gitdir, ref: refs[ref] });
      return OID.test(oid) ? oid : null;
    } catch (error) {
      if ((error as { code?: string }).code === 'NotFoundError') return null;
      throw error;
    }
  }

  async function readFiles(commit: string): Promise<TeamFiles> {
    if (!OID.test(commit)) throw invalid(`"${commit}" is not a commit id`);
    let tree;
    try {
      const { commit: parsed } = await readCommit({ fs, gitdir, oid: commit, cache });
      tree = (await readTree({ fs, gitdir, oid: parsed.tree, cache })).tree;
    } catch (error) {
      throw invalid(`cannot read commit ${commit.slice(0, 12)}: ${(error as Error).message}`, error);
    }
    // Note: only the two known names are ever read; anything else in the tree (other files,
    // directories, names like ../../x) is ignored and never touches the disk.
    const memoryEntry = tree.find((entry) => entry.path === TEAM_FILE_NAMES.memory);
    if (!memoryEntry) throw invalid(`commit ${commit.slice(0, 12)} has no ${TEAM_FILE_NAMES.memory}`);
    const memory = await readSafeBlob(memoryEntry);
    const tombstoneEntry = tree.find((entry) => entry.path === TEAM_FILE_NAMES.tombstones);
    const tombstones = tombstoneEntry ? parseTombstones(await readSafeBlob(tombstoneEntry)) : [];
    return { memory, tombstones };
  }

  async function readSafeBlob(entry: { path: string; mode: string; oid: string; type: string }): Promise<string> {
    if (entry.type !== 'blob' || (entry.mode !== '100644' && entry.mode !== '100755')) {
      throw invalid(`${entry.path} on the team branch is not a regular file (mode ${entry.mode})`);
    }
    const { blob } = await readBlob({ fs, gitdir, oid: entry.oid, cache });
    if (blob.byteLength > MAX_TEAM_FILE_BYTES) {
      throw invalid(`${entry.path} on the team branch is ${blob.byteLength} bytes (limit ${MAX_TEAM_FILE_BYTES})`);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(blob);
    } catch {
      throw invalid(`${entry.path} on the team branch is not UTF-8 text`);
    }
    if (text.includes('\0')) throw invalid(`${entry.path} on the team branch contains NUL bytes`);
    return text;
  }

  async function writeCommitImpl(input: TeamCommitInput): Promise<string> {
    const encode = (text: string) => new TextEncoder().encode(text);
    const memory = await writeBlob({ fs, gitdir, blob: encode(input.files.memory) });
    const tombstones = await writeBlob({ fs, gitdir, blob: encode(renderTombstones(input.files.tombstones)) });
    const readme = await writeBlob({ fs, gitdir, blob: encode(TEAM_README) });
    const tree = await writeTree({
      fs,
      gitdir,
      tree: [
        { mode: '100644', path: TEAM_FILE_NAMES.readme, oid: readme, type: 'blob' },
        { mode: '100644', path: TEAM_FILE_NAMES.memory, oid: memory, type: 'blob' },
        { mode: '100644', path: TEAM_FILE_NAMES.tombstones, oid: tombstones, type: 'blob' },
      ],
    });
    const person = { name: input.author.name, email: input.author.email, timestamp: input.timestamp, timezoneOffset: 0 };
    return writeCommit({
      fs,
      gitdir,
      commit: { message: input.message.endsWith('\n') ? input.message : `${input.message}\n`, tree, parent: input.parents, author: person, committer: person },
    });
  }

  async function updateRef(ref: TeamRef, next: string, expected: string | null): Promise<boolean> {
    if (!OID.test(next)) throw new MemError('GIT_FAILED', `refusing to point ${refs[ref]} at "${next}"`);
    return withLock(
      lockPath,
      async () => {
        const current = await readRef(ref);
        if (current !== expected) return false;
        // Note: a loose ref written atomically wins over packed-refs, exactly as git reads it.
        await writeFileAtomic(join(gitdir, ...refs[ref].split('/')), `${next}\n`);
        return true;
      },
      { timeoutMs: 10_000, staleMs: 30_000 },
    );
  }

  async function isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    if (ancestor === descendant) return true;
    try {
      return await isDescendent({ fs, gitdir, oid: descendant, ancestor, depth: -1, cache });
    } catch {
      return false;
    }
  }

  return { readRef, readFiles, writeCommit: writeCommitImpl, updateRef, isAncestor };
}

function invalid(message: string, cause?: unknown): MemError {
  return new MemError('SYNC_FAILED', `team branch content cannot be used: ${message}`, {
    hint: 'Local memory is kept. Fix or re-create the team branch on the remote, then run `mem sync`.',
    ...(cause === undefined ? {} : { cause }),
  });
}
