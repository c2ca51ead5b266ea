// The tuning/validation split of the development corpora (issue 26): rules are changed looking only
// at the tuning half; the validation half is measured only to decide whether a change stays. The
// split is by source, not by row, so that the validation half holds kinds of text the rules were not
// fitted to: sessions by transcript, secrets by kind (the scanner rule family), benign agent-file
// lines by repository, injections by source file (a source with many rows, such as one data file of
// in-the-wild jailbreaks, is split by row within it, or one half would hold none of it).
// The split is a hash of the key, so it never changes when rows are added.
import { createHash } from 'node:crypto';

/** 'tuning' or 'validation' for a key, stable across runs and machines. */
export function halfOf(key) {
  const byte = createHash('sha256').update(String(key)).digest()[0];
  return byte % 2 === 0 ? 'tuning' : 'validation';
}

const withoutCommit = (source) => String(source ?? '').replace(/@[0-9a-f]{7,40}(?=:)/, '');

/** The split key of a secrets.jsonl row: its kind (one scanner rule family). */
export const secretKey = (row) => `secret:${row.kind}`;

/** The split key of a transcript file name (one session). */
export const sessionKey = (base) => `session:${String(base).replace(/\.jsonl?$/, '')}`;

/**
 * The split key of an injection.jsonl row: the repository for benign agent-file lines, the source
 * file otherwise, and the row itself inside a source that holds `bigSource` or more rows.
 */
export function injectionKey(row, rowsPerSource, bigSource = 8) {
  const source = withoutCommit(row.source);
  if (row.kind === 'benign-agent-file-line') return `repo:${source.split(':')[0]}`;
  if ((rowsPerSource.get(row.source) ?? 0) >= bigSource) return `row:${source}#${row.text}`;
  return `source:${source}`;
}

/** Rows of one half, with the key function given (injection rows need the per-source counts). */
export function rowsOfHalf(rows, half, keyOf) {
  if (half === 'all' || !half) return rows;
  return rows.filter((row) => halfOf(keyOf(row)) === half);
}

/** Per-source row counts, for injectionKey. */
export function countBySource(rows) {
  const counts = new Map();
  for (const row of rows) counts.set(row.source, (counts.get(row.source) ?? 0) + 1);
  return counts;
}
