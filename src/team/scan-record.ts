/**
 * The secret / injection / invisible-Unicode gate on one team record, in both directions: an
 * incoming record that trips it is quarantined (the rest of the team's memory still arrives), one
 * that only holds a weak sign of the injection gate waits for a person (plan-held.ts), an
 * outgoing one is withheld from the team ref (kept in this clone). Every text of the record is
 * scanned in full: the entry, each conflict version, the base, the section name.
 */
import {
  findInvisibleUnicode,
  HOLD_TEAM_ENTRY_ABOVE,
  judgeInjection,
  judgeInjectionByRules,
  resemblanceOf,
} from '../core/safety/scan-injection.js';
import { createHash } from 'node:crypto';
import { findSecrets, redactSecrets, type SecretScanOptions } from '../core/safety/scan-secrets.js';
import type { TeamRecord } from './store/team-record.js';

export type FlaggedEntry = {
  id: string;
  section: string;
  /** The text with secrets redacted: safe to log and show. */
  text: string;
  /** Rule ids that matched, or the reason the file could not be used (e.g. "oversized …"). */
  reasons: string[];
  /** Only one weak sign of the injection gate: kept out until a person lets it in (`mem review --held`). */
  held?: true;
  /** For a held entry: the hash of its texts (heldHash), which a person's decision names. */
  hash?: string;
};

/** What the gate says of one record: the rules that refuse it, or (only when none does) the weak signs that hold it. */
export type RecordVerdict = { reasons: string[]; held: string[] };

/**
 * Returns every text a record carries.
 * Note: an entry's other fields (anchors, a later mem's fields) are not scanned: they never reach
 * the agent, and a blob id is exactly what the entropy rule would take for a secret.
 */
function recordTexts(record: TeamRecord): string[] {
  if (record.kind === 'entry') return [record.section, record.text];
  return [
    record.section,
    ...(record.base ? [record.base.section, record.base.text] : []),
    ...record.versions.flatMap((version) => [version.section, version.text ?? '']),
  ];
}

/** Returns the hash a decision on a held record names: its texts, so a changed text is judged again. */
export function heldHash(record: TeamRecord): string {
  return createHash('sha256')
    .update(JSON.stringify(recordTexts(record)))
    .digest('hex')
    .slice(0, 16);
}

/** Returns the rule ids that refuse the record, else those that hold it (both empty: clean); never throws. */
function scanRecord(record: TeamRecord, options: SecretScanOptions = {}): RecordVerdict {
  const reasons = new Set<string>();
  const held = new Set<string>();
  for (const text of recordTexts(record)) {
    if (text === '') continue;
    for (const finding of findSecrets(text, options)) reasons.add(finding.ruleId);
    const judged = judgeInjection(text, HOLD_TEAM_ENTRY_ABOVE);
    for (const finding of judged.findings) (judged.verdict === 'block' ? reasons : held).add(finding.ruleId);
    if (findInvisibleUnicode(text).length > 0) reasons.add('invisible-unicode');
  }
  return { reasons: [...reasons], held: reasons.size > 0 ? [] : [...held] };
}

/** Returns the rule ids that refuse each record, for many records at once (absent: not refused). */
export function scanRecords(
  records: ReadonlyArray<readonly [string, TeamRecord]>,
  options: SecretScanOptions = {},
): Map<string, string[]> {
  const refused = new Map<string, string[]>();
  for (const [id, verdict] of gradeRecords(records, options))
    if (verdict.reasons.length > 0) refused.set(id, verdict.reasons);
  return refused;
}

/**
 * Returns what the gate says of each record, for many records at once (absent: clean). Scanning
 * one text of all records costs what scanning one record costs (the scanners' fixed cost per call
 * dominates: 20,000 entries one by one take ~17 s, joined well under 1 s), so the records are
 * scanned together and split in halves only where something was found (a weak sign included),
 * down to the record that trips it. A match that only exists across two records' texts is no
 * finding of either.
 */
export function gradeRecords(
  records: ReadonlyArray<readonly [string, TeamRecord]>,
  options: SecretScanOptions = {},
): Map<string, RecordVerdict> {
  const flaggedIds = new Map<string, RecordVerdict>();
  // A few records (a sync's usual change) are looked up in what this process scanned already.
  const keys = records.length <= REMEMBERED_CALL ? records.map(([, record]) => rememberedKey(record, options)) : null;
  const unknown =
    keys === null
      ? records
      : records.filter(([id], index) => {
          const known = remembered.get(keys[index] as string);
          if (known !== undefined && isFlagged(known)) flaggedIds.set(id, copyOf(known));
          return known === undefined;
        });
  // Records a joined scan cleared: the rules found nothing in them, the learned score has yet to read each.
  const clearedTogether: Array<readonly [string, TeamRecord]> = [];
  const visit = (slice: ReadonlyArray<readonly [string, TeamRecord]>): void => {
    if (slice.length === 0) return;
    if (slice.length === 1) {
      const [id, record] = slice[0] as readonly [string, TeamRecord];
      const verdict = scanRecord(record, options);
      if (isFlagged(verdict)) flaggedIds.set(id, verdict);
      return;
    }
    const texts = slice.map(([, record]) => recordTexts(record).join('\n\n'));
    const joined = texts.join('\n\n');
    const found = scanJoined(joined, options);
    if (found === null) {
      clearedTogether.push(...slice);
      return;
    }
    // Note: weak signs only, each inside one record: only those records are judged alone (halving
    // down to them rescanned twice the run's text per held record: +15 % on a 3,000-entry first sync).
    const holding = found.refuses ? null : recordsAt(texts, found.weak);
    if (holding !== null) {
      for (const index of holding) visit([slice[index] as readonly [string, TeamRecord]]);
      return;
    }
    const middle = Math.floor(slice.length / 2);
    visit(slice.slice(0, middle));
    visit(slice.slice(middle));
  };
  visit(unknown);
  for (const [id, record] of clearedTogether)
    for (const text of recordTexts(record)) {
      const resemblance = text === '' ? undefined : resemblanceOf(text, HOLD_TEAM_ENTRY_ABOVE);
      if (resemblance === undefined) continue;
      flaggedIds.set(id, { reasons: [], held: [resemblance.ruleId] });
      break;
    }
  if (keys !== null) {
    if (remembered.size > REMEMBERED_MAX) remembered.clear();
    records.forEach(([id], index) =>
      remembered.set(keys[index] as string, copyOf(flaggedIds.get(id) ?? { reasons: [], held: [] })),
    );
  }
  return flaggedIds;
}

function isFlagged(verdict: RecordVerdict): boolean {
  return verdict.reasons.length > 0 || verdict.held.length > 0;
}

function copyOf(verdict: RecordVerdict): RecordVerdict {
  return { reasons: [...verdict.reasons], held: [...verdict.held] };
}

/**
 * What this process found in records it scanned (rule ids by scan options and texts), so the
 * merge step's gate does not scan again the entries prescanRecords scanned while git fetched.
 * Only calls of a few records use it: a large batch is scanned joined, where it costs little.
 */
const remembered = new Map<string, RecordVerdict>();
const REMEMBERED_CALL = 64;
const REMEMBERED_MAX = 4_096;

function rememberedKey(record: TeamRecord, options: SecretScanOptions): string {
  return JSON.stringify([options.entropyBits ?? null, options.minTokenLength ?? null, recordTexts(record)]);
}

/**
 * Scans a few records now and remembers what it found, for a later scanRecords of the same texts
 * and options. Why: the scanners' first call compiles their patterns (milliseconds); a sync calls
 * this with the entries it will probably send while the fetch leaves the main thread idle.
 * Note: many records are left alone: they are not a clone's new entries but, say, team entries
 * whose commit a shallow first sync could not tell (19,500 of 20,000 in the scale bench), and
 * scanning 64 of them was ~100 M instructions the merge step never used.
 */
export function prescanRecords(
  records: ReadonlyArray<readonly [string, TeamRecord]>,
  options: SecretScanOptions = {},
): void {
  if (records.length <= REMEMBERED_CALL) gradeRecords(records, options);
}

/** Null when a joined text holds nothing the gate refuses or holds; else whether something may refuse, and the weak signs' spans. */
function scanJoined(
  text: string,
  options: SecretScanOptions,
): { refuses: boolean; weak: Array<{ start: number; end: number }> } | null {
  const findings = judgeInjectionByRules(text).findings;
  const refuses =
    findings.some((finding) => finding.strength === 'block') ||
    findSecrets(text, options).length > 0 ||
    findInvisibleUnicode(text).length > 0;
  return refuses || findings.length > 0 ? { refuses, weak: findings } : null;
}

/**
 * The indexes of the texts (joined with a blank line between them) that hold each span, once each;
 * null when a span is not inside one text (a text read backwards is judged whole: its finding
 * spans the joined text), which only halving can tell.
 */
function recordsAt(texts: readonly string[], spans: ReadonlyArray<{ start: number; end: number }>): Set<number> | null {
  const indexes = new Set<number>();
  for (const span of spans) {
    let start = 0;
    const index = texts.findIndex((text) => {
      const end = start + text.length;
      if (span.start < end + 2) return true;
      start = end + 2;
      return false;
    });
    if (index < 0 || span.end > start + (texts[index] as string).length) return null;
    indexes.add(index);
  }
  return indexes;
}

/** Returns the flagged-entry report for `record`, its text redacted. */
export function flagged(
  id: string,
  record: TeamRecord | null,
  reasons: string[],
  options: SecretScanOptions = {},
): FlaggedEntry {
  const text =
    record === null
      ? ''
      : record.kind === 'entry'
        ? record.text
        : (record.versions.find((version) => version.text !== null)?.text ?? '');
  return { id, section: record?.section ?? '', text: redactSecrets(text, options).slice(0, 200), reasons };
}

/** Returns the report of a record held for a person: flagged's, marked held, with the hash a decision names. */
export function heldEntry(
  id: string,
  record: TeamRecord,
  reasons: string[],
  options: SecretScanOptions = {},
): FlaggedEntry {
  return { ...flagged(id, record, reasons, options), held: true, hash: heldHash(record) };
}
