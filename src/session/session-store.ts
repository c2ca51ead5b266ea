/**
 * Per-session files: the state record (JSON, in .memory/state/sessions/) and the handoff
 * (markdown, in .memory/sessions/). Session ids are validated before they reach here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionState } from './session-state.js';
import type { Candidate } from '../core/memory-file/candidate.js';
import type { TranscriptCursor } from '../agents/read-transcript-tail.js';
import { writeCacheFileSync, writeFileAtomicSync } from '../core/files/atomic-write.js';
import type { MemoryPaths } from '../core/layout.js';
import type { AgentId } from '../agents/agent-id.js';
import type { CommitsAt } from '../core/git/read-work-tree-git.js';

export type SessionRecord = {
  state: SessionState;
  cursor?: TranscriptCursor;
  transcriptPath?: string;
  /** File name of the handoff in .memory/sessions/. */
  handoffFile: string;
  /** The agent the session ran in (absent: Claude Code, as every record before other agents). */
  agent?: AgentId;
  /** Successful runs per project command so far (a command proven across turns counts). */
  commandSuccesses?: Record<string, number>;
  /** Batches of events the durable step has seen (0 = the session's first turn). */
  durableBatches?: number;
  /** Hash of the last Stop payload's final message, to skip re-processing an unchanged one. */
  lastMessageHash?: string;
  /**
   * Candidates not judged yet: a git operation (rebase, merge) was in progress, the hook passed
   * its deadline, or memory could not be written (lock busy, write failed). The next hook judges them.
   */
  deferred?: Candidate[];
  /** When the oldest deferred candidate was deferred (ISO), for `mem status`. */
  deferredSince?: string;
  /** Normalised texts of candidates already judged in this session. */
  judged?: string[];
  /** The session's commits as the last handoff listed them: listed again only once HEAD moves. */
  commitsAt?: CommitsAt;
};

/** Returns the path of a session's state record. */
function sessionRecordPath(paths: MemoryPaths, sessionId: string): string {
  return join(paths.sessionStateDir, `${sessionId}.json`);
}

/** Returns the session's record, or null when absent or unreadable (a corrupt record restarts the session's state). */
export function loadSessionRecord(paths: MemoryPaths, sessionId: string): SessionRecord | null {
  try {
    const record = JSON.parse(readFileSync(sessionRecordPath(paths, sessionId), 'utf8')) as SessionRecord;
    return record.state?.version === 1 && typeof record.handoffFile === 'string' ? record : null;
  } catch {
    return null;
  }
}

/**
 * Writes the record atomically, then its small summary; throws on I/O failure. A crash may leave
 * the previous record (never a torn one): its older cursor re-reads the last turn, which the
 * duplicate rule makes harmless, so the rename is not waited for. The summary is derived from the
 * record and rebuilt from it when unreadable, so it is written like a cache file.
 */
export function saveSessionRecord(paths: MemoryPaths, record: SessionRecord): void {
  writeFileAtomicSync(sessionRecordPath(paths, record.state.sessionId), `${JSON.stringify(record)}\n`, {
    durableRename: false,
  });
  // Note: listing sessions (every session start, `mem status`) reads these few bytes per session,
  // not whole records that carry hundreds of KB of dedupe state.
  const summary: SessionSummary = {
    sessionId: record.state.sessionId,
    branch: record.state.branch,
    updatedAt: record.state.updatedAt,
    handoffFile: record.handoffFile,
    promptCount: record.state.promptCount,
    ...(record.agent ? { agent: record.agent } : {}),
    ...(record.deferred && record.deferred.length > 0
      ? { deferred: record.deferred.length, deferredSince: record.deferredSince ?? record.state.updatedAt }
      : {}),
  };
  writeCacheFileSync(
    join(paths.sessionStateDir, `${record.state.sessionId}${SUMMARY_SUFFIX}`),
    `${JSON.stringify(summary)}\n`,
  );
}

const SUMMARY_SUFFIX = '.summary.json';

/** Writes a handoff file atomically (a crash may leave the previous turn's, whole); throws on I/O failure. */
export function writeHandoff(paths: MemoryPaths, fileName: string, markdown: string): void {
  writeFileAtomicSync(join(paths.sessionsDir, fileName), markdown, { durableRename: false });
}

/** Returns a handoff's text, or null when it is gone. */
export function readHandoff(paths: MemoryPaths, fileName: string): string | null {
  try {
    return readFileSync(join(paths.sessionsDir, fileName), 'utf8');
  } catch {
    return null;
  }
}

export type SessionSummary = {
  sessionId: string;
  branch: string | null;
  updatedAt: string;
  handoffFile: string;
  promptCount: number;
  agent?: AgentId;
  /** Deferred candidates waiting for the session's next hook, and since when. */
  deferred?: number;
  deferredSince?: string;
};

/** Returns the summary in a summary or record file, or null when it is unreadable. */
function readSummary(file: string): SessionSummary | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as SessionSummary | SessionRecord;
    if (!('state' in parsed)) return typeof parsed.sessionId === 'string' ? parsed : null;
    return {
      sessionId: parsed.state.sessionId,
      branch: parsed.state.branch,
      updatedAt: parsed.state.updatedAt,
      handoffFile: parsed.handoffFile,
      promptCount: parsed.state.promptCount,
      ...(parsed.agent ? { agent: parsed.agent } : {}),
    };
  } catch {
    return null;
  }
}

/** Returns summaries of the most recently updated sessions, newest first (at most `limit`). */
export function listSessions(paths: MemoryPaths, limit = 50): SessionSummary[] {
  if (!existsSync(paths.sessionStateDir)) return [];
  const names = readdirSync(paths.sessionStateDir);
  const summaries = new Set(names.filter((name) => name.endsWith(SUMMARY_SUFFIX)));
  const files = names
    .filter((name) => name.endsWith('.json') && !name.endsWith(SUMMARY_SUFFIX))
    .map((name) => {
      const summaryName = name.replace(/\.json$/, SUMMARY_SUFFIX);
      const record = join(paths.sessionStateDir, name);
      // Records written before summaries existed are read whole, once.
      const full = summaries.has(summaryName) ? join(paths.sessionStateDir, summaryName) : record;
      try {
        return { full, record, mtime: statSync(full).mtimeMs };
      } catch {
        return null;
      }
    })
    .filter((item): item is { full: string; record: string; mtime: number } => item !== null)
    .sort((a, b) => b.mtime - a.mtime)
    .slice(0, limit);
  const result: SessionSummary[] = [];
  for (const file of files) {
    // A summary is written without a disk flush: one a crash emptied is rebuilt from its record.
    const summary = readSummary(file.full) ?? (file.full === file.record ? null : readSummary(file.record));
    if (summary !== null) result.push(summary);
  }
  return result.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}
