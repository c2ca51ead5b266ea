/**
 * The merge step of a sync that reads only what changed since the last sync, so its cost grows
 * with the change, not with the team's memory (20,000 entries: a handful of lines read and spliced
 * into the working copy, and only the entries the rendered file's budget shows rendered, instead
 * of 20,000 entries parsed and rendered).
 *
 * Its results are the full merge step's, byte for byte (a twin test runs both on the same state):
 * it only answers where that is certain — the working copy in the shape sync writes, the base the
 * last sync left, no id changed on both sides, no section appearing or emptied, no forgotten entry
 * coming back, no rewritten team ref — and returns null before any effect otherwise; the caller
 * then merges the whole working copy.
 */
import { safeSection } from '../core/memory-file/render-memory.js';
import { fileStamp } from '../core/files/file-stamp.js';
import { prepareRendering, renderLayout, renderSharedMemory, sharedMemoryPaths, writeWorkingBody, writeWorkingBytes, type PreparedRendering } from '../core/shared-memory-file.js';
import type { SecretScanOptions } from '../core/safety/scan-secrets.js';
import { commitMessage, outgoingEntries, quarantinedIds, readIncomingEntries, recordQuarantine, stampSent, teamProvenance, type IncomingChange, type MergeReport, type StepResult } from './merge-parts.js';
import { directoriesOf, readBlobsAndTreesFrom, writeCommit, type Attribution, type BlobsAndTrees, type CommitAuthor } from './store/git-objects.js';
import type { ObjectReader } from './store/object-reader.js';
import { blobOid, classifyPath, entryPath, serializeRecord } from './store/team-record.js';
import { regionBody, knownRegion } from '../core/memory-file/region-body.js';
import { diffFromSnapshot, type SnapshotDiff, type WorkingFile } from './snapshot-line-diff.js';
import { linkSnapshotText, readSavedSnapshot, tombstonesFingerprint, type KnownText, type SavedSnapshot } from './sync-snapshot.js';
import type { PushOutcome } from './store/transport.js';
import { readGitAuthor, type TeamContext } from './team-context.js';
import { readLocalTombstones, addLocalTombstones } from './tombstones.js';
import { MAX_CHANGED_LINES, diffWorkingLines, idMarker, readEntryLine, type LineDiff } from './working-line-diff.js';
import type { Reader, WorkingItem } from './working-records.js';
import { lineAt, lineStarts, splice, type Located } from './incremental-splice.js';

/** What can be read before the memory lock, while git fetches: the snapshot and the line diff. */
export type IncrementalStart = {
  body: string;
  snapshot: SavedSnapshot;
  diff: LineDiff;
  tombstones: Set<string>;
  /** Ids whose entry may differ from the base: unsent at the last sync, or on a line changed since. */
  candidates: string[];
  /** Where each line of `body` starts (see lineStarts). */
  bodyStarts: Int32Array;
  /** What is known of the working copy's text `text`, whose bytes are `bytes` (found from the snapshot's bytes: snapshot-line-diff.ts), or null. */
  known: (SnapshotDiff['known'] & { text: string; bytes: Buffer }) | null;
};

/** Returns the start of an incremental merge of `body` against `base`, or null when the last sync left nothing to start from. */
export function startIncremental(root: string, base: string | null, body: string, sections: readonly string[]): IncrementalStart | null {
  const snapshot = base === null ? null : readSavedSnapshot(root);
  if (snapshot === null || snapshot.base !== base) return null;
  const synced = snapshot.body();
  return synced === null ? null : startWith(root, snapshot, body, diffWorkingLines(synced, body, sections), null);
}

/**
 * The working copy's region body, and the start of an incremental merge of it against `base` (null
 * when the last sync left nothing to start from), from the file as read: where its bytes differ
 * from the snapshot's only in plain entry lines, its region is not searched nor its lines checked
 * again (snapshot-line-diff.ts); else as startIncremental.
 */
export function startIncrementalFromFile(root: string, base: string | null, file: WorkingFile, sections: readonly string[]): { body: string; start: IncrementalStart | null } {
  const snapshot = base === null ? null : readSavedSnapshot(root);
  if (snapshot === null || snapshot.base !== base) return { body: regionBody(file.text) ?? '', start: null };
  const found = diffFromSnapshot(snapshot, file, sections);
  if (found !== null) {
    knownRegion(file.text, found.span);
    return { body: found.body, start: startWith(root, snapshot, found.body, found.diff, { ...found.known, text: file.text, bytes: file.bytes }, found.starts) };
  }
  const body = regionBody(file.text) ?? '';
  const synced = snapshot.body();
  return { body, start: synced === null ? null : startWith(root, snapshot, body, diffWorkingLines(synced, body, sections), null) };
}

function startWith(root: string, snapshot: SavedSnapshot, body: string, diff: LineDiff | null, known: IncrementalStart['known'], starts?: Int32Array): IncrementalStart | null {
  const local = readLocalTombstones(root);
  if (diff === null || tombstonesFingerprint(local) !== snapshot.tombstones) return null;
  const candidates = [...new Set([...snapshot.pending, ...diff.added.map((added) => added.item.id), ...diff.removed])];
  if (candidates.length > MAX_CHANGED_LINES) return null;
  return { body, snapshot, diff, tombstones: new Set(local), candidates, bodyStarts: starts ?? lineStarts(diff.now.lines), known };
}

/** What a commit of this clone's changes is built from, asked of the sync's cat-file as soon as the team's commit is known (beside the walk of its history). */
export type StartedRead = { start: IncrementalStart; theirs: string; base: string; read: Promise<BlobsAndTrees> };

/**
 * Starts reading what the step will build its commit from: the team commit's trees and bundles
 * on the way to each id this clone may have changed, and those ids' blob ids at the base. Never
 * throws (a failed read fails the step that awaits it, as its own read would).
 */
export function startStepRead(objects: ObjectReader, start: IncrementalStart, base: string, theirs: string): StartedRead {
  const candidatePaths = start.candidates.map(entryPath);
  const read = readBlobsAndTreesFrom(objects, [], theirs, directoriesOf(candidatePaths), { commit: base, paths: candidatePaths });
  read.catch(() => undefined);
  return { start, theirs, base, read };
}

export type IncrementalInput = {
  context: TeamContext;
  report: MergeReport;
  /** The sync's open cat-file. */
  objects: ObjectReader;
  start: IncrementalStart;
  /** The working copy's text, read under the memory lock (its body is `start.body`). */
  fileText: string;
  base: string;
  theirs: string | null;
  reachable: boolean;
  /** The team's changes since the base and who made them (null: the team ref did not move); `related`: the base is in the team ref's history. */
  team: { related: Promise<boolean>; changes: Promise<IncomingChange[]>; attribution: Promise<{ byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> }> } | null;
  reader: Reader;
  scan: SecretScanOptions;
  now: Date;
  push: boolean;
  sessionId?: string;
  /** Starts pushing a written commit (see sendCommit in sync.ts). */
  send: (commit: string, written: ReadonlySet<string>) => Promise<PushOutcome>;
  /** The step's read, started earlier (used when it was started for this start, base and team commit). */
  started?: StartedRead | null;
};

/** `read` with the blobs of `more` too (the team's entries read apart from the trees). */
function withBlobs(read: BlobsAndTrees, more: BlobsAndTrees): BlobsAndTrees {
  return { ...read, blobs: new Map([...read.blobs, ...more.blobs]) };
}

/** Runs the merge step on the changed lines only; returns null, having done nothing, where it cannot be sure to give the full merge's result. */
export async function incrementalMergeStep(input: IncrementalInput): Promise<StepResult | null> {
  const { context, report, start, base, theirs: theirsOid, reader, scan } = input;
  const { root, config } = context;
  const storeDir = context.target.storeDir;
  const lines = start.diff.now.lines;
  // Note: the start was read before the memory lock; a `mem forget` since then changes what is forgotten.
  if (tombstonesFingerprint(readLocalTombstones(root)) !== start.snapshot.tombstones) return null;
  const titles = start.diff.now.sections.map((section) => section.title);
  if (new Set(titles.map(safeSection)).size !== titles.length) return null;
  if (theirsOid === null) return null;

  // What the team changed: entries and tombstones, nothing else (a malformed path is the full step's to report).
  let incoming: IncomingChange[] = [];
  if (input.team !== null) {
    if (!(await input.team.related)) return null;
    incoming = await input.team.changes;
  }
  const theirsIds: string[] = [];
  const incomingTombstones: string[] = [];
  for (const change of incoming) {
    const kind = classifyPath(change.path);
    if (kind === null) continue;
    if (kind.kind === 'malformed') return null;
    if (kind.kind === 'tombstone') {
      if (change.newOid !== null) incomingTombstones.push(kind.id);
    } else theirsIds.push(kind.id);
  }
  if (theirsIds.length + incomingTombstones.length > MAX_CHANGED_LINES) return null;

  // Each id this step may touch, found on its line (a line not in sync's shape stops it).
  const located = new Map<string, Located>();
  for (const added of start.diff.added) located.set(added.item.id, added);
  for (const id of [...start.candidates, ...theirsIds, ...incomingTombstones]) {
    if (located.has(id)) continue;
    // Note: every id the last sync wrote is on one line, and a line added since was checked to be
    // the only one with its id, so the first line found is the one.
    const at = start.body.indexOf(idMarker(id));
    if (at < 0) continue;
    const line = lineAt(start.bodyStarts, at);
    const item = readEntryLine(lines[line] as string, titles[start.diff.now.sectionAt[line] as number] ?? '');
    if (item === null || item.id !== id) return null;
    located.set(id, { line, item });
  }
  for (const id of located.keys()) if (start.tombstones.has(id)) return null;
  for (const id of theirsIds) if (start.tombstones.has(id)) return null;

  // Note: one cat-file reads the team's changed entries, the base's blob ids of the ids this clone
  // may have changed, and the trees a commit of those changes is built from (the candidates' trees,
  // a few more than the changed ones may need).
  const wanted = incoming.filter((change) => change.newOid !== null && classifyPath(change.path)?.kind === 'entry').map((change) => change.newOid as string);
  const candidatePaths = start.candidates.map(entryPath);
  const started = input.started;
  const read =
    started !== undefined && started !== null && started.start === start && started.base === base && started.theirs === theirsOid
      ? withBlobs(await started.read, await readBlobsAndTreesFrom(input.objects, wanted, null, []))
      : await readBlobsAndTreesFrom(input.objects, wanted, theirsOid, directoriesOf(candidatePaths), { commit: base, paths: candidatePaths });

  // What this clone changed since the base: blob ids differ (the base's files of the candidates only).
  const baseFiles = read.files;
  const forgotten = new Set([...start.tombstones, ...incomingTombstones]);
  const oursChanged = new Set<string>();
  const candidates = new Set(start.candidates);
  for (const { item } of [...located.values()].sort((a, b) => a.line - b.line)) {
    if (candidates.has(item.id) && blobOid(serializeRecord(item.record)) !== (baseFiles.get(entryPath(item.id)) ?? null)) oursChanged.add(item.id);
  }
  for (const path of baseFiles.keys()) {
    const kind = classifyPath(path);
    if (kind?.kind === 'entry' && !located.has(kind.id) && !forgotten.has(kind.id)) oursChanged.add(kind.id);
  }
  // An id both sides changed goes through the three-way merge (and may conflict): the full step's.
  for (const id of [...theirsIds, ...incomingTombstones]) if (oursChanged.has(id)) return null;

  const { theirs, quarantined } = readIncomingEntries(incoming, read.blobs, scan);

  // Where each change goes: an entry stays in its section, a new one ends its section, and no section empties.
  const sectionOf = new Map<string, number | null>([...located].map(([id, at]) => [id, start.diff.now.sectionAt[at.line] as number]));
  for (const [id, record] of theirs) {
    if (record === undefined) {
      sectionOf.set(id, null);
      continue;
    }
    const at = located.get(id);
    const section = at === undefined ? titles.indexOf(record.section) : (start.diff.now.sectionAt[at.line] as number);
    if (record.kind !== 'entry' || section < 0 || titles[section] !== record.section) return null;
    sectionOf.set(id, section);
  }
  for (const id of incomingTombstones) if (sectionOf.has(id)) sectionOf.set(id, null);
  const left = new Int32Array(start.diff.now.sections.map((section) => section.entries));
  for (const [id, section] of sectionOf) {
    const was = located.get(id);
    if (was !== undefined) left[start.diff.now.sectionAt[was.line] as number]! -= 1;
    if (section !== null) left[section]! += 1;
  }
  if (left.some((count) => count <= 0)) return null;

  // From here on the step is committed to: the full merge's loop, on the ids it touches.
  report.quarantined.push(...quarantined);
  const attribution = input.team === null ? new Map<string, Attribution>() : (await input.team.attribution).byPath;
  const current = new Map<string, WorkingItem>([...located].map(([id, at]) => [id, at.item]));
  const appended: string[] = [];
  for (const [id, record] of theirs) {
    report.received += 1;
    if (record === undefined) {
      current.delete(id);
      continue;
    }
    if (!current.has(id) && !located.has(id) && !appended.includes(id)) appended.push(id);
    current.set(id, { id, record, provenance: teamProvenance(attribution.get(entryPath(id)), record) });
  }
  for (const id of incomingTombstones) {
    if (current.has(id)) {
      current.delete(id);
      oursChanged.add(id);
    }
  }
  if (incomingTombstones.length > 0) addLocalTombstones(root, incomingTombstones.filter((id) => id !== ''));

  const { outgoing, written, withheld } = outgoingEntries(oursChanged, current, new Set(), scan);
  report.withheld.push(...withheld);
  const pendingWork = outgoing.length > 0;
  const willPush = pendingWork && input.reachable && input.push;
  const advance = theirsOid !== base ? { to: theirsOid, from: base } : undefined;
  let commit: string | null = pendingWork ? null : theirsOid;
  let pushing: Promise<PushOutcome> | undefined;
  if (pendingWork && input.reachable) {
    commit = writeCommit(storeDir, { parent: theirsOid, writes: outgoing, message: commitMessage('change', outgoing, new Set(), input.sessionId), author: readGitAuthor(root), timestamp: Math.floor(input.now.getTime() / 1000) }, read.trees, read.bundles);
    if (willPush) {
      for (const item of stampSent([...current.values()].filter((item) => written.has(item.id)), written, commit, reader, input.now)) current.set(item.id, item);
      pushing = input.send(commit, written);
    }
  }

  const spliced = splice(start, located, current, appended, reader);
  const body = spliced.body;
  report.conflicts = [];
  // Note: the file read is the one the start knows (its region, its bytes): the new one is its
  // head, the spliced body and its tail, written from the old bytes where they are unchanged.
  const file = start.known !== null && start.known.text === input.fileText ? start.known : null;
  const unchanged = body.length === start.body.length && body === start.body;
  const spliceInto = file !== null && !unchanged ? file : null;
  const workingText = spliceInto === null ? writeWorkingBody(root, body, input.fileText) : input.fileText.slice(0, spliceInto.layout.bodyStart) + body + input.fileText.slice(input.fileText.length - spliceInto.layout.tailChars);
  // Note: the working copy was plain and in sync's shape, and so are the lines the splice wrote:
  // its sections are known, and the text keeps its head and tail (nothing is searched again).
  const plain = start.known !== null && spliced.sections !== null ? spliced.sections : null;
  const known: KnownText | undefined = plain !== null && file !== null ? { layout: file.layout, shape: plain.map(({ line, title, entries }) => ({ line, title, entries })) } : undefined;
  const renderFrom = { workingText, body, syncShape: true, ...(plain !== null ? { sections: plain } : {}) };
  let prepared: PreparedRendering | undefined;
  if (spliceInto !== null) {
    const pieces = spliced.fileBytes({ bytes: spliceInto.bytes, headBytes: spliceInto.layout.headBytes, tailBytes: spliceInto.layout.tailBytes });
    const writing = writeWorkingBytes(root, workingText, pieces);
    // Note: the rendering is made while the disk takes the working copy (nothing reads that file meanwhile).
    try {
      prepared = prepareRendering(root, renderLayout(config), renderFrom, pieces);
    } finally {
      await writing;
    }
  }
  // Note: before rendering, which may read a human's edit back into the working copy.
  linkSnapshotText(root, sharedMemoryPaths(root).working);
  const stamp = fileStamp(sharedMemoryPaths(root).working);
  const rendered = renderSharedMemory(root, renderLayout(config), renderFrom, prepared);
  report.wroteMemoryFile ||= rendered.written;
  recordQuarantine(root, report.quarantined, input.now);
  if (advance !== undefined && !willPush) await context.store.updateRef('base', advance.to, advance.from);

  const wrote = { body, workingText, stamp, changed: [...oursChanged, ...quarantinedIds(report.quarantined)], workingHash: rendered.readBack === 0 ? rendered.workingHash : null, tombstonesSent: false, ...(known !== undefined ? { known } : {}) };
  if (!pendingWork) return { commit: theirsOid, written, pending: false, wrote };
  if (!input.reachable) return { commit: null, written, pending: true, wrote };
  return { commit, written, pending: true, wrote, ...(pushing ? { pushing } : {}), ...(willPush && advance !== undefined ? { advanceBase: advance } : {}) };
}
