/**
 * The three-way decision for one entry id: kept, dropped, merged, or a conflict. Text and section
 * merge independently (a move on one side and an edit on the other both apply); provenance merges
 * per field with ours winning ties, since it is metadata, not meaning.
 */
import type { Entry, Provenance } from '../../core/memory-file/entry.js';
import type { ConflictVersions } from '../../core/memory-file/conflict-item.js';
import { normalizeForIdentity } from '../../core/memory-file/hand-entry-id.js';

/** One side's view of an id: an entry (with its bytes when they may be reused) or a conflict item. */
export type EntryVersion =
  { kind: 'entry'; entry: Entry; raw: string | null } | { kind: 'conflict'; conflict: ConflictVersions; raw: string };

export type EntryOutcome =
  | { kind: 'drop' }
  /** Keep these bytes as they are. */
  | { kind: 'raw'; raw: string }
  /** Render this entry anew. */
  | { kind: 'entry'; entry: Entry }
  | { kind: 'conflict'; conflict: ConflictVersions };

/** Returns what the merged body holds for one id; never fails (disagreement is a conflict value). */
export function mergeEntry(
  base: EntryVersion | undefined,
  ours: EntryVersion | undefined,
  theirs: EntryVersion | undefined,
): EntryOutcome {
  if (ours === undefined && theirs === undefined) return { kind: 'drop' };
  if (base === undefined) {
    if (ours === undefined) return keep(theirs);
    // Both added the same id: for hand-written items the id is their normalized text, so a
    // difference in case or spacing only is the same rule, not a conflict.
    if (theirs === undefined || sameContent(ours, theirs) || sameNormalizedText(ours, theirs)) return keep(ours);
    return conflictOf(undefined, ours, theirs);
  }
  if (ours === undefined)
    return theirs === undefined || sameContent(base, theirs) ? { kind: 'drop' } : conflictOf(base, undefined, theirs);
  if (theirs === undefined) return sameContent(base, ours) ? { kind: 'drop' } : conflictOf(base, ours, undefined);
  if (base.kind === 'entry' && ours.kind === 'entry' && theirs.kind === 'entry')
    return mergeEntries(base, ours, theirs);
  if (sameContent(ours, theirs) || sameContent(base, theirs)) return keep(ours);
  if (sameContent(base, ours)) return keep(theirs);
  return conflictOf(base, ours, theirs);
}

function keep(version: EntryVersion | undefined): EntryOutcome {
  if (version === undefined) return { kind: 'drop' };
  if (version.raw !== null) return { kind: 'raw', raw: version.raw };
  return version.kind === 'entry'
    ? { kind: 'entry', entry: version.entry }
    : { kind: 'conflict', conflict: version.conflict };
}

type EntryOnly = Extract<EntryVersion, { kind: 'entry' }>;

function mergeEntries(base: EntryOnly, ours: EntryOnly, theirs: EntryOnly): EntryOutcome {
  const text =
    pick3(base.entry.text, ours.entry.text, theirs.entry.text) ??
    (sameNormalizedText(ours, theirs) ? ours.entry.text : undefined);
  if (text === undefined) return conflictOf(base, ours, theirs);
  const section = pick3(base.entry.section, ours.entry.section, theirs.entry.section) ?? ours.entry.section;
  const provenance = mergeProvenance(base.entry.provenance, ours.entry.provenance, theirs.entry.provenance);
  const merged: Entry = { id: ours.entry.id, section, text, provenance };
  for (const side of [ours, theirs]) {
    if (side.raw !== null && side.entry.text === text && sameProvenance(side.entry.provenance, provenance))
      return { kind: 'raw', raw: side.raw };
  }
  return { kind: 'entry', entry: merged };
}

/** Returns the three-way pick of a value, or undefined when both sides changed it differently. */
function pick3<T>(base: T, ours: T, theirs: T): T | undefined {
  if (ours === theirs || base === theirs) return ours;
  if (base === ours) return theirs;
  return undefined;
}

const PROVENANCE_KEYS = ['author', 'at', 'session', 'commit'] as const;

function mergeProvenance(base: Provenance, ours: Provenance, theirs: Provenance): Provenance {
  const merged: Provenance = {};
  for (const key of PROVENANCE_KEYS) {
    const value = base[key] === ours[key] ? theirs[key] : ours[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

function sameProvenance(x: Provenance, y: Provenance): boolean {
  return PROVENANCE_KEYS.every((key) => x[key] === y[key]);
}

function sameNormalizedText(x: EntryVersion, y: EntryVersion): boolean {
  return (
    x.kind === 'entry' &&
    y.kind === 'entry' &&
    normalizeForIdentity(x.entry.text) === normalizeForIdentity(y.entry.text)
  );
}

/** Two versions say the same thing: same text and section, or the same conflict. */
function sameContent(x: EntryVersion, y: EntryVersion): boolean {
  if (x.kind === 'entry' && y.kind === 'entry')
    return x.entry.text === y.entry.text && x.entry.section === y.entry.section;
  if (x.kind === 'conflict' && y.kind === 'conflict') return conflictKey(x.conflict) === conflictKey(y.conflict);
  return false;
}

function conflictKey(conflict: ConflictVersions): string {
  const text = (entry: Entry | null): string =>
    entry === null ? '\u0000deleted' : `${entry.section}\u0000${entry.text}`;
  return `${text(conflict.ours)}\u0001${text(conflict.theirs)}\u0001${text(conflict.base)}`;
}

/**
 * Builds the conflict value. Note: a side that already holds a conflict contributes its own side's
 * version (ours' `ours`, theirs' `theirs`), so re-merging a conflict never nests conflicts.
 */
function conflictOf(
  base: EntryVersion | undefined,
  ours: EntryVersion | undefined,
  theirs: EntryVersion | undefined,
): EntryOutcome {
  const id = idOf(ours ?? theirs ?? base);
  const flat = (version: EntryVersion | undefined, side: 'ours' | 'theirs' | 'base'): Entry | null => {
    if (version === undefined) return null;
    return version.kind === 'entry' ? version.entry : version.conflict[side];
  };
  const conflict: ConflictVersions = {
    id,
    ours: flat(ours, 'ours'),
    theirs: flat(theirs, 'theirs'),
    base: flat(base, 'base'),
  };
  if (conflict.ours !== null && conflict.theirs !== null && conflict.ours.text === conflict.theirs.text) {
    return { kind: 'entry', entry: { ...conflict.ours, id } };
  }
  return { kind: 'conflict', conflict };
}

function idOf(version: EntryVersion | undefined): string {
  if (version === undefined) return '';
  return version.kind === 'entry' ? version.entry.id : version.conflict.id;
}
