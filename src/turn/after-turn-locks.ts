import { join } from 'node:path';
import type { MemoryPaths } from '../core/layout.js';

/**
 * The detached after-turn step's two locks: `running` is held by the one step at work, `queued`
 * by the one step waiting to work next (taken for it by the Stop that started it). The queued step
 * lets go of `queued` only once it holds `running`, before it reads anything; so while `queued` is
 * held, whatever a Stop wrote or deferred before it looked will be seen, and the Stop starts no
 * step of its own.
 */
export function afterTurnLocks(paths: MemoryPaths): { running: string; queued: string } {
  return { running: join(paths.locksDir, 'after-turn.lock'), queued: join(paths.locksDir, 'after-turn-queued.lock') };
}

/** A step's locks count as abandoned when not refreshed for this long (a live holder refreshes them every 2 s). */
export const AFTER_TURN_STALE_MS = 120_000;
