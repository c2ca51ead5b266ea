/**
 * The detached step a Stop hands off (`mem sync --after-turn`, started by start-after-turn.ts):
 * nobody waits for it. First the candidates that Stops deferred instead of holding their agents
 * while another mem process had the memory lock are judged and written, with a command's
 * patience; then the team step. Work it cannot do either stays deferred for the session's next
 * hook and is shown in `mem status`: nothing is dropped.
 */
import { join } from 'node:path';
import { loadConfig } from '../core/config/load-config.js';
import { isMemError } from '../core/errors.js';
import { withLock } from '../core/files/lock.js';
import type { HookContext } from '../core/hook-context.js';
import { memoryPaths, type MemoryPaths } from '../core/layout.js';
import { listSessions } from '../session/session-store.js';
import { durableConsumer } from './durable-consumer.js';

/** How long the step may spend on deferred candidates, and wait for the memory lock for them. */
const SETTLE_DEADLINE_MS = 60_000;
const SETTLE_LOCK_WAIT_MS = 30_000;
/** Rounds of settling: a Stop may defer again while a round runs (bounded: work left waits for the next hook). */
const SETTLE_ROUNDS = 3;

/** Returns the exit code of the detached after-turn step (always 0: nobody waits for it). */
export async function runAfterTurn(root: string, sessionId: string | undefined): Promise<number> {
  try {
    await settleDeferred(root);
  } catch {
    // The candidates are still deferred in their session records: the sessions' next hooks try again.
  }
  const { runAfterTurnSync } = await import('../team/after-turn-sync.js');
  return runAfterTurnSync(root, sessionId);
}

/**
 * Writes every session's deferred candidates. Many Stops ending at once each start this step: one
 * settles (under its own lock) and the others leave at once. The settler looks again after it lets
 * go, so a Stop that deferred while it worked, and whose step left because it was busy, is not missed.
 */
async function settleDeferred(root: string): Promise<void> {
  const paths = memoryPaths(root);
  for (let round = 0; round < SETTLE_ROUNDS && deferredSessions(paths).length > 0; round++) {
    try {
      await withLock(join(paths.locksDir, 'after-turn.lock'), () => settleRound(root, paths), {
        timeoutMs: 0,
        staleMs: 2 * SETTLE_DEADLINE_MS,
      });
    } catch (error) {
      if (isMemError(error) && error.code === 'LOCK_HELD') return; // another step settles, and looks again after
      throw error;
    }
  }
}

async function settleRound(root: string, paths: MemoryPaths): Promise<void> {
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
  const { updateSession } = await import('../session/update-session.js');
  const durable = durableConsumer(context);
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
