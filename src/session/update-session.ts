/**
 * The session-memory step shared by Stop, PreCompact, SessionEnd catch-up and SessionStart:
 * read the transcript's new lines, fold them into the session state, hand the new events to the
 * durable step, then save state + cursor + handoff. Under the session's lock, so parallel hooks
 * of one session never lose an update or process a line twice.
 */
import { join } from 'node:path';
import { withLock } from '../core/files/lock.js';
import { readTranscriptTail } from '../agents/read-transcript-tail.js';
import { fingerprint } from '../core/files/fast-hash.js';
import { loadSessionRecord, saveSessionRecord, writeHandoff, type SessionRecord } from './session-store.js';
import { locateTranscript } from '../agents/claude-code/locate-transcript.js';
import { adapterFor } from '../agents/agent-adapter.js';
import type { AgentId } from '../agents/agent-id.js';
import { readCurrentBranch } from '../core/git/repo-root.js';
import { commitsAt, readWorkTreeGit } from '../core/git/read-work-tree-git.js';
import {
  applyEvents,
  createSessionState,
  type SessionState,
  noteLastAssistantMessage,
  recordCompaction,
  type Compaction,
} from './session-state.js';
import { renderHandoff, shortSessionId } from './render-handoff.js';
import type { TranscriptEvent } from '../agents/transcript-event.js';
import { redactEvents } from './redact-events.js';
import { pastDeadline, type HookContext } from '../core/hook-context.js';

/** First reads of transcripts bigger than this start near their end: the handoff is about recent work. */
const FIRST_READ_WINDOW_BYTES = 8 * 1024 * 1024;

export type SessionInput = {
  sessionId: string;
  transcriptPath: string | null;
  lastAssistantMessage?: string | null;
  compaction?: { trigger: string };
  /** The agent whose hook this is (the transcript format follows it); default: the session's, else Claude Code. */
  agent?: AgentId;
};

export type SessionUpdate = {
  record: SessionRecord;
  newEvents: TranscriptEvent[];
  changed: boolean;
  /** The transcript could not be read (reason); memory stays as it was. */
  transcriptProblem?: string;
};

/**
 * The durable step as this updater calls it: with the new events, and also with none when the
 * record holds deferred work. `judge: false` (past the deadline) means: keep, do not judge now.
 */
export type EventsConsumer = (
  events: TranscriptEvent[],
  record: SessionRecord,
  options: { judge: boolean },
) => Promise<void>;

/** Returns the session's updated record after folding in its new transcript lines; throws on I/O failure of mem's own files. */
export async function updateSession(
  context: HookContext,
  input: SessionInput,
  consume?: EventsConsumer,
): Promise<SessionUpdate> {
  const lockPath = join(context.paths.locksDir, `session-${input.sessionId}.lock`);
  const remaining = Math.max(0, context.deadline - Date.now());
  return withLock(lockPath, () => updateLocked(context, input, consume), { timeoutMs: remaining, staleMs: 120_000 });
}

async function updateLocked(
  context: HookContext,
  input: SessionInput,
  consume?: EventsConsumer,
): Promise<SessionUpdate> {
  const nowIso = context.now().toISOString();
  const previous = loadSessionRecord(context.paths, input.sessionId);
  const record: SessionRecord = previous
    ? { ...previous }
    : {
        state: createSessionState(input.sessionId, nowIso, readCurrentBranch(context.root)),
        handoffFile: `${nowIso.slice(0, 10)}-${shortSessionId(input.sessionId)}.md`,
      };
  // A session belongs to one agent: the one that first reported it, unless a hook names another.
  const agent = input.agent ?? record.agent ?? 'claude';
  if (agent !== 'claude' || record.agent) record.agent = agent;
  const adapter = adapterFor(agent);
  let state = record.state;
  let newEvents: TranscriptEvent[] = [];
  let transcriptProblem: string | undefined;

  const location = locateTranscript(
    input.transcriptPath ?? record.transcriptPath ?? null,
    input.sessionId,
    context.env,
    adapter.findTranscript,
  );
  if (location.path === null) {
    transcriptProblem = location.problem;
  } else {
    try {
      const tail = readTranscriptTail(
        location.path,
        location.path === record.transcriptPath ? record.cursor : undefined,
        {
          maxLineBytes: context.config.session.maxLineBytes,
          deadline: context.deadline,
          firstReadWindowBytes: FIRST_READ_WINDOW_BYTES,
          ...(agent === 'claude' ? {} : { parseLine: adapter.parseLine }),
        },
      );
      newEvents = tail.events;
      if (tail.events.length > 0) {
        const clean = await loadQuoteCleaner();
        state = applyEvents(state, redactEvents(tail.events, clean), nowIso);
      }
      record.cursor = tail.cursor;
      record.transcriptPath = location.path;
      if (tail.stoppedAtDeadline) context.notes.push('transcript tail left for the next run (deadline)');
      if (tail.skippedLongLines > 0)
        context.notes.push(`${tail.skippedLongLines} over-long transcript line(s) skipped`);
      if (tail.badLines > 0) context.notes.push(`${tail.badLines} unreadable transcript line(s) skipped`);
      if (tail.rewritten) context.notes.push('transcript was rewritten; re-read from the start');
      if (tail.startedFromWindow) context.notes.push('first read of a large transcript started near its end');
    } catch (error) {
      transcriptProblem = `transcript unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'}): ${location.path}`;
    }
  }
  // Note: the same final message arrives with every Stop of an idle turn; only a new one is
  // worth loading the secret scanner for.
  const messageHash = input.lastAssistantMessage ? fingerprint(input.lastAssistantMessage) : undefined;
  if (input.lastAssistantMessage && messageHash !== record.lastMessageHash) {
    const clean = await loadQuoteCleaner();
    state = noteLastAssistantMessage(state, clean(input.lastAssistantMessage), nowIso);
    if (messageHash) record.lastMessageHash = messageHash;
  }
  if (input.compaction) {
    state = structuredClone(state);
    const compaction: Compaction = { at: nowIso, trigger: input.compaction.trigger, source: 'pre-compact-hook' };
    recordCompaction(state, compaction);
    state.updatedAt = nowIso;
  }

  const changed = previous === null || state !== record.state || cursorMoved(previous, record);
  record.state = state;

  // Durable extraction runs before the cursor is saved: a crash in between re-reads the turn,
  // and the duplicate rule makes that harmless. The reverse order could lose a turn. Work the
  // step cannot finish now (deadline, memory lock busy, a write failing) stays in the record as
  // deferred candidates, which the session's next hook judges first.
  let deferredChanged = false;
  if (consume && (newEvents.length > 0 || (record.deferred?.length ?? 0) > 0)) {
    const before = record.deferred;
    try {
      await consume(newEvents, record, { judge: !pastDeadline(context) });
    } catch (error) {
      context.notes.push(`durable step failed: ${(error as Error).message}`);
    }
    deferredChanged = record.deferred !== before;
  }

  if (!changed && deferredChanged) saveSessionRecord(context.paths, record);
  if (changed) {
    const since = gitSince(state);
    const [{ redactSecrets }, git] = await Promise.all([
      import('../core/safety/scan-secrets.js'),
      readWorkTreeGit(context.root, since, record.commitsAt),
    ]);
    const listed = git ? commitsAt(git, since) : null;
    if (listed) record.commitsAt = listed;
    else delete record.commitsAt;
    writeHandoff(
      context.paths,
      record.handoffFile,
      renderHandoff(state, {
        root: context.root,
        contextFiles: context.config.session.contextFiles,
        redact: (text) => redactSecrets(text),
        git,
      }),
    );
    saveSessionRecord(context.paths, record);
  }
  const update: SessionUpdate = { record, newEvents, changed };
  if (transcriptProblem !== undefined) update.transcriptProblem = transcriptProblem;
  return update;
}

/**
 * What every quoted text goes through before session memory keeps it: secrets redacted, and the
 * invisible or bidirectional characters that could hide instructions in the next session's
 * context removed. Loaded lazily: a quiet turn quotes nothing.
 */
async function loadQuoteCleaner(): Promise<(text: string) => string> {
  const [{ redactSecrets }, { removeInvisibleUnicode }] = await Promise.all([
    import('../core/safety/scan-secrets.js'),
    import('../core/safety/scan-injection.js'),
  ]);
  return (text) => removeInvisibleUnicode(redactSecrets(text));
}

/** Commits from this moment on are the session's: its first transcript line, a little earlier for clocks a second apart. */
function gitSince(state: SessionState): string {
  const started = Date.parse(state.firstEventAt ?? state.startedAt);
  return Number.isNaN(started) ? state.startedAt : new Date(started - 2_000).toISOString();
}

function cursorMoved(previous: SessionRecord, next: SessionRecord): boolean {
  return (
    previous.lastMessageHash !== next.lastMessageHash ||
    previous.cursor?.offset !== next.cursor?.offset ||
    previous.cursor?.head !== next.cursor?.head ||
    previous.cursor?.headLength !== next.cursor?.headLength ||
    previous.transcriptPath !== next.transcriptPath
  );
}
