/**
 * Whether a Stop does its turn's work itself or hands it to the after-turn step (issue 28.12).
 * Fifty sessions ending their turns at once each read, extracted and judged their turn while the
 * others waited for memory: 0.38 s of CPU each, past the 10 s hook timeout on two cores. Now one
 * process at a time does a turn's work (it holds the after-turn step's `running` lock); a Stop that
 * finds it held, or a step queued, only marks its session's transcript tail as left
 * (session/tails-left.ts) and makes sure a step is queued, which reads every tail left in one run.
 * The transcript is the record of the turn: nothing is copied, and a step killed before it reads
 * leaves the marker for the next one, or for the next Stop or SessionStart of any session.
 */
import type { HookPayload } from '../agents/claude-code/hook-payload.js';
import type { AgentId } from '../agents/agent-id.js';
import { isMemError } from '../core/errors.js';
import { acquireLock, isLockHeld } from '../core/files/lock.js';
import type { HookContext } from '../core/hook-context.js';
import { markTailLeft } from '../session/tails-left.js';
import { AFTER_TURN_STALE_MS, afterTurnLocks } from './after-turn-locks.js';
import { canStartAfterTurn, startAfterTurn } from './start-after-turn.js';

/**
 * Returns the release of the turn's work when this Stop may do it now, or null when another mem
 * process is at it (or a step is queued to do it next). Without detached steps (MEM_NO_BACKGROUND_SYNC=1)
 * there is nobody to hand to: the Stop always does its own work. Throws only on I/O failure.
 */
export async function claimTurnWork(context: HookContext): Promise<(() => void) | null> {
  if (!canStartAfterTurn(context.env)) return () => undefined;
  const locks = afterTurnLocks(context.paths);
  if (isLockHeld(locks.queued, AFTER_TURN_STALE_MS)) return null;
  try {
    return await acquireLock(locks.running, { timeoutMs: 0, staleMs: AFTER_TURN_STALE_MS });
  } catch (error) {
    if (isMemError(error) && error.code === 'LOCK_HELD') return null;
    throw error;
  }
}

/** Leaves this turn's transcript tail for the after-turn step and queues one; throws on I/O failure of the marker. */
export function handOffTurn(context: HookContext, payload: HookPayload, agent: AgentId): void {
  markTailLeft(context.paths, {
    sessionId: payload.sessionId,
    transcriptPath: payload.transcriptPath,
    reason: 'stop',
    at: context.now().toISOString(),
    ...(agent === 'claude' ? {} : { agent }),
  });
  // Note: after the marker is saved: a step already queued reads tails only once it works, so it sees this one.
  startAfterTurn(context, payload.sessionId);
}
