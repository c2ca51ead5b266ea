/**
 * The handoffs ref on the team remote (`refs/mem/handoffs/shared`), moved with the team store's
 * own plumbing: fetched and pushed by transport.ts (no hooks, a timeout, never a prompt), read
 * with listTree/readBlobs and written with writeCommit (git-objects.ts), its tracking ref in the
 * store read and moved by team-refs.ts. Every change is one commit on top of the remote head, so
 * what a prune or an unshare removes stays in the ref's history.
 */
import { type FileWrite, listTree, readBlobs, writeCommit } from '../store/git-objects.js';
import { HANDOFFS_TRACKING } from '../store/team-ref-names.js';
import { createTeamRefs, type TeamRefs } from '../store/team-refs.js';
import {
  fetchTeamBranch,
  pushTeamBranch,
  type FetchOutcome,
  type TransportFailure,
  type TransportTarget,
} from '../store/transport.js';
import type { TeamContext } from '../team-context.js';
import { HANDOFF_DIR } from './shared-handoff.js';

/** The ref on the remote; a glob fetches it, so a remote without it is no failure. */
const HANDOFFS_REMOTE_REF = 'refs/mem/handoffs/shared';
const TRACKING = HANDOFFS_TRACKING;

export type HandoffRef = {
  storeDir: string;
  fetchTarget: TransportTarget;
  pushTarget: TransportTarget;
  refs: TeamRefs;
  retries: number;
};

/** Returns the handoffs ref of the clone whose team context is `context` (no network). */
export function openHandoffRef(context: TeamContext): HandoffRef {
  const base = context.target;
  return {
    storeDir: base.storeDir,
    // Note: fetched by a pattern (refs/mem/handoffs/*): a remote nobody shared on answers with nothing, not an error.
    // A sync's team fetch brings it too (team-context.ts); this fetch is for share, unshare and show.
    fetchTarget: { ...base, remoteRef: 'refs/mem/handoffs/*', branch: `${TRACKING}/*`, alongside: [] },
    pushTarget: { ...base, remoteRef: HANDOFFS_REMOTE_REF, branch: `${TRACKING}/shared`, alongside: [] },
    refs: createTeamRefs({ gitdir: base.storeDir, branch: `${TRACKING}/shared`, remote: base.remote }),
    retries: context.config.team.pushRetries,
  };
}

/** Brings the remote's handoffs into the store; never rejects. */
export function fetchHandoffs(ref: HandoffRef): Promise<FetchOutcome> {
  return fetchTeamBranch(ref.fetchTarget);
}

/** Returns the last fetched (or pushed) head of the handoffs ref, or null when there is none. */
export function handoffsHead(ref: HandoffRef): Promise<string | null> {
  return ref.refs.readRef('remote');
}

/** Returns the bytes of every file under handoffs/ at `commit`, by path; throws GIT_FAILED when the store cannot be read. */
export async function readHandoffFiles(ref: HandoffRef, commit: string): Promise<Map<string, Buffer>> {
  const files = [...(await listTree(ref.storeDir, commit, [HANDOFF_DIR])).values()].filter(
    (file) => file.type === 'blob',
  );
  const blobs = await readBlobs(
    ref.storeDir,
    files.map((file) => file.oid),
  );
  const out = new Map<string, Buffer>();
  for (const file of files) {
    const bytes = blobs.get(file.oid);
    if (bytes !== undefined) out.set(file.path, bytes);
  }
  return out;
}

export type HandoffChange = (files: ReadonlyMap<string, Buffer>) => FileWrite[];
export type ChangeOutcome = { ok: true; commit: string | null } | TransportFailure;

/**
 * Fetches the ref, asks `change` what to write over its files, and pushes that as one commit on
 * top of the remote head; a push someone beat is fetched and tried again (team.pushRetries).
 * `commit: null`: nothing to change. Network failures are the outcome; a broken store throws.
 */
export async function changeHandoffs(
  ref: HandoffRef,
  change: HandoffChange,
  commit: { message: string; author: { name: string; email: string }; now: Date },
): Promise<ChangeOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    const fetched = await fetchHandoffs(ref);
    if (!fetched.ok) return fetched;
    const head = await handoffsHead(ref);
    const writes = change(head === null ? new Map() : await readHandoffFiles(ref, head));
    if (writes.length === 0) return { ok: true, commit: null };
    const next = await writeCommit(ref.storeDir, {
      parent: head,
      writes,
      message: commit.message,
      author: commit.author,
      timestamp: Math.floor(commit.now.getTime() / 1000),
    });
    const pushed = await pushTeamBranch(ref.pushTarget, next);
    if (pushed.ok) {
      await ref.refs.updateRef('remote', next, head);
      return { ok: true, commit: next };
    }
    if (pushed.reason !== 'rejected' || attempt >= ref.retries) return pushed;
  }
}
