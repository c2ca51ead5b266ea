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
};

/** Returns true when the run should stop starting new work. */
export function pastDeadline(context: HookContext): boolean {
  return Date.now() > context.deadline;
}
