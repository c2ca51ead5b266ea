import type { Config } from '../config/schema.js';

/** Status fields contributed by durable memory and team sync. */
export type StatusExtensions = { memory?: unknown; team?: unknown };

/** Returns the durable and team parts of `mem status`. */
export async function readStatusExtensions(_root: string, _config: Config): Promise<StatusExtensions> {
  return {};
}
