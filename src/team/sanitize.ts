/**
 * The secret / injection / invisible-Unicode gate on team memory, in both directions: entries
 * arriving from teammates are quarantined (never written into CLAUDE.md), and local entries that
 * fail it are withheld from the team branch. A flagged entry is replaced by the last accepted
 * version of it (or removed when there is none), so the gate never deletes anyone's memory.
 */
import { findInjection, findInvisibleUnicode } from '../core/safety/scan-injection.js';
import { findSecrets, redactSecrets, type SecretScanOptions } from '../core/safety/scan-secrets.js';
import { listRegionEntries, type RegionEntry } from './team-region.js';

export type FlaggedEntry = {
  id: string;
  section: string;
  /** The text with secrets redacted: safe to log and show. */
  text: string;
  /** Rule ids that matched, e.g. "aws-access-key", "ignore-instructions", "invisible-unicode". */
  reasons: string[];
};

export type SanitizedBody = { text: string; flagged: FlaggedEntry[] };

/** Returns the rule ids `text` trips (empty when it is clean); never throws. */
function scanTeamText(text: string, options: SecretScanOptions = {}): string[] {
  const reasons = new Set<string>();
  for (const finding of findSecrets(text, options)) reasons.add(finding.ruleId);
  for (const finding of findInjection(text)) reasons.add(finding.ruleId);
  if (findInvisibleUnicode(text).length > 0) reasons.add('invisible-unicode');
  return [...reasons];
}

/**
 * Returns `body` with every flagged entry or free-text line replaced by its version in the first
 * fallback body that has it (dropped when none does), plus what was flagged. Entries and lines
 * identical to one in `trusted` are accepted as they are (they are already in local memory).
 */
export function sanitizeBody(
  body: string,
  fallbacks: readonly string[],
  trusted: string,
  options: SecretScanOptions = {},
): SanitizedBody {
  const trustedEntries = byId(listRegionEntries(trusted));
  const fallbackEntries = fallbacks.map((fallback) => ({ text: fallback, entries: byId(listRegionEntries(fallback)) }));
  const flagged: FlaggedEntry[] = [];
  const entries = listRegionEntries(body);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const entry of entries) {
    const raw = body.slice(entry.start, entry.end);
    const known = trustedEntries.get(entry.id);
    if (known && trusted.slice(known.start, known.end) === raw) continue;
    const reasons = scanTeamText(raw, options);
    if (reasons.length === 0) continue;
    flagged.push({ id: entry.id, section: entry.section, text: redactSecrets(entry.text, options), reasons });
    let replacement = '';
    for (const fallback of fallbackEntries) {
      const previous = fallback.entries.get(entry.id);
      if (previous) {
        const previousRaw = fallback.text.slice(previous.start, previous.end);
        if (scanTeamText(previousRaw, options).length === 0) replacement = previousRaw;
        break;
      }
    }
    edits.push({ start: entry.start, end: entry.end, text: replacement });
  }
  // Free text (headings, prose) outside entries: a flagged line that no trusted body already has is dropped.
  const inEntry = (offset: number) => entries.some((entry) => offset >= entry.start && offset < entry.end);
  const trustedLines = new Set([trusted, ...fallbacks].flatMap((text) => text.split('\n')));
  let offset = 0;
  for (const line of body.split(/(?<=\n)/)) {
    if (!inEntry(offset) && !trustedLines.has(line.replace(/\n$/, ''))) {
      const reasons = scanTeamText(line, options);
      if (reasons.length > 0) {
        flagged.push({ id: `line:${offset}`, section: '', text: redactSecrets(line.trim(), options), reasons });
        edits.push({ start: offset, end: offset + line.length, text: '' });
      }
    }
    offset += line.length;
  }
  let text = body;
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return { text, flagged };
}

function byId(entries: RegionEntry[]): Map<string, RegionEntry> {
  return new Map(entries.map((entry) => [entry.id, entry]));
}
