import type { HookContext } from './hook-context.js';

/** Placeholder until the team store lands. */
export async function shareTurnWithTeam(_context: HookContext): Promise<void> {}
