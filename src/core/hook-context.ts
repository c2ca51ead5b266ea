/**
 * Everything a hook run needs, gathered once: where the repository is, its config, the clock
 * and the deadline after which work is left for the next run.
 */
import type { Config } from './config/schema.js';
import type { MemoryPaths } from './layout.js';

export type HookContext = {
  root: string;
  paths: MemoryPaths;
  config: Config;
  env: NodeJS.ProcessEnv;
  now: () => Date;
  /** Epoch ms: work stops at the next safe point after this. */
  deadline: number;
  /** Notes about deferred or skipped work, logged with the run. */
  notes: string[];
  /** How long a write waits for the memory lock before deferring (absent: a hook, which defers at once when the lock is held, else waits HOOK_LOCK_WAIT_MS). */
  lockWaitMs?: number;
};

/**
 * A hook waits this long for the memory lock, then defers: under contention (many sessions ending
 * their turns at once) waiting for the whole deadline held each agent for it (issue 28.12), and
 * the deferred work is done by the detached after-turn step (turn/after-turn.ts) or the next hook.
 */
const HOOK_LOCK_WAIT_MS = 1_500;

/** Returns how long a write of this run may wait for the memory lock now; never fails. */
export function lockWaitFor(context: HookContext): number {
  return Math.max(100, Math.min(context.lockWaitMs ?? HOOK_LOCK_WAIT_MS, context.deadline - Date.now()));
}

/** Returns true when the run should stop starting new work. */
export function pastDeadline(context: HookContext): boolean {
  return Date.now() > context.deadline;
}
