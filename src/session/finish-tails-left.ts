import { clearTailLeft, listTailsLeft } from './tails-left.js';
import { isSafeSessionId } from '../agents/claude-code/hook-payload.js';
import { pastDeadline, type HookContext } from '../core/hook-context.js';
import type { EventsConsumer } from './update-session.js';

/**
 * Reads the transcript tails other processes left (tails-left.ts), each session once, and clears
 * exactly the markers it read. `exceptSessionId`: the caller reads that session itself, so its
 * markers are only cleared. `beforeEach` runs before each session is read. Stops at the deadline;
 * what is left stays marked. Returns how many sessions were finished.
 */
export async function finishTailsLeft(
  context: HookContext,
  exceptSessionId: string | null,
  consume?: EventsConsumer,
  beforeEach?: () => Promise<void>,
): Promise<number> {
  let finished = 0;
  const read = new Set<string>();
  for (const marker of listTailsLeft(context.paths)) {
    if (marker.sessionId === exceptSessionId || !isSafeSessionId(marker.sessionId) || read.has(marker.sessionId)) {
      clearTailLeft(context.paths, marker);
      continue;
    }
    if (pastDeadline(context)) break;
    await beforeEach?.();
    const { updateSession } = await import('./update-session.js');
    await updateSession(
      context,
      {
        sessionId: marker.sessionId,
        transcriptPath: marker.transcriptPath,
        ...(marker.agent ? { agent: marker.agent } : {}),
      },
      consume,
    );
    clearTailLeft(context.paths, marker);
    read.add(marker.sessionId);
    finished += 1;
  }
  return finished;
}
