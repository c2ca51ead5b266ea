/**
 * Checking entries' anchors against the committed state (HEAD, or another commit), and the cached
 * outcome the rendering reads: which entries are stale and the qualifier each is shown with. The
 * cache is keyed by HEAD and the working copy's stamp: a session start where neither moved reads
 * two ref files, one stat and one small file, and checks nothing.
 */
import { join } from 'node:path';
import type { AnchorStatus } from './anchors/anchor.js';
import { textDigest, type AnchorsField } from './anchors/anchors-field.js';
import { anchorsOf } from './anchors/entry-anchors.js';
import type { EntryStaleness } from './anchors/entry-staleness.js';
import { writeCacheFileSync } from './files/atomic-write.js';
import { fileStamp } from './files/file-stamp.js';
import { readTextFileSync } from './files/read-text.js';
import { readHeadCommit, readRenames, readRepoSnapshot, withManifests } from './git/read-repo-snapshot.js';
import { memoryPaths } from './layout.js';
import type { Entry } from './memory-file/entry.js';
import { WORKING_FILE } from './shared-memory-stamp.js';

export type AnchorCheck = { commit: string; entries: EntryStaleness[] };

/**
 * Returns the staleness of every anchored entry among `entries` that is not fresh at `commit` (default HEAD), with
 * git's renames for stale paths; null when there is no such commit. One `ls-tree`, a `cat-file`
 * only when a manifest changed, one `diff` per anchoring commit only when something is stale.
 */
export async function checkEntries(
  root: string,
  entries: readonly Entry[],
  commit: string | null = readHeadCommit(root),
): Promise<AnchorCheck | null> {
  if (commit === null) return null;
  // Note: loaded here, not at the top: most session starts find the last check still holds and check nothing.
  const { checkAnchors, manifestKindsToRead } = await import('./anchors/check-anchors.js');
  const { entryStaleness } = await import('./anchors/entry-staleness.js');
  const anchored = entries.flatMap((entry) => {
    const field = anchorsOf(entry.provenance);
    return field !== null && field.refs.length > 0 ? [{ entry, field }] : [];
  });
  let snapshot = await readRepoSnapshot(root, commit);
  if (snapshot === null) return null;
  if (anchored.length === 0) return { commit, entries: [] };
  const kinds = manifestKindsToRead(
    anchored.map(({ field }) => field),
    snapshot,
  );
  if (kinds.size > 0) snapshot = await withManifests(root, snapshot, kinds);
  const first = anchored.map(({ field }) => checkAnchors(field, snapshot));
  const renames = await renamesSince(
    root,
    commit,
    anchored
      .map(({ field }) => field)
      .filter((field, index) => (first[index] as AnchorStatus[]).some((status) => status.status === 'stale')),
  );
  const results: EntryStaleness[] = [];
  anchored.forEach(({ entry, field }, index) => {
    const moved = renames.get(field.commit);
    const statuses = moved === undefined ? (first[index] as AnchorStatus[]) : checkAnchors(field, snapshot, moved);
    // Note: fresh entries are nobody's concern (3,000 of them cost more to describe than to check).
    if (statuses.some((status) => status.status !== 'fresh')) results.push(entryStaleness(entry, statuses));
  });
  return { commit, entries: results };
}

/** git's renames from each anchoring commit of `fields` to `commit`, by anchoring commit. */
async function renamesSince(
  root: string,
  commit: string,
  fields: readonly AnchorsField[],
): Promise<Map<string, Map<string, string>>> {
  const commits = [...new Set(fields.map((field) => field.commit))].filter((from) => from !== commit);
  const found = await Promise.all(commits.map((from) => readRenames(root, from, commit)));
  return new Map(commits.map((from, index) => [from, found[index] as Map<string, string>]));
}

/** What the rendering qualifies: by entry id, the digest of the text checked and the qualifier. */
export type Qualifiers = ReadonlyMap<string, { text: string; qualifier: string }>;

type StatusCache = { head: string; working: string; qualifiers: Record<string, [string, string]> };

function cachePath(root: string): string {
  return join(memoryPaths(root).cacheDir, 'anchor-status.json');
}

function readCache(root: string): StatusCache | null {
  try {
    const value = JSON.parse(readTextFileSync(cachePath(root))) as Partial<StatusCache>;
    return typeof value.head === 'string' &&
      typeof value.working === 'string' &&
      typeof value.qualifiers === 'object' &&
      value.qualifiers !== null
      ? (value as StatusCache)
      : null;
  } catch {
    return null;
  }
}

/** Returns the qualifiers of the last check of the team memory (empty when none was made); never throws. */
export function readQualifiers(root: string): Qualifiers {
  const cache = readCache(root);
  const qualifiers = new Map<string, { text: string; qualifier: string }>();
  for (const [id, [text, qualifier]] of Object.entries(cache?.qualifiers ?? {}))
    qualifiers.set(id, { text, qualifier });
  return qualifiers;
}

/** Returns true when `entry` is what the qualifier was made for: same text, same anchors (a rewording or a verification since drops it). */
export function qualifies(qualifier: { text: string } | undefined, entry: Pick<Entry, 'text' | 'provenance'>): boolean {
  return qualifier !== undefined && qualifier.text === qualifierKey(entry);
}

function qualifierKey(entry: Pick<Entry, 'text' | 'provenance'>): string {
  return `${textDigest(entry.text)}:${anchorsOf(entry.provenance)?.commit ?? ''}`;
}

/** What a refresh of the anchor status found: whether the qualifiers changed, and the entries qualified anew. */
export type AnchorStatusChange = { changed: boolean; newlyQualified: Array<{ text: string; qualifier: string }> };

const UNCHANGED: AnchorStatusChange = { changed: false, newlyQualified: [] };

/**
 * Checks the team memory's anchors at HEAD unless neither HEAD nor the working copy moved since
 * the last check, and caches which entries are stale; `changed` when that set (or a qualifier)
 * changed, so the caller renders again, with the entries whose qualifier is new (text and
 * qualifier). Never throws (a failure leaves the last check as it was).
 */
export async function refreshAnchorStatus(root: string): Promise<AnchorStatusChange> {
  try {
    const head = readHeadCommit(root);
    const workingPath = join(root, WORKING_FILE);
    const working = fileStamp(workingPath);
    const cache = readCache(root);
    if (head === null || (cache !== null && cache.head === head && cache.working === working)) return UNCHANGED;
    const { readRegion } = await import('./memory-file/read-region.js');
    const { qualifierOf } = await import('./anchors/entry-staleness.js');
    const entries = working === 'absent' ? [] : readRegion(readTextFileSync(workingPath)).entries;
    const check = await checkEntries(root, entries, head);
    if (check === null) return UNCHANGED;
    const qualifiers: Record<string, [string, string]> = {};
    const newlyQualified: AnchorStatusChange['newlyQualified'] = [];
    for (const entry of check.entries) {
      const qualifier = qualifierOf(entry);
      const checked = entries.find((one) => one.id === entry.id);
      if (qualifier === null || checked === undefined) continue;
      qualifiers[entry.id] = [qualifierKey(checked), qualifier];
      const before = cache?.qualifiers[entry.id];
      if (before?.[0] !== qualifiers[entry.id]?.[0] || before?.[1] !== qualifier)
        newlyQualified.push({ text: checked.text, qualifier });
    }
    const changed = JSON.stringify(qualifiers) !== JSON.stringify(cache?.qualifiers ?? {});
    writeCacheFileSync(cachePath(root), `${JSON.stringify({ head, working, qualifiers })}\n`);
    return { changed, newlyQualified };
  } catch {
    return UNCHANGED;
  }
}
