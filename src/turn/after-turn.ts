/**
 * The detached step a Stop hands off (`mem sync --after-turn`, started by start-after-turn.ts):
 * nobody waits for it. First the session's deferred candidates, which its Stop kept instead of
 * holding the agent while another mem process had the memory lock, are judged and written with a
 * command's patience; then the team step. Work it cannot do either stays deferred for the
 * session's next hook and is shown in `mem status`: nothing is dropped.
 */
import { isSafeSessionId } from '../agents/claude-code/hook-payload.js';
import { loadConfig } from '../core/config/load-config.js';
import type { HookContext } from '../core/hook-context.js';
import { memoryPaths } from '../core/layout.js';
import { loadSessionRecord } from '../session/session-store.js';
import { durableConsumer } from './durable-consumer.js';

/** How long the detached step may take over the deferred candidates, and wait for the lock. */
const SETTLE_DEADLINE_MS = 60_000;
const SETTLE_LOCK_WAIT_MS = 30_000;

/** Returns the exit code of the detached after-turn step (always 0: nobody waits for it). */
export async function runAfterTurn(root: string, sessionId: string | undefined): Promise<number> {
  if (sessionId !== undefined && isSafeSessionId(sessionId)) {
    try {
      await settleDeferred(root, sessionId);
    } catch {
      // The candidates are still deferred in the session record: its next hook tries again.
    }
  }
  const { runAfterTurnSync } = await import('../team/after-turn-sync.js');
  return runAfterTurnSync(root, sessionId);
}

async function settleDeferred(root: string, sessionId: string): Promise<void> {
  const paths = memoryPaths(root);
  if ((loadSessionRecord(paths, sessionId)?.deferred?.length ?? 0) === 0) return;
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
  // The session's own update, as its next hook would run it (under the session's lock): the
  // deferred candidates are judged first, and any newer transcript lines are read in order.
  const { updateSession } = await import('../session/update-session.js');
  await updateSession(context, { sessionId, transcriptPath: null }, durableConsumer(context).onEvents);
}
