/**
 * The candidate log: every candidate with its verdict and reasons, so `mem candidates` can
 * explain why something was or was not remembered. Secret-free by construction: the caller
 * passes text already redacted, and candidates rejected as secrets carry no text at all.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { readHookRecords } from '../core/hook-log.js';

export type CandidateLogRecord = {
  at: string;
  session?: string;
  /** Redacted candidate text; absent when the candidate was a secret. */
  text?: string;
  section: string;
  source: string;
  origin: string;
  accepted: boolean;
  action: string;
  reasons: string[];
  targetId?: string;
  /** Id of the entry written, when one was. */
  entryId?: string;
  /** A secret-free explanation beyond the reason codes (e.g. which secret rules fired). */
  detail?: string;
};

const ROTATE_BYTES = 1024 * 1024;

/** Appends records to the log; throws on I/O failure. */
export function appendCandidateRecords(path: string, records: readonly CandidateLogRecord[]): void {
  if (records.length === 0) return;
  mkdirSync(dirname(path), { recursive: true });
  try {
    if (statSync(path).size > ROTATE_BYTES) renameSync(path, `${path}.1`);
  } catch {
    /* no log yet */
  }
  appendFileSync(path, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
}

/** Returns the most recent records, oldest first. */
export function readCandidateRecords(path: string, maxBytes = 512 * 1024): CandidateLogRecord[] {
  // Same JSON-lines tail reading as the hook log.
  return readHookRecords(path, maxBytes) as unknown as CandidateLogRecord[];
}
