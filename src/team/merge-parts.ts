/**
 * The parts of a sync's merge step around its plan (plan-sync.ts): reading and checking what the
 * team sent, and the commit message.
 */
import type { SecretScanOptions } from '../core/safety/scan-secrets.js';
import type { Side } from './merge/merge-records.js';
import { flagged, gradeRecords, type FlaggedEntry, type RecordVerdict } from './scan-record.js';
import { badLineProblem } from './store/entry-bundle.js';
import type { FileWrite } from './store/git-objects.js';
import type { PushOutcome } from './store/transport.js';
import { TOMBSTONE_DIR, classifyPath, parseRecord, type ParsedRecord, type TeamRecord } from './store/team-record.js';
import type { IncomingChange } from './plan-sync.js';
import type { HeldIncoming } from './plan-held.js';

export type { IncomingChange } from './plan-sync.js';

/** What a merge step did, for the push and for the snapshot the next sync starts from. */
export type StepResult = {
  /** The commit to push (or the remote head when there is nothing to push), null when nothing exists yet. */
  commit: string | null;
  /** Ids (entries and tombstones) the commit writes, for provenance after the push. */
  written: Set<string>;
  pending: boolean;
  /**
   * What the step left in the working copy: the file's text and stamp (after the push, nothing is
   * read again while the file still holds it) and the fingerprint of that text (null: a human's
   * edit of the rendered file was read back meanwhile, so the file holds more).
   */
  wrote?: { workingText: string; stamp: string; workingHash: string | null };
  /** The base move this step left to after the push (the base still points at `from`). */
  advanceBase?: { to: string; from: string | null };
  /** The push of `commit`, started as soon as it was written (the files were written meanwhile). */
  pushing?: Promise<PushOutcome>;
};

/**
 * Reads each changed entry file of the team on its own: deleted ones are `undefined`, a file that
 * is not a regular file, does not parse, or trips the secret/injection gate is quarantined (the
 * rest still arrives), one the injection gate holds is set apart for the plan. Tombstones are not
 * entries and are skipped here.
 */
export function readIncomingEntries(
  incoming: readonly IncomingChange[],
  blobs: ReadonlyMap<string, Buffer>,
  scan: SecretScanOptions,
): IncomingEntries {
  const reader = incomingEntriesReader(incoming, scan);
  reader.add([...blobs]);
  return reader.finish(blobs);
}

/**
 * What arrived: the entries that pass (`undefined`: deleted), those refused, and those the
 * injection gate holds for a person (one weak sign), which the plan keeps out unless let in.
 */
export type IncomingEntries = {
  theirs: Map<string, Side>;
  quarantined: FlaggedEntry[];
  held: Map<string, HeldIncoming>;
};

/**
 * Parsed records are checked once this many have arrived. Small: git waits while its pipe (64 KiB,
 * ~300 entries) is full, so a check of a long run would make git wait for it; a check has a fixed
 * cost (~1 ms), so not one per entry either.
 */
const CHECKED_RUN = 200;

/**
 * readIncomingEntries, fed the blobs as git reads them (streamBlobs): each arriving entry is parsed
 * and checked in runs while git reads the rest; `finish` gives what readIncomingEntries gives for
 * all the blobs, in the same order. The gate judges each record on its own, so checking them in
 * runs finds what one check of them all finds (scan-record.ts).
 */
export function incomingEntriesReader(
  incoming: readonly IncomingChange[],
  scan: SecretScanOptions,
): {
  add(arrived: ReadonlyArray<readonly [string, Buffer]>): void;
  finish(blobs: ReadonlyMap<string, Buffer>): IncomingEntries;
} {
  // The changes that read a blob: regular files of valid entry paths, by the blob they want.
  const wanting = new Map<string, number[]>();
  incoming.forEach((change, index) => {
    if (change.newOid === null || !isRegularFile(change) || classifyPath(change.path)?.kind !== 'entry') return;
    const indexes = wanting.get(change.newOid);
    if (indexes === undefined) wanting.set(change.newOid, [index]);
    else indexes.push(index);
  });
  const parsedAt = new Map<number, ParsedRecord>();
  const flags = new Map<string, RecordVerdict>();
  let unchecked: Array<[string, TeamRecord]> = [];
  const check = (): void => {
    if (unchecked.length === 0) return;
    for (const [id, verdict] of gradeRecords(unchecked, scan)) flags.set(id, verdict);
    unchecked = [];
  };
  const parse = (index: number, bytes: Buffer): void => {
    if (parsedAt.has(index)) return;
    const read = parseRecord(bytes);
    parsedAt.set(index, read);
    const kind = classifyPath((incoming[index] as IncomingChange).path);
    if (read.ok && kind !== null) unchecked.push([kind.id, read.record]);
  };
  return {
    add(arrived) {
      for (const [oid, bytes] of arrived) for (const index of wanting.get(oid) ?? []) parse(index, bytes);
      if (unchecked.length >= CHECKED_RUN) check();
    },
    finish(blobs) {
      const theirs = new Map<string, Side>();
      const quarantined: FlaggedEntry[] = [];
      const held = new Map<string, HeldIncoming>();
      const parsed: Array<[string, TeamRecord]> = [];
      incoming.forEach((change, index) => {
        const kind = classifyPath(change.path);
        if (kind === null || kind.kind === 'tombstone') return;
        if (kind.kind === 'malformed') {
          if (change.newOid !== null)
            quarantined.push({
              id: change.path.slice(0, 120),
              section: '',
              text: '',
              reasons: [badLineProblem(change.path) ?? 'not a valid entry path'],
            });
          return;
        }
        if (change.newOid === null) {
          theirs.set(kind.id, undefined);
          return;
        }
        const bytes = isRegularFile(change) ? blobs.get(change.newOid) : undefined;
        if (bytes !== undefined) parse(index, bytes);
        const read = parsedAt.get(index) ?? { ok: false as const, reason: 'not a regular file' };
        if (!read.ok) {
          quarantined.push(flagged(kind.id, null, [read.reason], scan));
          return;
        }
        parsed.push([kind.id, read.record]);
      });
      check();
      for (const [id, record] of parsed) {
        const verdict = flags.get(id);
        if (verdict === undefined) theirs.set(id, record);
        else if (verdict.reasons.length > 0) quarantined.push(flagged(id, record, verdict.reasons, scan));
        else held.set(id, { record, reasons: verdict.held });
      }
      return { theirs, quarantined, held };
    },
  };
}

function isRegularFile(change: IncomingChange): boolean {
  return change.newMode === '100644' || change.newMode === '100755';
}

/** The team commit's message: what changed, one line per entry, so `git log` on the team ref reads as an audit log. */
export function commitMessage(
  kind: 'change' | 'conflict',
  writes: readonly FileWrite[],
  conflicted: ReadonlySet<string>,
  sessionId: string | undefined,
): string {
  const lines = summarise(writes, conflicted);
  const title =
    kind === 'conflict'
      ? 'mem: record a conflict for review'
      : `mem: ${lines.length} memory change${lines.length === 1 ? '' : 's'}`;
  return `${title}\n\n${lines.join('\n')}\n${sessionId ? `\nMem-Session: ${sessionId.slice(0, 64).replace(/[^A-Za-z0-9._-]/g, '')}\n` : ''}`;
}

function summarise(writes: readonly FileWrite[], conflicted: ReadonlySet<string>): string[] {
  const lines: string[] = [];
  for (const write of writes.slice(0, 50)) {
    if (write.path.startsWith(`${TOMBSTONE_DIR}/`)) lines.push(`- forgot ${write.path.split('/').pop() ?? ''}`);
    else if (write.content === null)
      lines.push(
        `- removed ${
          write.path
            .split('/')
            .pop()
            ?.replace(/\.json$/, '') ?? ''
        }`,
      );
    else
      lines.push(
        `- ${
          write.path
            .split('/')
            .pop()
            ?.replace(/\.json$/, '') ?? ''
        }`,
      );
  }
  if (writes.length > 50) lines.push(`- … and ${writes.length - 50} more`);
  for (const id of conflicted) lines.push(`- conflict on ${id}, awaiting \`mem review\``);
  return lines;
}
