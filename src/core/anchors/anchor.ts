/**
 * What an entry points at in the repository, and how that stands now. A reference is what the
 * text names (found by find-references.ts); an anchor is a reference that resolved at a commit,
 * with the object it pointed at; a status is what the anchor says at a later commit.
 */

/** What a reference names: a file or folder, a package script, a make or just target, a Go package, a Python module, an explicit glob. */
export type ReferenceKind = 'path' | 'script' | 'make' | 'just' | 'go-package' | 'python-module' | 'glob';

export type Reference = { kind: ReferenceKind; value: string };

/**
 * A reference resolved at `commit`: `path` is the file or folder that holds it (the path itself,
 * the package.json of a script, the Makefile of a target, the folder of a Go package), `oid` the
 * blob or tree id it had then (for a glob: a digest of what matched).
 */
export type Anchor = Reference & { path: string; oid: string };

/** An entry's anchors and the commit they were resolved (or last verified) at. */
export type EntryAnchors = { commit: string; refs: Anchor[] };

/** fresh: resolves, unchanged; changed: resolves, content changed since; stale: no longer resolves. */
export type AnchorState = 'fresh' | 'changed' | 'stale';

export type AnchorStatus = { anchor: Anchor; status: AnchorState; renamedTo?: string };

/** Returns the worst of the states: stale over changed over fresh (an entry with no anchor is fresh). */
export function worstState(states: Iterable<AnchorState>): AnchorState {
  let worst: AnchorState = 'fresh';
  for (const state of states) {
    if (state === 'stale') return 'stale';
    if (state === 'changed') worst = 'changed';
  }
  return worst;
}
