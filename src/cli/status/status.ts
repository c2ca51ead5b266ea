/**
 * `mem status`: what is pending and what went wrong, in one stable shape (also `--json`).
 * Read-only: it never repairs or writes anything.
 */
import { existsSync, statfsSync } from 'node:fs';
import { memoryPaths } from '../../core/layout.js';
import { readHookRecords, type HookRecord } from '../../core/hook-log.js';
import { listSessions } from '../../session/session-store.js';
import { listTailsLeft } from '../../session/tails-left.js';
import { requireRepoRoot } from '../../core/git/repo-root.js';
import { loadConfig } from '../../core/config/load-config.js';
import { defaultConfig } from '../../core/config/schema.js';
import { isMemError } from '../../core/errors.js';
import { readStatusExtensions, type StatusExtensions } from './status-extensions.js';
import { readAgentStatus, type AgentStatus } from '../../setup/agent-status.js';

export type StatusReport = {
  root: string;
  initialised: boolean;
  /** Set when .memory/config.json is invalid: what is wrong and where. Defaults are used meanwhile. */
  configError: string | null;
  /** Set when the disk holding .memory/ has (almost) no room left: hooks can then neither save memory nor log why. */
  diskFull: string | null;
  sessions: {
    recorded: number;
    latest: { sessionId: string; branch: string | null; updatedAt: string; handoffFile: string } | null;
    pendingCatchUp: number;
    /** Candidates kept for a later hook (deadline passed, memory locked, a write failed, a rebase in progress). */
    deferred: { candidates: number; sessions: number; since: string | null };
  };
  hooks: {
    lastRun: { event: string; at: string; ok: boolean; ms: number; did?: string } | null;
    lastRunByEvent: Record<string, { at: string; ok: boolean; ms: number }>;
    errors: { at: string; event: string; code: string; message: string; session?: string }[];
    notes: { at: string; event: string; message: string }[];
  };
  /** Per agent with mem's hooks (or whose hooks ran here): hooks found, last run, Codex's trust gates. */
  agents: AgentStatus[];
} & StatusExtensions;

const SHOWN_ERRORS = 10;

/** Returns the repository's status; throws NOT_A_GIT_REPO or CONFIG_INVALID. */
export async function readStatus(cwd: string): Promise<StatusReport> {
  const root = requireRepoRoot(cwd);
  const paths = memoryPaths(root);
  const initialised = existsSync(paths.configFile);
  let config = defaultConfig();
  let configError: string | null = null;
  try {
    config = loadConfig(root);
  } catch (error) {
    if (!isMemError(error)) throw error;
    configError = error.message;
  }
  const sessions = listSessions(paths, 1000);
  const records = readHookRecords(paths.hookLog);

  const lastRunByEvent: StatusReport['hooks']['lastRunByEvent'] = {};
  for (const record of records) lastRunByEvent[record.event] = { at: record.at, ok: record.ok, ms: record.ms };
  const last = records.at(-1);
  const errors = records
    .filter((record) => !record.ok)
    .slice(-SHOWN_ERRORS)
    .map((record) => toError(record));
  const notes = records
    .filter((record) => record.ok && record.code === 'NOTE' && record.message)
    .slice(-5)
    .map((record) => ({ at: record.at, event: record.event, message: record.message ?? '' }));

  const latest = sessions[0];
  const waiting = sessions.filter((session) => (session.deferred ?? 0) > 0);
  const since = waiting.map((session) => session.deferredSince ?? session.updatedAt).sort()[0] ?? null;
  return {
    root,
    initialised,
    configError,
    diskFull: readDiskFull(paths.memoryDir),
    sessions: {
      recorded: sessions.length,
      latest: latest
        ? {
            sessionId: latest.sessionId,
            branch: latest.branch,
            updatedAt: latest.updatedAt,
            handoffFile: `.memory/sessions/${latest.handoffFile}`,
          }
        : null,
      pendingCatchUp: new Set(listTailsLeft(paths).map((marker) => marker.sessionId)).size,
      deferred: {
        candidates: waiting.reduce((sum, session) => sum + (session.deferred ?? 0), 0),
        sessions: waiting.length,
        since,
      },
    },
    hooks: {
      lastRun: last
        ? { event: last.event, at: last.at, ok: last.ok, ms: last.ms, ...(last.did ? { did: last.did } : {}) }
        : null,
      lastRunByEvent,
      errors,
      notes,
    },
    agents: readAgentStatus(root, records, process.env),
    ...(await readStatusExtensions(root, config)),
  };
}

/** Below this, a hook's writes (a session state, a lock, a log line) start to fail. */
const LOW_DISK_BYTES = 1024 * 1024;

/** What to tell the user when the file system of `dir` is (nearly) full, else null. */
function readDiskFull(dir: string): string | null {
  try {
    const stats = statfsSync(existsSync(dir) ? dir : '.');
    const free = stats.bavail * stats.bsize;
    if (free >= LOW_DISK_BYTES) return null;
    return `${Math.floor(free / 1024)} KiB free on the disk holding ${dir}`;
  } catch {
    return null;
  }
}

function toError(record: HookRecord): StatusReport['hooks']['errors'][number] {
  const error: StatusReport['hooks']['errors'][number] = {
    at: record.at,
    event: record.event,
    code: record.code ?? 'UNKNOWN',
    message: record.message ?? '',
  };
  if (record.session) error.session = record.session;
  return error;
}
