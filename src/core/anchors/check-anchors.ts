/**
 * Each anchor against a later commit: fresh (resolves, same object), changed (resolves, another
 * object: informational), stale (resolves no more). A stale path that git saw renamed says where to.
 */
import type { Anchor, AnchorStatus, EntryAnchors } from './anchor.js';
import { SLASH_COMMAND_RE } from './find-references.js';
import { resolveReference } from './resolve-anchors.js';
import { isManifestKind, type ManifestKind, type RepoSnapshot } from './repo-snapshot.js';

/** Returns the manifest kinds whose texts a check of `anchors` needs: those whose manifest is not the one anchored. */
export function manifestKindsToRead(anchors: Iterable<EntryAnchors>, snapshot: RepoSnapshot): Set<ManifestKind> {
  const kinds = new Set<ManifestKind>();
  for (const entry of anchors) {
    for (const anchor of entry.refs) {
      if (isManifestKind(anchor.kind) && snapshot.objects.get(anchor.path)?.oid !== anchor.oid) kinds.add(anchor.kind);
    }
  }
  return kinds;
}

/** Returns each anchor's status at `snapshot`; `renames` (old path → new path, since the anchors' commit) names where a stale path went. */
export function checkAnchors(
  anchors: EntryAnchors,
  snapshot: RepoSnapshot,
  renames: ReadonlyMap<string, string> = new Map(),
): AnchorStatus[] {
  return anchors.refs.map((anchor) => {
    const status = anchorState(anchor, snapshot);
    if (status !== 'stale') return { anchor, status };
    const renamedTo = isPathLike(anchor) ? renameOf(anchor.path, renames) : null;
    return renamedTo === null ? { anchor, status } : { anchor, status, renamedTo };
  });
}

/** True when the anchor names a path itself (a rename can say where it went). */
function isPathLike(anchor: Anchor): boolean {
  return anchor.kind === 'path' || anchor.kind === 'go-package' || anchor.kind === 'python-module';
}

function anchorState(anchor: Anchor, snapshot: RepoSnapshot): AnchorStatus['status'] {
  const object = snapshot.objects.get(anchor.path);
  if (object !== undefined && object.oid === anchor.oid) return 'fresh';
  if (isPathLike(anchor)) {
    if (object !== undefined) return 'changed';
    // A slash command whose defining file went may be defined elsewhere now (commands/x.md → skills/x/).
    return SLASH_COMMAND_RE.test(anchor.value) && resolveReference(anchor, snapshot) !== null ? 'changed' : 'stale';
  }
  // A script, target or glob: does it still resolve (anywhere), and to the same thing?
  const now = resolveReference(anchor, snapshot);
  if (now === null) return 'stale';
  return now.oid === anchor.oid ? 'fresh' : 'changed';
}

/**
 * Where a path went, from git's renames between the anchor's commit and now: the file's new path,
 * or for a folder the new folder most of its renamed files went to; null when git saw no rename.
 */
export function renameOf(path: string, renames: ReadonlyMap<string, string>): string | null {
  const direct = renames.get(path);
  if (direct !== undefined) return direct;
  const votes = new Map<string, number>();
  const prefix = `${path}/`;
  for (const [from, to] of renames) {
    if (!from.startsWith(prefix)) continue;
    const rest = from.slice(prefix.length);
    if (!to.endsWith(`/${rest}`)) continue;
    const folder = to.slice(0, to.length - rest.length - 1);
    votes.set(folder, (votes.get(folder) ?? 0) + 1);
  }
  let best: string | null = null;
  let most = 0;
  for (const [folder, count] of votes) if (count > most) [best, most] = [folder, count];
  return best;
}
