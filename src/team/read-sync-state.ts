/**
 * The read step of a sync: the working copy (read early, while git fetches, when it changed), a
 * human's edits of the rendered file read back, the base's files, what the team changed since the
 * base and who changed it, and the team's changed entries, each checked by the secret/injection
 * gate as git reads it, and the entries held for a person before. What it returns is the plan's
 * input (plan-sync.ts).
 */
import { readGitIdentity } from '../core/git/git-identity.js';
import { regionBody } from '../core/memory-file/region-body.js';
import { absorbRenderedEdits } from '../core/shared-memory-file.js';
import { readWorkingText, renderingIsStale, sharedMemoryPaths } from '../core/rendering-state.js';
import { stampsChanged, stampsHold, takeStamps, type StampSet } from '../core/files/file-stamp.js';
import { noProgress } from '../core/progress.js';
import { prescanRecords } from './scan-record.js';
import { incomingEntriesReader } from './merge-parts.js';
import {
  allTombstones,
  confirmLocalChanges,
  findLocalChanges,
  readBaseRecords,
  type BaseState,
  type IncomingChange,
} from './plan-sync.js';
import {
  attributeChanges,
  diffTrees,
  listTree,
  startIsAncestor,
  streamBlobs,
  type Attribution,
  type CommitAuthor,
} from './store/git-objects.js';
import { attributeAcrossCompaction, findCompaction, type Compaction } from './compaction-base.js';
import { ENTRY_DIR, TOMBSTONE_DIR, classifyPath } from './store/team-record.js';
import { type PushStarter } from './store/transport.js';
import { type TeamContext } from './team-context.js';
import { readLocalTombstones } from './tombstones.js';
import { readHeldState } from './held-state.js';
import { readWorkingItems, type WorkingItem } from './working-records.js';
import { anchorWorkingItems } from './anchor-working-items.js';

import { committedHash, committedStampPaths, readCommitted, saveCommitted } from './sync-committed.js';
import type { StepRead, SyncRun } from './sync-run.js';

const DIRS = [ENTRY_DIR, TOMBSTONE_DIR];

/** The working copy as read while the fetch ran, outside the memory lock (the merge step checks it is still the file's). */
export type EarlyRead = {
  text: string;
  stamps: StampSet;
  body: string;
  items: WorkingItem[];
  baseEntries: { base: string; state: Promise<BaseState> } | null;
};

/**
 * When the working copy was written since the last sync recorded it (a sync with nothing to do
 * does none of this): asks git who the user is, starts the listing of the base's tree (a process
 * started while the heap is small is cheaper to start), parses the working copy and starts the
 * push's git. Never throws.
 */
export async function readEarly(context: TeamContext, pushes: PushStarter | null): Promise<EarlyRead | null> {
  try {
    const saved = readCommitted(context.root);
    if (saved?.stamps !== undefined && !stampsChanged(saved.stamps, committedStampPaths(context.root))) return null;
    const base = await context.store.readRef('base');
    // Note: started now, while the heap is small (a process costs more to start as it grows).
    pushes?.prepare();
    readGitIdentity(context.root);
    // Note: stamps before the read they vouch for, so a write in between is never vouched for.
    const stamps = takeStamps({ working: sharedMemoryPaths(context.root).working });
    const text = readWorkingText(context.root);
    const body = regionBody(text) ?? '';
    const baseEntries = base === null ? null : { base, state: startReading(context.store.readEntries(base)) };
    const items = readWorkingItems(body);
    // Note: entries no team commit holds yet are what this sync will most likely send: scanned now, the merge step's gate finds them scanned.
    prescanRecords(
      items.filter((item) => item.provenance.commit === undefined).map((item) => [item.id, item.record] as const),
      {
        entropyBits: context.config.filter.secretEntropyBits,
        minTokenLength: context.config.filter.secretMinTokenLength,
      },
    );
    return { text, stamps, body, items, baseEntries };
  } catch {
    return null;
  }
}

/** True when the remote, the base and the working copy agree and the rendered file is current: nothing to read, merge or render. */
export async function isNothingToDo(context: TeamContext, theirsOid: string | null): Promise<boolean> {
  const base = await context.store.readRef('base');
  if (base !== theirsOid) return false;
  const saved = readCommitted(context.root);
  if (!stampsHold(saved?.stamps, committedStampPaths(context.root))) {
    const stamps = takeStamps(committedStampPaths(context.root));
    if (saved?.hash !== committedHash(context.root)) return false;
    saveCommitted(context.root, { hash: saved.hash, stamps });
  }
  return !renderingIsStale(context.root);
}

/**
 * Reads what the plan needs: the working copy (a human's edits of the rendered file read back
 * first), the base's files, what the team changed since the base and who changed it, and the
 * team's changed entries, each checked by the secret/injection gate as git reads it.
 */
export async function readSyncState(
  run: SyncRun,
  theirsOid: string | null,
  reachable: boolean,
  early: EarlyRead | null,
): Promise<StepRead> {
  const { context, report, options } = run;
  const { root, config } = context;
  const storeDir = context.target.storeDir;
  const scan = { entropyBits: config.filter.secretEntropyBits, minTokenLength: config.filter.secretMinTokenLength };
  const identity = readGitIdentity(root);
  const reader = { name: identity.name ?? null, email: identity.email ?? null };

  const baseOid = await context.store.readRef('base');
  const moved = theirsOid !== null && theirsOid !== baseOid;
  // Note: git's reads are started first and run on other cores while the working copy is read below.
  const history =
    moved && baseOid !== null
      ? {
          related: startIsAncestor(storeDir, baseOid, theirsOid),
          changes: diffTrees(storeDir, baseOid, theirsOid, DIRS),
          attribution: attributeChanges(storeDir, theirsOid, baseOid, DIRS),
        }
      : null;
  for (const started of [history?.related, history?.changes, history?.attribution]) started?.catch(() => undefined);
  // Note: a new clone's first sync lists the team's whole tree and attributes it: both start now.
  const fresh =
    theirsOid !== null && baseOid === null
      ? {
          listing: listTree(storeDir, theirsOid, DIRS),
          attribution: attributeChanges(storeDir, theirsOid, null, [ENTRY_DIR]),
        }
      : null;

  // Note: the file's text read once under the lock (or, while its stamps say it is the one read
  // during the fetch, not read again: 2.4 MB at 20,000 entries).
  const fileText =
    early !== null && stampsHold(early.stamps, { working: sharedMemoryPaths(root).working })
      ? early.text
      : readWorkingText(root);
  const fileBody = early !== null && fileText === early.text ? early.body : (regionBody(fileText) ?? '');
  const absorbed = options.dryRun
    ? { body: workingBody(fileText), edits: 0 }
    : absorbRenderedEdits(root, config.region.sections, fileBody);
  if (absorbed.edits > 0) report.wroteMemoryFile = true;
  const read = early !== null && early.body === absorbed.body ? early.items : readWorkingItems(absorbed.body);
  const base: BaseState =
    baseOid === null
      ? { entries: new Map(), tombstones: [] }
      : await (early?.baseEntries?.base === baseOid ? early.baseEntries.state : context.store.readEntries(baseOid));

  // Which files the team changed since the base (or, the first time and after a forced rewrite, everything it has).
  let incoming: IncomingChange[] = [];
  let related = true;
  let compaction: Compaction | null = null;
  if (moved) {
    related = baseOid !== null && (await (history?.related ?? false));
    // A compacted team ref is a new root with the same tree: this clone's base is still a base,
    // when it is part of the history the snapshot replaced (kept under an archive ref).
    if (!related && baseOid !== null) compaction = await findCompaction(context, baseOid, theirsOid, reachable);
    if (compaction !== null) related = true;
    if (related && baseOid !== null)
      incoming =
        history !== null && compaction === null
          ? await history.changes
          : await diffTrees(storeDir, baseOid, theirsOid, DIRS);
    else {
      if (baseOid !== null)
        report.warnings.push(
          'the remote team ref was rewritten (force-pushed); merging without a common base so nothing is lost',
        );
      incoming = [...(await (fresh !== null ? fresh.listing : listTree(storeDir, theirsOid, DIRS))).values()].map(
        (file) => ({ path: file.path, newOid: file.oid, newMode: file.mode }),
      );
    }
  }
  const attributed: Promise<{ byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> }> = !moved
    ? Promise.resolve({ byPath: new Map(), authors: new Map() })
    : compaction !== null && baseOid !== null
      ? attributeAcrossCompaction(storeDir, theirsOid, baseOid, compaction)
      : related && history !== null
        ? history.attribution
        : fresh !== null
          ? fresh.attribution
          : attributeChanges(storeDir, theirsOid, related ? baseOid : null, [ENTRY_DIR]);
  attributed.catch(() => undefined);

  const team = { theirs: theirsOid, related };
  const tombstones = allTombstones(readLocalTombstones(root), base, incoming);
  const candidates = findLocalChanges(read, base, team, tombstones);

  // Theirs: each changed file read and checked on its own; a bad one is quarantined, the rest arrives.
  const wanted = incoming
    .filter((change) => change.newOid !== null && classifyPath(change.path)?.kind === 'entry')
    .map((change) => change.newOid as string);
  if (wanted.length > 0)
    (options.progress ?? noProgress)(
      `reading ${wanted.length} team entr${wanted.length === 1 ? 'y' : 'ies'} and merging`,
    );
  // Note: each entry is checked as git reads it, while git reads the rest (a first sync reads them all).
  const entriesReader = incomingEntriesReader(incoming, scan);
  const blobs = await streamBlobs(storeDir, wanted, (arrived) => entriesReader.add(arrived));
  const { theirs, quarantined, held } = entriesReader.finish(blobs);
  report.quarantined.push(...quarantined);
  const baseRecords = readBaseRecords(candidates, base, team);
  const changed = confirmLocalChanges(candidates, read, baseRecords);
  // Note: only what this clone changed is anchored (a teammate's entry keeps its bytes, and its author in mem blame).
  const ours = options.dryRun ? read : await anchorWorkingItems(root, read, changed);
  const attribution = await attributed;
  return {
    fileText,
    edits: absorbed.edits,
    baseOid,
    reader,
    authors: attribution.authors,
    input: {
      ours,
      changed,
      tombstones,
      base,
      baseRecords,
      team,
      incoming,
      theirs,
      attribution: attribution.byPath,
      scan,
      held,
      heldState: readHeldState(root),
      at: run.now.toISOString(),
    },
  };
}

/** The read, marked handled: one the sync ends up not needing never reports an unhandled rejection. */
function startReading<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** Returns the region body of the working copy's text ('' when it has none). */
export function workingBody(text: string): string {
  return regionBody(text) ?? '';
}
