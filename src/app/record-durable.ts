import type { TranscriptEvent } from '../transcript/transcript-event.js';
import type { HookContext } from './hook-context.js';

export type DurableOutcome = { candidates: number; written: number };

/** Placeholder until the filter and region editor land. */
export async function recordDurable(_context: HookContext, _events: TranscriptEvent[], _sessionId: string): Promise<DurableOutcome> {
  return { candidates: 0, written: 0 };
}
