/**
 * The Stop hook's durable step: candidates from the turn's events → quality filter → region
 * edits in CLAUDE.md (and AGENTS.md) → candidate log. Loaded only when a turn has events.
 */
import { countCommandSuccesses, extractCandidates } from './extract/extract-candidates.js';
import type { TranscriptEvent } from '../agents/transcript-event.js';
import type { Candidate } from '../core/memory-file/candidate.js';
import { repoOperationInProgress } from '../core/git/git-operation.js';
import type { HookContext } from '../core/hook-context.js';
import { findSecrets } from '../core/safety/scan-secrets.js';
import { appendCandidateRecords, type CandidateLogRecord } from './candidate-log.js';
import { isMemError } from '../core/errors.js';
import { isLockHeld } from '../core/files/lock.js';

/** `deferred`: candidates kept for later because memory could not be written now (the lock busy, a write failing). */
export type DurableOutcome = { candidates: number; written: number; deferred?: number };

/**
 * What the durable step keeps per session, inside the session's state record (the session
 * capability stores it; only this step reads or changes these fields).
 */
export type DurableSessionMemory = {
  state: { sessionId: string };
  /** The agent the session runs in (absent: Claude Code). */
  agent?: string;
  commandSuccesses?: Record<string, number>;
  durableBatches?: number;
  deferred?: Candidate[];
  deferredSince?: string;
  judged?: string[];
};

/**
 * Returns how many candidates the turn produced and how many changed memory. Candidates that
 * cannot be judged and written now (`judge: false` past the deadline, the memory lock busy, a
 * write failing) are kept in `record.deferred` and noted, never dropped; never throws for those.
 */
export async function recordDurable(
  context: HookContext,
  events: TranscriptEvent[],
  record: DurableSessionMemory,
  options: { judge: boolean } = { judge: true },
): Promise<DurableOutcome> {
  const sessionId = record.state.sessionId;
  const candidates = events.length > 0 ? extractTurn(context, events, record) : [];
  // Mid-rebase or mid-merge CLAUDE.md may hold conflict markers the user is resolving: keep this
  // turn's candidates for the next turn instead of writing into it now.
  const busy = repoOperationInProgress(context.root);
  if (busy || !options.judge) {
    defer(context, record, candidates);
    if (candidates.length > 0)
      context.notes.push(
        busy
          ? `${candidates.length} candidate(s) deferred while ${busy} is in progress`
          : `${candidates.length} candidate(s) deferred to the next hook: past the hook deadline`,
      );
    return { candidates: candidates.length, written: 0 };
  }
  if (record.deferred) {
    candidates.unshift(...record.deferred);
    delete record.deferred;
  }
  // A candidate this session already judged (the same test command proven again, a rule
  // repeated) is not judged twice: same verdict, and a human's later removal of it sticks.
  const judgedBefore = record.judged;
  const judged = new Set(judgedBefore ?? []);
  const fresh = candidates.filter((candidate) => !judged.has(judgedKey(candidate.text)));
  if (fresh.length === 0) {
    delete record.deferredSince;
    return { candidates: candidates.length, written: 0 };
  }
  // Another mem process is writing memory: a hook defers before judging, so that many sessions
  // ending their turns at once do not each pay for the filter and wait (issue 28.12); the
  // detached after-turn step judges and writes them, with patience.
  if (context.lockWaitMs === undefined && isLockHeld(context.paths.memoryLock)) {
    defer(context, record, fresh);
    context.notes.push(
      `${fresh.length} candidate(s) deferred to the next hook: memory is locked by another mem process`,
    );
    return { candidates: candidates.length, written: 0, deferred: fresh.length };
  }
  record.judged = [...judged, ...fresh.map((candidate) => judgedKey(candidate.text))].slice(-MAX_JUDGED);

  // Note: judging loads the filter, the region editor and the forgotten list; a turn whose
  // candidates were all judged before never pays for them.
  const { judgeAndWrite } = await import('./judge-candidates.js');
  try {
    const written = await judgeAndWrite(context, fresh, sessionId, record.agent);
    delete record.deferredSince;
    return { candidates: candidates.length, written };
  } catch (error) {
    // Nothing was written or logged as accepted: the candidates wait, unjudged, for the next hook.
    if (judgedBefore) record.judged = judgedBefore;
    else delete record.judged;
    defer(context, record, fresh);
    const reason =
      isMemError(error) && error.code === 'LOCK_HELD'
        ? 'memory is locked by another mem process'
        : `writing memory failed (${(error as Error).message})`;
    context.notes.push(`${fresh.length} candidate(s) deferred to the next hook: ${reason}`);
    return { candidates: candidates.length, written: 0, deferred: fresh.length };
  }
}

/** Extracts the turn's candidates and counts its proven commands into the record. */
function extractTurn(context: HookContext, events: TranscriptEvent[], record: DurableSessionMemory): Candidate[] {
  const sessionId = record.state.sessionId;
  const prior = record.commandSuccesses ?? {};
  const candidates = extractCandidates(events, {
    sessionId,
    sections: context.config.region.sections,
    commandMinSuccesses: context.config.filter.commandMinSuccesses,
    priorCommandSuccesses: prior,
  });
  const counted = { ...prior };
  for (const [command, count] of Object.entries(countCommandSuccesses(events)))
    counted[command] = (counted[command] ?? 0) + count;
  record.commandSuccesses = counted;
  record.durableBatches = (record.durableBatches ?? 0) + 1;
  logSecretsSeen(context, events, sessionId);
  return candidates;
}

function defer(context: HookContext, record: DurableSessionMemory, candidates: Candidate[]): void {
  if (candidates.length === 0) return;
  record.deferred = [...(record.deferred ?? []), ...candidates].slice(-MAX_DEFERRED);
  record.deferredSince ??= context.now().toISOString();
}

/** Candidates kept across turns while they cannot be judged (a bounded list). */
const MAX_DEFERRED = 100;

/** Candidates judged per session that are remembered (a bounded list). */
const MAX_JUDGED = 500;

function judgedKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A prompt that carried a secret is worth explaining even when it held no memory request: the
 * user should know mem saw it and kept it out of every file it writes. Rule ids only, no text.
 */
function logSecretsSeen(context: HookContext, events: readonly TranscriptEvent[], sessionId: string): void {
  const options = {
    entropyBits: context.config.filter.secretEntropyBits,
    minTokenLength: context.config.filter.secretMinTokenLength,
  };
  const records: CandidateLogRecord[] = [];
  for (const event of events) {
    if (event.kind !== 'user-prompt' && event.kind !== 'memory-input') continue;
    const rules = [...new Set(findSecrets(event.text, options).map((finding) => finding.ruleId))];
    if (rules.length === 0) continue;
    records.push({
      at: context.now().toISOString(),
      session: sessionId,
      section: '-',
      source: 'prompt',
      origin: 'user',
      accepted: false,
      action: 'reject',
      reasons: ['secret'],
      detail: `a prompt contained a secret (${rules.join(', ')}): never stored, redacted in the session handoff`,
    });
  }
  try {
    appendCandidateRecords(context.paths.candidateLog, records);
  } catch {
    /* the candidate log is an explanation, not memory */
  }
}
