/**
 * Which shared handoffs a sync removes from the handoffs ref (their history stays): those of a
 * branch merged into the remote's default branch, or deleted from the remote. Pure.
 */

/** The remote's branches as git said at this sync. */
export type RemoteBranches = {
  /** Head commit of every branch on the remote. */
  heads: ReadonlyMap<string, string>;
  /** The remote's default branch (its HEAD), when known. */
  defaultBranch: string | null;
  /** Branches whose remote head is in the default branch's history and is not its head. */
  merged: ReadonlySet<string>;
};

/** A branch shared without being on the remote gets this long to be pushed before it counts as deleted. */
const UNPUSHED_GRACE_MS = 14 * 86_400_000;

/** Returns the paths on the ref to remove. */
export function planHandoffPrune(
  handoffs: ReadonlyArray<{ path: string; branch: string; sharedAt: string; onRemote?: boolean }>,
  remote: RemoteBranches,
  now: Date,
): string[] {
  return handoffs
    .filter((handoff) => {
      if (handoff.branch === remote.defaultBranch) return false;
      if (remote.merged.has(handoff.branch)) return true;
      if (remote.heads.has(handoff.branch)) return false;
      // Note: shared before its first push is not "deleted": it may still be pushed.
      return handoff.onRemote === true || now.getTime() - Date.parse(handoff.sharedAt) > UNPUSHED_GRACE_MS;
    })
    .map((handoff) => handoff.path);
}
