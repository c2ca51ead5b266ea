/**
 * Per-session files: the state record (JSON, in .memory/state/sessions/) and the handoff
 * (markdown, in .memory/sessions/). Session ids are validated before they reach here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionState } from './session-state.js';
import type { Candidate } from '../core/memory-file/candidate.js';
import type { TranscriptCursor } from '../agents/read-transcript-tail.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import type { MemoryPaths } from '../core/layout.js';
import type { AgentId } from '../agents/agent-id.js';

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

/** Writes the record atomically, then its small summary; throws on I/O failure. */
export function saveSessionRecord(paths: MemoryPaths, record: SessionRecord): void {
  writeFileAtomicSync(sessionRecordPath(paths, record.state.sessionId), `${JSON.stringify(record)}\n`);
  // Note: listing sessions (every session start, `mem status`) reads these few bytes per session,
  // not whole records that carry hundreds of KB of dedupe state.
  const summary: SessionSummary = {
    sessionId: record.state.sessionId,
    branch: record.state.branch,
    updatedAt: record.state.updatedAt,
    handoffFile: record.handoffFile,
    promptCount: record.state.promptCount,
    ...(record.agent ? { agent: record.agent } : {}),
    ...(record.deferred && record.deferred.length > 0 ? { deferred: record.deferred.length, deferredSince: record.deferredSince ?? record.state.updatedAt } : {}),
  };
  writeFileAtomicSync(join(paths.sessionStateDir, `${record.state.sessionId}${SUMMARY_SUFFIX}`), `${JSON.stringify(summary)}\n`);
}

const SUMMARY_SUFFIX = '.summary.json';

/** Writes a handoff file atomically; throws on I/O failure. */
export function writeHandoff(paths: MemoryPaths, fileName: string, markdown: string): void {
  writeFileAtomicSync(join(paths.sessionsDir, fileName), markdown);
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

/** Returns summaries of the most recently updated sessions, newest first (at most `limit`). */
export function listSessions(paths: MemoryPaths, limit = 50): SessionSummary[] {
  if (!existsSync(paths.sessionStateDir)) return [];
  const names = readdirSync(paths.sessionStateDir);
  const summaries = new Set(names.filter((name) => name.endsWith(SUMMARY_SUFFIX)));
  const files = names
    .filter((name) => name.endsWith('.json') && !name.endsWith(SUMMARY_SUFFIX))
    .map((name) => {
      const summaryName = name.replace(/\.json$/, SUMMARY_SUFFIX);
      // Records written before summaries existed are read whole, once.
      const full = join(paths.sessionStateDir, summaries.has(summaryName) ? summaryName : name);
      try {
        return { full, mtime: statSync(full).mtimeMs };
      } catch {
        return null;
      }
    })
    .filter((item): item is { full: string; mtime: number } => item !== null)
    .sort((a, b) => b.mtime - a.mtime)
    .slice(0, limit);
  const result: SessionSummary[] = [];
  for (const file of files) {
    try {
      const parsed = JSON.parse(readFileSync(file.full, 'utf8')) as SessionSummary | SessionRecord;
      if ('state' in parsed) {
        result.push({ sessionId: parsed.state.sessionId, branch: parsed.state.branch, updatedAt: parsed.state.updatedAt, handoffFile: parsed.handoffFile, promptCount: parsed.state.promptCount, ...(parsed.agent ? { agent: parsed.agent } : {}) });
      } else {
        result.push(parsed);
      }
    } catch {
      /* skip a corrupt file */
    }
  }
  return result.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}
