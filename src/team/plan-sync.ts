/**
 * What one sync decides, over plain data: which entries this clone changed since the base (the
 * last agreement), how each id merges with what the team changed, what this clone sends, what
 * conflicts, what the team forgot. No git, no files, no clock: sync.ts reads the inputs from the
 * store and the working copy, and applies the plan (commits, working copy, rendering, refs).
 *
 * Two people adding memory never conflict: an id only one side changed is taken from that side;
 * only an id both sides changed goes through the three-way merge (merge-records.ts). Tombstones
 * are a union: what the team forgot is forgotten here too, and stays so.
 */
import type { Provenance } from '../core/memory-file/entry.js';
import type { SecretScanOptions } from '../core/safety/scan-secrets.js';
import { mergeRecords, type Side } from './merge/merge-records.js';
import { flagged, scanRecords, type FlaggedEntry } from './scan-record.js';
import { planHeld, type HeldIncoming, type HeldItem } from './plan-held.js';
import type { Attribution, FileWrite } from './store/git-objects.js';
import {
  blobOid,
  recordScope,
  recordVia,
  classifyPath,
  entryPath,
  parseRecord,
  serializeRecord,
  tombstonePath,
  type TeamRecord,
} from './store/team-record.js';
import { asWorkingCopyHoldsIt, type WorkingItem } from './working-records.js';

/** One file the team changed since the base: its path and, unless deleted, its new blob and mode. */
export type IncomingChange = { path: string; newOid: string | null; newMode: string | null };

/** What the base holds (the store's readEntries of it): each entry's file bytes, and the ids it forgot. */
export type BaseState = { entries: ReadonlyMap<string, Buffer>; tombstones: readonly string[] };

/** How the team's side relates to the base: none yet (`theirs` null), a descendant of it (`related`), or a rewritten ref. */
export type TeamSide = { theirs: string | null; related: boolean };

/** The ids this clone forgot or the team forgot since (or at) the base: a union. */
export function allTombstones(
  local: readonly string[],
  base: BaseState,
  incoming: readonly IncomingChange[],
): Set<string> {
  const tombstones = new Set(local);
  for (const id of base.tombstones) tombstones.add(id);
  for (const id of incomingTombstones(incoming)) tombstones.add(id);
  return tombstones;
}

function incomingTombstones(incoming: readonly IncomingChange[]): string[] {
  const ids: string[] = [];
  for (const change of incoming) {
    const kind = classifyPath(change.path);
    if (kind?.kind === 'tombstone' && change.newOid !== null) ids.push(kind.id);
  }
  return ids;
}

/** The base's file of entry `id` when the base is a base of the team's side (or there is no team side yet). */
function baseFileOf(base: BaseState, team: TeamSide, id: string): Buffer | null {
  return team.related || team.theirs === null ? (base.entries.get(id) ?? null) : null;
}

/**
 * Returns the ids this clone may have changed since the base: the file its working record makes
 * is not the base's (confirmLocalChanges then reads the base's), and, where the base is
 * comparable, entries of the base this clone no longer has (and nobody forgot).
 */
export function findLocalChanges(
  ours: readonly WorkingItem[],
  base: BaseState,
  team: TeamSide,
  tombstones: ReadonlySet<string>,
): Set<string> {
  const changed = new Set<string>();
  const have = new Set<string>();
  for (const item of ours) {
    have.add(item.id);
    if (!isSameFile(baseFileOf(base, team, item.id), serializeRecord(item.record))) changed.add(item.id);
  }
  if (team.related || team.theirs === null) {
    for (const id of base.entries.keys()) if (!have.has(id) && !tombstones.has(id)) changed.add(id);
  }
  return changed;
}

function isSameFile(bytes: Buffer | null, text: string): boolean {
  return bytes !== null && bytes.length === Buffer.byteLength(text, 'utf8') && bytes.equals(Buffer.from(text, 'utf8'));
}

/**
 * The base's records of the entries this clone may have changed (findLocalChanges), by id, in the
 * base's order: to tell a real change from a file the team holds in another layout
 * (confirmLocalChanges) and to merge the ids both sides changed. None when the base is no base of
 * the team's side; a file the reader refuses is left out.
 */
export function readBaseRecords(
  changed: ReadonlySet<string>,
  base: BaseState,
  team: TeamSide,
): Map<string, TeamRecord> {
  const records = new Map<string, TeamRecord>();
  for (const [id, bytes] of base.entries) {
    if (!changed.has(id) || baseFileOf(base, team, id) === null) continue;
    const parsed = parseRecord(bytes);
    if (parsed.ok) records.set(id, parsed.record);
  }
  return records;
}

/**
 * Returns `changed` without the ids whose working record is just what the working copy makes of
 * the base's record: a file in a layout mem does not write (one-line JSON, CRLF) or a text the
 * working copy cannot hold as it is (a lone CR) differs by blob id, but this clone changed nothing,
 * and sending it would make this clone its author (`mem blame` would name the wrong person).
 */
export function confirmLocalChanges(
  changed: ReadonlySet<string>,
  ours: readonly WorkingItem[],
  baseRecords: ReadonlyMap<string, TeamRecord>,
): Set<string> {
  const confirmed = new Set(changed);
  for (const item of ours) {
    const base = changed.has(item.id) ? baseRecords.get(item.id) : undefined;
    if (base === undefined) continue;
    const held = asWorkingCopyHoldsIt(item.id, base);
    if (held !== undefined && serializeRecord(held) === serializeRecord(item.record)) confirmed.delete(item.id);
  }
  return confirmed;
}

export type SyncInput = {
  /** This clone's working copy, in body order. */
  ours: readonly WorkingItem[];
  /** The ids this clone changed since the base (findLocalChanges). */
  changed: ReadonlySet<string>;
  /** The ids forgotten by anyone (allTombstones). */
  tombstones: ReadonlySet<string>;
  base: BaseState;
  /** The base's records of the ids both sides changed, by id. */
  baseRecords: ReadonlyMap<string, TeamRecord>;
  team: TeamSide;
  /** Every file the team changed since the base (or, without a comparable base, every file it has). */
  incoming: readonly IncomingChange[];
  /** The team's changed entries that passed the gate, by id (`undefined`: deleted). */
  theirs: ReadonlyMap<string, Side>;
  /** Who changed each entry path last on the team ref. */
  attribution: ReadonlyMap<string, Attribution>;
  scan: SecretScanOptions;
  /** The team's changed entries the injection gate holds for a person, by id (plan-held.ts). */
  held?: ReadonlyMap<string, HeldIncoming>;
  /** What this clone held and a person decided before this sync (`.memory/state/team-held.json`). */
  heldState?: readonly HeldItem[];
  /** This sync's time (ISO), for what it holds first. */
  at?: string;
};

export type SyncPlan = {
  /** The working copy after the merge, in body order (conflicts with more than two versions not split yet). */
  items: WorkingItem[];
  /** Ids this clone changed (including ids moved aside and ids removed by a tombstone). */
  changed: Set<string>;
  /** Ids both sides changed differently: a conflict is recorded on the team ref for review. */
  conflicted: Set<string>;
  /** Entries received from teammates. */
  received: number;
  /** Entry and tombstone files this clone sends (the conflicted ids are written by the apply step). */
  outgoing: FileWrite[];
  /** Entry ids the commit writes. */
  written: Set<string>;
  /** Local entries the secret/injection gate keeps off the team ref. */
  withheld: FlaggedEntry[];
  /** Ids the team forgot, to add to this clone's tombstones. */
  forgotten: string[];
  /** Entries this clone held that a teammate's forget or removal took away, when that teammate did not write them. */
  removedByTeam: RemovedEntry[];
  /** Something is to be sent: a commit to write and push. */
  pending: boolean;
  /** Team entries held for a person by this sync (new, or with a new text). */
  held: FlaggedEntry[];
  /** The held entries and decisions after this sync. */
  heldState: HeldItem[];
};

/** An entry a teammate forgot or removed: its text as this clone held it, who wrote it and who took it away (null: not known). */
export type RemovedEntry = { id: string; section: string; text: string; author: string | null; by: string | null };

/** The entry `item` as a removal reports it, when `by` is not its own author; null for one's own entry. */
function removedByOther(item: WorkingItem | undefined, by: Attribution | undefined): RemovedEntry | null {
  if (item === undefined) return null;
  const author = item.provenance.author ?? null;
  const remover = by?.author.name ?? null;
  if (author !== null && remover !== null && author.trim().toLowerCase() === remover.trim().toLowerCase()) return null;
  const text =
    item.record.kind === 'entry'
      ? item.record.text
      : (item.record.versions.find((version) => version.text !== null)?.text ?? '');
  return { id: item.id, section: item.record.section, text, author, by: remover };
}

/** The forgotten ids whose entry file the team's side still holds (the base's, unless the team changed it since, or the team's new one). */
function teamEntriesForgotten(input: SyncInput): string[] {
  if (input.team.theirs === null) return [];
  const changes = new Map<string, IncomingChange>();
  for (const change of input.incoming) {
    const kind = classifyPath(change.path);
    if (kind?.kind === 'entry') changes.set(kind.id, change);
  }
  return [...input.tombstones].filter((id) => {
    const change = changes.get(id);
    if (change !== undefined) return change.newOid !== null;
    return input.team.related && input.base.entries.has(id);
  });
}

/** Returns the plan of one sync's merge; never throws. */
export function planSync(input: SyncInput): SyncPlan {
  const { team } = input;
  const items = new Map<string, WorkingItem>(input.ours.map((item) => [item.id, item]));
  const order = input.ours.map((item) => item.id);
  const held = planHeld({
    held: input.held ?? new Map(),
    theirs: input.theirs,
    tombstones: input.tombstones,
    state: input.heldState ?? [],
    provenanceOf: (id, record) => teamProvenance(input.attribution.get(entryPath(id)), record),
    at: input.at ?? new Date(0).toISOString(),
    scan: input.scan,
  });
  const theirs = new Map<string, Side>([...input.theirs, ...held.letIn]);
  // Note: while the team's version of an entry waits for a person (or was kept out), this clone
  // sends nothing for it: it is not this clone's removal, and the teammate's text stays on the ref.
  const changed = new Set([...input.changed].filter((id) => !held.out.has(id)));
  const conflicted = new Set<string>();
  let received = 0;
  const removedByTeam: RemovedEntry[] = [];
  const noteRemoval = (id: string, by: Attribution | undefined) => {
    const removed = removedByOther(items.get(id), by);
    if (removed !== null) removedByTeam.push(removed);
  };
  const set = (id: string, record: Side, provenance: Provenance) => {
    if (record === undefined) {
      items.delete(id);
      return;
    }
    if (!items.has(id)) order.push(id);
    items.set(id, { id, record, provenance });
  };
  for (const [id, record] of theirs) {
    const at = input.attribution.get(entryPath(id));
    if (!changed.has(id)) {
      if (record === undefined) noteRemoval(id, at);
      set(id, record, teamProvenance(at, record));
      received += 1;
      continue;
    }
    const ours = items.get(id)?.record;
    const base = input.baseRecords.get(id);
    if (
      base === undefined &&
      ours !== undefined &&
      record !== undefined &&
      serializeRecord(ours) !== serializeRecord(record)
    ) {
      // Two clones chose the same id for different entries (or a teammate reused one): theirs keeps
      // the id it already has on the team ref, ours moves to a new one derived from it. Nothing is lost.
      const moved = `${id.slice(0, 50)}-${blobOid(serializeRecord(ours)).slice(0, 8)}`;
      items.set(moved, { ...(items.get(id) as WorkingItem), id: moved });
      order.splice(order.indexOf(id) + 1, 0, moved);
      changed.add(moved);
      changed.delete(id);
      set(id, record, teamProvenance(at, record));
      received += 1;
      continue;
    }
    const merged = mergeRecords(base, ours, record, { ours: null, theirs: at?.commit ?? team.theirs });
    if (merged.conflict) conflicted.add(id);
    const mine = items.get(id)?.provenance ?? {};
    if (merged.record === undefined && ours !== undefined) noteRemoval(id, at);
    const keepsOurs =
      merged.record !== undefined && serializeRecord(merged.record) === serializeRecord(ours ?? merged.record);
    set(id, merged.record, keepsOurs ? mine : teamProvenance(at, merged.record));
    // Note: both sides made the same change (two clones promoting one branch): the team has it, nothing to send.
    if (
      !merged.conflict &&
      merged.record !== undefined &&
      record !== undefined &&
      serializeRecord(merged.record) === serializeRecord(record)
    )
      changed.delete(id);
    // Note: and both removed it (two clones promoting a branch whose entry became a conflict with this one).
    if (!merged.conflict && merged.record === undefined && record === undefined) changed.delete(id);
    if (merged.record === undefined || ours === undefined || serializeRecord(merged.record) !== serializeRecord(ours))
      received += 1;
  }
  // What the team ref already says it forgot is not sent again.
  const remoteTombstones = new Set(incomingTombstones(input.incoming));
  for (const id of input.tombstones) {
    if (items.has(id)) {
      if (remoteTombstones.has(id)) noteRemoval(id, input.attribution.get(tombstonePath(id)));
      items.delete(id);
      changed.add(id);
    }
  }
  // A forgotten entry's file leaves the team ref with its tombstone: its text is not kept at the
  // tip, where a new clone or a compaction's snapshot would publish it again.
  for (const id of teamEntriesForgotten(input)) changed.add(id);

  if (team.theirs !== null && team.related) for (const id of input.base.tombstones) remoteTombstones.add(id);
  const { outgoing, written, withheld } = outgoingEntries(changed, items, conflicted, input.scan);
  const baseTombstones = new Set(input.base.tombstones);
  for (const id of input.tombstones)
    if (!remoteTombstones.has(id) && !(team.theirs === null && baseTombstones.has(id)))
      outgoing.push({ path: tombstonePath(id), content: '' });

  return {
    items: order.filter((id) => items.has(id)).map((id) => items.get(id) as WorkingItem),
    changed,
    conflicted,
    received,
    outgoing,
    written,
    withheld,
    forgotten: [...remoteTombstones].filter((id) => id !== ''),
    removedByTeam,
    pending: outgoing.length > 0 || conflicted.size > 0,
    held: held.newlyHeld,
    heldState: held.state,
  };
}

/** Returns git's ISO date as mem writes dates: UTC, seconds, `Z`. */
function isoSeconds(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The provenance of a team version of an entry: the commit and author git attributes it to, the session and agent it names. */
function teamProvenance(at: Attribution | undefined, entry: TeamRecord | undefined): Provenance {
  return {
    ...(at ? { author: at.author.name, at: isoSeconds(at.author.at), commit: at.commit } : {}),
    ...(entry?.kind === 'entry' && entry.session ? { session: entry.session } : {}),
    ...(entry?.kind === 'entry' && entry.agent ? { agent: entry.agent } : {}),
    ...(recordScope(entry) !== undefined ? { scope: recordScope(entry) as string } : {}),
    ...(recordVia(entry) !== undefined ? { via: recordVia(entry) as string } : {}),
  };
}

/**
 * What this clone sends for the ids it changed: each entry's file, or its removal. An entry that
 * trips the secret/injection gate is withheld (kept in this clone, never sent); conflicted ids are
 * written by the caller.
 */
function outgoingEntries(
  changed: Iterable<string>,
  items: ReadonlyMap<string, WorkingItem>,
  conflicted: ReadonlySet<string>,
  scan: SecretScanOptions,
): { outgoing: FileWrite[]; written: Set<string>; withheld: FlaggedEntry[] } {
  const ids = [...changed].filter((id) => !conflicted.has(id));
  const flags = scanRecords(
    ids.filter((id) => items.has(id)).map((id) => [id, (items.get(id) as WorkingItem).record] as const),
    scan,
  );
  const outgoing: FileWrite[] = [];
  const written = new Set<string>();
  const withheld: FlaggedEntry[] = [];
  for (const id of ids) {
    const item = items.get(id);
    if (item !== undefined) {
      const reasons = flags.get(id) ?? [];
      if (reasons.length > 0) {
        withheld.push(flagged(id, item.record, reasons, scan));
        continue;
      }
      outgoing.push({ path: entryPath(id), content: serializeRecord(item.record) });
    } else {
      outgoing.push({ path: entryPath(id), content: null });
    }
    written.add(id);
  }
  return { outgoing, written, withheld };
}

/**
 * Names who wrote each version of each conflict: git's author of the commit that holds it
 * (`authors`), or, for this clone's own version not committed yet, the reader at `now`.
 */
export function nameConflictVersions(
  items: readonly WorkingItem[],
  authors: ReadonlyMap<string, { name: string; at: string }>,
  reader: { name: string | null },
  now: Date,
): void {
  for (const item of items) {
    if (item.record.kind !== 'conflict') continue;
    const known = item.versionProvenance ?? new Map<string, Provenance>();
    for (const version of item.record.versions) {
      const author = version.commit === null ? null : authors.get(version.commit);
      const key = version.commit ?? '';
      if (author)
        known.set(key, {
          author: author.name,
          at: isoSeconds(author.at),
          ...(version.commit ? { commit: version.commit } : {}),
        });
      else if (version.commit === null && !known.has(key))
        known.set(key, {
          ...(reader.name ? { author: reader.name } : {}),
          at: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        });
    }
    item.versionProvenance = known;
  }
}

/** The commits that hold a version of a conflict among `items`. */
export function conflictVersionCommits(items: readonly WorkingItem[]): string[] {
  return items.flatMap((item) =>
    item.record.kind === 'conflict'
      ? item.record.versions.map((version) => version.commit).filter((c): c is string => c !== null)
      : [],
  );
}

/** A conflict shows two versions; a third and later one becomes an entry of its own (nothing is dropped). */
export function splitWideConflicts(items: readonly WorkingItem[]): WorkingItem[] {
  const out: WorkingItem[] = [];
  for (const item of items) {
    if (item.record.kind !== 'conflict' || item.record.versions.length <= 2) {
      out.push(item);
      continue;
    }
    const [first, second, ...rest] = item.record.versions;
    out.push({ ...item, record: { ...item.record, versions: [first, second].filter((v) => v !== undefined) } });
    rest.forEach((version, index) => {
      if (version.text === null) return;
      out.push({
        id: `${item.id.slice(0, 55)}.v${index + 3}`,
        record: { kind: 'entry', section: version.section, text: version.text, session: null, agent: null },
        provenance: item.versionProvenance?.get(version.commit ?? '') ?? {},
      });
    });
  }
  return out;
}

/** This clone's entries in `written` as they read once `commit` is pushed: the commit that holds them, this clone as their author, now. */
export function stampSent(
  items: readonly WorkingItem[],
  written: ReadonlySet<string>,
  commit: string,
  reader: { name: string | null },
  now: Date,
): WorkingItem[] {
  const at = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  // Note: a new item object for what changed; the others keep theirs (and their remembered rendering).
  return items.map((item) =>
    written.has(item.id) && item.record.kind === 'entry'
      ? { ...item, provenance: { ...item.provenance, ...(reader.name ? { author: reader.name } : {}), at, commit } }
      : item,
  );
}
