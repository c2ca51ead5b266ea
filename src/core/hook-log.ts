/**
 * The hook log: one JSON line per hook run (successes are terse, problems carry a code and a
 * message). Hooks cannot show errors to anyone, so this log is how `mem status` tells the user.
 */
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export type HookRecord = {
  at: string;
  event: string;
  ok: boolean;
  ms: number;
  session?: string;
  /** The agent that ran the hook, when not Claude Code. */
  agent?: string;
  /** Problem code (payload or environment), when not ok or when work was deferred. */
  code?: string;
  message?: string;
  /** What the run did, in a few words ("3 events, 1 entry"). */
  did?: string;
};

const ROTATE_BYTES = 512 * 1024;

/** Appends `record` to the log at `path`; never throws (a hook must not fail on its own log). */
export function appendHookRecord(path: string, record: HookRecord): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    try {
      if (statSync(path).size > ROTATE_BYTES) renameSync(path, `${path}.1`);
    } catch {
      /* no log yet */
    }
    // Note: one write() of a short line with O_APPEND does not interleave between processes.
    appendFileSync(path, `${JSON.stringify(record)}\n`);
  } catch {
    /* nowhere left to report */
  }
}

/** Returns the most recent records (at most the last `maxBytes` of the log), oldest first. */
export function readHookRecords(path: string, maxBytes = 128 * 1024): HookRecord[] {
  let text: string;
  try {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      const length = Math.min(size, maxBytes);
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, size - length);
      text = buffer.toString('utf8');
      if (length < size) text = text.slice(text.indexOf('\n') + 1);
    } finally {
      closeSync(fd);
    }
  } catch {
    return [];
  }
  const records: HookRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      records.push(JSON.parse(line) as HookRecord);
    } catch {
      /* a torn line from a crash: skip */
    }
  }
  return records;
}
