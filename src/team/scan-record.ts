/**
 * The secret / injection / invisible-Unicode gate on one team record, in both directions: an
 * incoming record that trips it is quarantined (the rest of the team's memory still arrives), an
 * outgoing one is withheld from the team ref (kept in this clone). Every text of the record is
 * scanned in full: the entry, each conflict version, the base, the section name.
 */
import { findInjection, findInvisibleUnicode } from '../core/safety/scan-injection.js';
import { findSecrets, redactSecrets, type SecretScanOptions } from '../core/safety/scan-secrets.js';
import type { TeamRecord } from './store/team-record.js';

export type FlaggedEntry = {
  id: string;
  section: string;
  /** The text with secrets redacted: safe to log and show. */
  text: string;
  /** Rule ids that matched, or the reason the file could not be used (e.g. "oversized …"). */
  reasons: string[];
};

/** Returns every text a record carries. */
export function recordTexts(record: TeamRecord): string[] {
  if (record.kind === 'entry') return [record.section, record.text];
  return [record.section, ...(record.base ? [record.base.section, record.base.text] : []), ...record.versions.flatMap((version) => [version.section, version.text ?? ''])];
}

/** Returns the rule ids the record trips (empty when clean); never throws. */
export function scanRecord(record: TeamRecord, options: SecretScanOptions = {}): string[] {
  const reasons = new Set<string>();
  for (const text of recordTexts(record)) {
    if (text === '') continue;
    for (const finding of findSecrets(text, options)) reasons.add(finding.ruleId);
    for (const finding of findInjection(text)) reasons.add(finding.ruleId);
    if (findInvisibleUnicode(text).length > 0) reasons.add('invisible-unicode');
  }
  return [...reasons];
}

/** Returns the flagged-entry report for `record`, its text redacted. */
export function flagged(id: string, record: TeamRecord | null, reasons: string[], options: SecretScanOptions = {}): FlaggedEntry {
  const text = record === null ? '' : record.kind === 'entry' ? record.text : (record.versions.find((version) => version.text !== null)?.text ?? '');
  return { id, section: record?.section ?? '', text: redactSecrets(text, options).slice(0, 200), reasons };
}
