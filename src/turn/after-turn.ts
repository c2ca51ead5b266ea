/**
 * The detached step a Stop hands off (`mem sync --after-turn`, started by start-after-turn.ts):
 * nobody waits for it. First the turns Stops handed over while another mem process was at work
 * (hand-off-turn.ts) are read from their transcripts, and the candidates Stops deferred while the
 * memory lock was busy are judged and written, with a command's patience; then the team step. Work
 * it cannot do stays marked or deferred for the next hook and is shown in `mem status`: nothing
 * is dropped.
 */
import { loadConfig } from '../core/config/load-config.js';
import { isMemError } from '../core/errors.js';
import { acquireLock, adoptLock } from '../core/files/lock.js';
import type { HookContext } from '../core/hook-context.js';
import { memoryPaths, type MemoryPaths } from '../core/layout.js';
import { listSessions } from '../session/session-store.js';
import { countTailsLeft, listTailsLeft } from '../session/tails-left.js';
import { finishTailsLeft } from '../session/finish-tails-left.js';
import { durableConsumer } from './durable-consumer.js';
import { AFTER_TURN_STALE_MS, afterTurnLocks } from './after-turn-locks.js';
import { restoreCarriedEnvironment } from './start-after-turn.js';

/** How long the step may spend on deferred candidates, and wait for the memory lock for them. */
const SETTLE_DEADLINE_MS = 60_000;
const SETTLE_LOCK_WAIT_MS = 30_000;
/** How long the queued step waits for the one at work (which settles within SETTLE_DEADLINE_MS, then syncs). */
const QUEUED_WAIT_MS = 10 * 60_000;
/**
 * How long the step stays queued once its turn has come, after the last turn a Stop handed over
 * (at most GATHER_MAX_MS): Stops ending meanwhile (many sessions end their turns within seconds
 * of each other) join it instead of each starting the next step, and the step's own work does not
 * take the CPU those Stops need to end inside their hook timeout.
 */
const GATHER_MS = 1_000;
const GATHER_MAX_MS = 15_000;
const GATHER_POLL_MS = 200;

/** Returns the exit code of the detached after-turn step (always 0: nobody waits for it). */
export async function runAfterTurn(root: string, sessionId: string | undefined): Promise<number> {
  restoreCarriedEnvironment(process.env);
  const paths = memoryPaths(root);
  let release: (() => void) | null;
  try {
    release = await takeTurn(paths);
  } catch {
    return 0; // the work waits in the session records and for the next step
  }
  if (!release) return 0;
  try {
    try {
      await settleDeferred(root, paths);
    } catch {
      // The tails are still marked and the candidates still deferred: the next step or hook tries again.
    }
    const { runAfterTurnSync } = await import('../team/after-turn-sync.js');
    return await runAfterTurnSync(root, sessionId);
  } finally {
    release();
  }
}

/**
 * Many Stops ending at once each may start this step: one works, one waits behind it, and the
 * others leave at once, since the waiting one reads memory only after the working one is done
 * (and so sees whatever they would have). Returns the release of `running`, or null when another
 * step is already queued.
 */
async function takeTurn(paths: MemoryPaths): Promise<(() => void) | null> {
  const locks = afterTurnLocks(paths);
  // The Stop that started this step took `queued` for it, unless another step was queued already.
  let releaseQueued = adoptLock(locks.queued, AFTER_TURN_STALE_MS);
  try {
    releaseQueued ??= await acquireLock(locks.queued, { timeoutMs: 0, staleMs: AFTER_TURN_STALE_MS });
  } catch (error) {
    if (isMemError(error) && error.code === 'LOCK_HELD') return null;
    throw error;
  }
  try {
    const release = await acquireLock(locks.running, { timeoutMs: QUEUED_WAIT_MS, staleMs: AFTER_TURN_STALE_MS });
    await gatherTurns(paths);
    return release;
  } finally {
    // Note: only now, holding `running` and before reading anything: see after-turn-locks.ts.
    releaseQueued();
  }
}

/** Returns once no Stop has handed over a turn for GATHER_MS, or after GATHER_MAX_MS. */
async function gatherTurns(paths: MemoryPaths): Promise<void> {
  const until = Date.now() + GATHER_MAX_MS;
  let seen = countTailsLeft(paths);
  let quietSince = Date.now();
  while (Date.now() - quietSince < GATHER_MS && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, GATHER_POLL_MS));
    const count = countTailsLeft(paths);
    if (count !== seen) [seen, quietSince] = [count, Date.now()];
  }
}

/**
 * Reads every transcript tail left and writes every session's deferred candidates, each under its
 * session's lock as its next hook would.
 */
async function settleDeferred(root: string, paths: MemoryPaths): Promise<void> {
  if (listTailsLeft(paths).length === 0 && deferredSessions(paths).length === 0) return;
  const context: HookContext = {
    root,
    paths,
    config: loadConfig(root),
    env: process.env,
    now: () => new Date(),
    deadline: Date.now() + SETTLE_DEADLINE_MS,
    notes: [],
    lockWaitMs: SETTLE_LOCK_WAIT_MS,
  };
  const durable = durableConsumer(context);
  await finishTailsLeft(context, null, durable.onEvents);
  const { updateSession } = await import('../session/update-session.js');
  for (const sessionId of deferredSessions(paths)) {
    if (Date.now() > context.deadline) return;
    // The session's own update, as its next hook would run it (under the session's lock): the
    // deferred candidates are judged first, and any newer transcript lines are read in order.
    await updateSession(context, { sessionId, transcriptPath: null }, durable.onEvents);
  }
}

function deferredSessions(paths: MemoryPaths): string[] {
  return listSessions(paths, Number.POSITIVE_INFINITY)
    .filter((session) => (session.deferred ?? 0) > 0)
    .map((session) => session.sessionId);
}
