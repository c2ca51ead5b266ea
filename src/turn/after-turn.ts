/**
 * The detached step a Stop hands off (`mem sync --after-turn`, started by start-after-turn.ts):
 * nobody waits for it. First the turns Stops handed over while another mem process was at work
 * (hand-off-turn.ts) are read from their transcripts, and the candidates Stops deferred while the
 * memory lock was busy are judged and written, with a command's patience; then the team step. Work
 * it cannot do stays marked or deferred for the next hook and is shown in `mem status`: nothing
 * is dropped.
 */
import { loadConfig } from '../core/config/load-config.js';
import { acquireLock, adoptOrTakeLock } from '../core/files/lock.js';
import type { HookContext } from '../core/hook-context.js';
import { memoryPaths, type MemoryPaths } from '../core/layout.js';
import { listSessions } from '../session/session-store.js';
import { listTailLeftFiles } from '../session/tails-left.js';
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
 * How long the step stays queued once its turn has come, and pauses before each session it reads,
 * after the last turn a Stop handed over (in all at most GATHER_MAX_MS): Stops ending meanwhile
 * (many sessions end their turns within seconds of each other) join it instead of each starting
 * the next step, and the step's own work does not take the CPU those Stops need to end inside
 * their hook timeout (on a loaded machine they hand over their turns over many seconds).
 */
const GATHER_MS = 1_000;
const GATHER_MAX_MS = 15_000;
const GATHER_POLL_MS = 200;

/** Returns the exit code of the detached after-turn step (always 0: nobody waits for it). */
export async function runAfterTurn(root: string, sessionId: string | undefined): Promise<number> {
  restoreCarriedEnvironment(process.env);
  const paths = memoryPaths(root);
  let turn: Turn | null;
  try {
    turn = await takeTurn(paths);
  } catch {
    return 0; // the work waits in the session records and for the next step
  }
  if (!turn) return 0;
  const { release, waitForQuiet } = turn;
  try {
    try {
      await settleDeferred(root, paths, waitForQuiet);
    } catch {
      // The tails are still marked and the candidates still deferred: the next step or hook tries again.
    }
    const { runAfterTurnSync } = await import('../team/after-turn-sync.js');
    return await runAfterTurnSync(root, sessionId);
  } finally {
    release();
  }
}

/** The step's hold of `running`, and its wait for a quiet moment (quietWaiter). */
type Turn = { release: () => void; waitForQuiet: () => Promise<void> };

/**
 * Many Stops ending at once each may start this step: one works, one waits behind it, and the
 * others leave at once, since the waiting one reads memory only after the working one is done
 * (and so sees whatever they would have). Returns the turn, or null when another step is already
 * queued.
 */
async function takeTurn(paths: MemoryPaths): Promise<Turn | null> {
  const locks = afterTurnLocks(paths);
  // The Stop that started this step took `queued` for it, unless another step was queued already.
  const releaseQueued = await adoptOrTakeLock(locks.queued, AFTER_TURN_STALE_MS);
  if (!releaseQueued) return null;
  try {
    const release = await acquireLock(locks.running, { timeoutMs: QUEUED_WAIT_MS, staleMs: AFTER_TURN_STALE_MS });
    const waitForQuiet = quietWaiter(paths);
    await waitForQuiet();
    return { release, waitForQuiet };
  } finally {
    // Note: only now, holding `running` and before reading anything: see after-turn-locks.ts.
    releaseQueued();
  }
}

/**
 * Returns a wait that ends once no Stop has handed over a turn for GATHER_MS (counted from the
 * step's start, then from the last marker that appeared), at once when none did lately; all its
 * waits together last at most GATHER_MAX_MS.
 */
function quietWaiter(paths: MemoryPaths): () => Promise<void> {
  const seen = new Set(listTailLeftFiles(paths));
  const until = Date.now() + GATHER_MAX_MS;
  let lastArrival = Date.now();
  const look = (): void => {
    for (const name of listTailLeftFiles(paths))
      if (!seen.has(name)) {
        seen.add(name);
        lastArrival = Date.now();
      }
  };
  return async () => {
    look();
    while (Date.now() - lastArrival < GATHER_MS && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, GATHER_POLL_MS));
      look();
    }
  };
}

/**
 * Reads every transcript tail left and writes every session's deferred candidates, each under its
 * session's lock as its next hook would.
 */
async function settleDeferred(root: string, paths: MemoryPaths, waitForQuiet: () => Promise<void>): Promise<void> {
  if (listTailLeftFiles(paths).length === 0 && deferredSessions(paths).length === 0) return;
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
  await finishTailsLeft(context, null, durable.onEvents, waitForQuiet);
  const { updateSession } = await import('../session/update-session.js');
  for (const sessionId of deferredSessions(paths)) {
    if (Date.now() > context.deadline) return;
    await waitForQuiet();
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
