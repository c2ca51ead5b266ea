/**
 * How sync sees through a compaction (`mem compact`): the team ref becomes a parentless snapshot
 * whose message names the head it replaced (`Mem-Compacts: <oid>`) and the archive ref that keeps
 * that history (`Mem-Archive: refs/mem/team-archive/…`). A clone whose base is part of the
 * replaced history keeps it as its merge base (same tree, so only real changes count), and who
 * changed what comes from the new commits after the snapshot plus the archived ones after its base.
 */
import {
  attributeChanges,
  hasObject,
  isAncestor,
  rootCommits,
  type Attribution,
  type CommitAuthor,
} from './store/git-objects.js';
import { ENTRY_DIR } from './store/team-record.js';
import { fetchArchiveRef } from './store/transport.js';
import type { TeamContext } from './team-context.js';

/** The snapshots passed through, newest first, and the head each replaced (the base is in the last one's history). */
export type Compaction = { levels: Array<{ snapshot: string; archived: string }> };

const COMPACTS_RE = /^Mem-Compacts: ([0-9a-f]{40})$/m;
const ARCHIVE_RE = /^Mem-Archive: (refs\/mem\/team-archive\/[A-Za-z0-9._-]{1,80})$/m;

/** Returns the compaction that puts `base` inside `head`'s history, or null (a real rewrite: merge without a base). */
export async function findCompaction(
  context: TeamContext,
  base: string,
  head: string,
  online: boolean,
): Promise<Compaction | null> {
  const storeDir = context.target.storeDir;
  let current = head;
  const levels: Compaction['levels'] = [];
  // Note: compactions chain (a snapshot's archive may itself start at an older snapshot); a few levels is plenty.
  for (let level = 0; level < 4; level += 1) {
    const root = rootCommits(storeDir, current).find((commit) => COMPACTS_RE.test(commit.message));
    if (root === undefined) return null;
    const archived = COMPACTS_RE.exec(root.message)?.[1] as string;
    const archiveRef = ARCHIVE_RE.exec(root.message)?.[1];
    if (!(await hasObject(storeDir, archived))) {
      if (!online || archiveRef === undefined) return null;
      const fetched = await fetchArchiveRef(context.target, archiveRef);
      if (!fetched.ok || !(await hasObject(storeDir, archived))) return null;
    }
    levels.push({ snapshot: root.oid, archived });
    if (isAncestor(storeDir, base, archived)) return { levels };
    current = archived;
  }
  return null;
}

/** Who changed each entry since `base`, across compactions: newest commits first (after the newest snapshot), then each archived span down to the base. */
export async function attributeAcrossCompaction(
  storeDir: string,
  head: string,
  base: string,
  compaction: Compaction,
): Promise<{ byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> }> {
  const byPath = new Map<string, Attribution>();
  const authors = new Map<string, CommitAuthor>();
  const spans: Array<[string, string]> = [];
  let top = head;
  for (const level of compaction.levels) {
    spans.push([top, level.snapshot]);
    top = level.archived;
  }
  spans.push([top, base]);
  for (const [from, exclude] of spans) {
    const found = await attributeChanges(storeDir, from, [exclude], [ENTRY_DIR]);
    for (const [path, at] of found.byPath) if (!byPath.has(path)) byPath.set(path, at);
    for (const [commit, author] of found.authors) authors.set(commit, author);
  }
  return { byPath, authors };
}
