/**
 * What this session's agent has already been given, per session in `.memory/state/recall/`: the
 * memories recall injected, and the text SessionStart injected (the handoff). Recall offers
 * neither again: a line of the handoff ("Goal: …") comes back from the session file it was read
 * from, under a header that says it is not loaded, unless recall knows it is.
 */
import { nodeCrypto } from '../core/lazy-builtins.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCacheFileSync } from '../core/files/atomic-write.js';
import { memoryPaths } from '../core/layout.js';

export type RecallRecord = {
  /** recallKey of every memory recall injected in this session. */
  injected: string[];
  /** SessionStart's additionalContext for this session, normalized (normalizeContextText). */
  startContext?: string;
};

/** Below this many characters a memory is too short to call it "already said" by containment. */
const MIN_CONTAINED_CHARS = 12;

/** Returns the record file of `sessionId`; never fails. */
export function recallRecordPath(root: string, sessionId: string): string {
  // Note: a session id is untrusted input ("../../x"): anything unusual is hashed into a safe name.
  const safe = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(sessionId)
    ? sessionId
    : `h-${nodeCrypto().createHash('sha1').update(sessionId).digest('hex').slice(0, 24)}`;
  return join(memoryPaths(root).stateDir, 'recall', `${safe}.json`);
}

/** Returns the record in `file`, empty when absent or unreadable; never throws. */
export function readRecallRecord(file: string): RecallRecord {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<RecallRecord> | null;
    const injected = Array.isArray(value?.injected)
      ? value.injected.filter((k): k is string => typeof k === 'string')
      : [];
    return typeof value?.startContext === 'string' ? { injected, startContext: value.startContext } : { injected };
  } catch {
    return { injected: [] };
  }
}

/**
 * Writes `record` to `file`; never throws (without it a memory may be offered again, which is
 * harmless). Written like a cache file, without a disk flush: a crash may lose it, with that same
 * harmless effect, and the two flushes were most of SessionStart's own time (10 ms on a busy disk).
 */
export function writeRecallRecord(file: string, record: RecallRecord): void {
  try {
    writeCacheFileSync(file, `${JSON.stringify({ ...record, injected: record.injected.slice(-500) })}\n`);
  } catch {
    // Note: see above.
  }
}

/** SessionStart: remembers the context it injected into `sessionId`, so recall does not repeat it; never throws. */
export function noteStartContext(root: string, sessionId: string, context: string): void {
  const file = recallRecordPath(root, sessionId);
  // A compaction or resume injects again: what the agent has now is the latest context.
  writeRecallRecord(file, { ...readRecallRecord(file), startContext: normalizeContextText(context) });
}

/** Returns true when SessionStart already gave the agent `text` in this session; never fails. */
export function saidAtStart(text: string, record: RecallRecord): boolean {
  if (!record.startContext) return false;
  const normalized = normalizeContextText(text);
  return normalized.length >= MIN_CONTAINED_CHARS && record.startContext.includes(normalized);
}

/** Returns `text` as containment compares it: lower case, markdown emphasis and code marks dropped, blanks collapsed. */
export function normalizeContextText(text: string): string {
  return text.toLowerCase().replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim();
}
