/**
 * `mem candidates`: why something was or was not remembered. Reads the candidate log the Stop
 * hook, `mem remember` and `mem forget` append to; it is secret-free by construction (a secret
 * candidate was logged by reason only, without text).
 */
import { readCandidateRecords, type CandidateLogRecord } from './candidate-log.js';
import { memoryPaths } from '../core/layout.js';
import { explainReason } from './explain-reason.js';
import { requireRepoRoot } from '../core/git/repo-root.js';
import { requireSetUp } from '../core/set-up.js';
import { readPending, type PendingItem } from './inbox/pending-store.js';
import { loadConfig } from '../core/config/load-config.js';

/** accepted: it changed (or already was in) memory. rejected / flagged: left out, see reasons. forgotten: removed by `mem forget`. */
export type CandidateVerdict = 'accepted' | 'rejected' | 'flagged' | 'forgotten';

/**
 * written: mem wrote it (or memory already said it). pending: waiting in the inbox for
 * `--accept` or `--reject`. rejected / flagged: left out, see reasons. forgotten: `mem forget`.
 */
export type CandidateStatus = 'written' | 'pending' | 'rejected' | 'flagged' | 'forgotten';

/** One candidate as `mem candidates --json` prints it. */
export type ListedCandidate = {
  /** The pending item's id (for --accept / --reject); null for settled candidates. */
  id: string | null;
  status: CandidateStatus;
  /** Where a pending candidate came from, in words. */
  from: string | null;
  at: string;
  session: string | null;
  verdict: CandidateVerdict;
  /** The filter's action: add, merge, supersede, flag, reject (or forget). */
  action: string;
  reasons: { code: string; explanation: string }[];
  section: string;
  /** Which extractor proposed it (correction, command, manual…), and who said it (user, agent, tool). */
  source: string;
  origin: string;
  /** The candidate's text, secrets redacted; null when it was withheld because it was a secret. */
  text: string | null;
  /** The entry written or already holding it. */
  entryId: string | null;
  /** The entry it duplicates, supersedes or contradicts. */
  targetId: string | null;
};

export type CandidateOptions = { rejected?: boolean; pending?: boolean; limit?: number; session?: string };

const DEFAULT_LIMIT = 20;

function verdictOf(record: CandidateLogRecord): CandidateVerdict {
  if (record.action === 'forget') return 'forgotten';
  if (record.accepted) return 'accepted';
  return record.action === 'flag' ? 'flagged' : 'rejected';
}

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

const STATUS: Record<CandidateVerdict, CandidateStatus> = {
  accepted: 'written',
  rejected: 'rejected',
  flagged: 'flagged',
  forgotten: 'forgotten',
};

function toListed(record: CandidateLogRecord): ListedCandidate {
  const reasons = Array.isArray(record.reasons)
    ? record.reasons.filter((code): code is string => typeof code === 'string')
    : [];
  const verdict = verdictOf(record);
  return {
    id: null,
    status: STATUS[verdict],
    from: null,
    at: str(record.at, ''),
    session: typeof record.session === 'string' ? record.session : null,
    verdict,
    action: str(record.action, 'unknown'),
    reasons: reasons.map((code) => ({ code, explanation: explainReason(code) })),
    section: str(record.section, ''),
    source: str(record.source, ''),
    origin: str(record.origin, ''),
    text: typeof record.text === 'string' && !reasons.includes('secret') ? record.text : null,
    entryId: typeof record.entryId === 'string' ? record.entryId : null,
    targetId: typeof record.targetId === 'string' ? record.targetId : null,
  };
}

function pendingListed(item: PendingItem): ListedCandidate {
  return {
    id: item.id,
    status: 'pending',
    from: item.from,
    at: item.at,
    session: item.session ?? null,
    verdict: 'rejected',
    action: 'pend',
    reasons: [],
    section: item.section,
    source: item.source,
    origin: item.origin,
    text: item.text,
    entryId: null,
    targetId: null,
  };
}

/** Returns the pending candidates, oldest first (not expired); throws NOT_A_GIT_REPO. */
function listPending(cwd: string, now = new Date()): ListedCandidate[] {
  const root = requireRepoRoot(cwd);
  const paths = memoryPaths(root);
  let expireDays = 14;
  try {
    expireDays = loadConfig(root).pending.expireDays;
  } catch {
    /* an invalid config is reported by the commands that need it */
  }
  return readPending(paths.stateDir, now, expireDays).map(pendingListed);
}

/**
 * Returns the pending candidates first (newest first), then the most recent settled ones, at most
 * `limit` (default 20) of the latter; throws NOT_A_GIT_REPO or NOT_INITIALISED.
 */
export function listCandidates(cwd: string, options: CandidateOptions = {}): ListedCandidate[] {
  const root = requireSetUp(cwd);
  const limit = options.limit ?? DEFAULT_LIMIT;
  const pending =
    options.rejected === true
      ? []
      : listPending(root)
          .reverse()
          .filter((c) => options.session === undefined || (c.session ?? '').startsWith(options.session));
  if (options.pending === true) return pending;
  const path = memoryPaths(root).candidateLog;
  // The log rotates at 1 MiB: the previous file holds what came just before.
  const records = [...readCandidateRecords(`${path}.1`), ...readCandidateRecords(path)].filter(
    (record): record is CandidateLogRecord => typeof record === 'object' && record !== null,
  );
  const listed: ListedCandidate[] = [];
  for (let index = records.length - 1; index >= 0 && listed.length < limit; index--) {
    const record = records[index];
    if (record === undefined || record.action === 'pend') continue;
    const candidate = toListed(record);
    if (options.rejected === true && candidate.verdict !== 'rejected' && candidate.verdict !== 'flagged') continue;
    if (options.session !== undefined && !(candidate.session ?? '').startsWith(options.session)) continue;
    listed.push(candidate);
  }
  return [...pending, ...listed];
}
