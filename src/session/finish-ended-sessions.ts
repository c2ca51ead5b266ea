import { clearEndedSession, listEndedSessions } from './ended-sessions.js';
import { isSafeSessionId } from '../agents/claude-code/hook-payload.js';
import { pastDeadline, type HookContext } from '../core/hook-context.js';
import type { EventsConsumer } from './update-session.js';

/**
 * Finishes sessions whose SessionEnd hook only left a marker: reads the rest of their
 * transcripts. Stops at the deadline; what is left stays queued. Returns how many were finished.
 */
export async function finishEndedSessions(
  context: HookContext,
  exceptSessionId: string | null,
  consume?: EventsConsumer,
): Promise<number> {
  let finished = 0;
  for (const marker of listEndedSessions(context.paths)) {
    if (pastDeadline(context)) break;
    if (marker.sessionId === exceptSessionId || !isSafeSessionId(marker.sessionId)) {
      clearEndedSession(context.paths, marker.sessionId);
      continue;
    }
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
    clearEndedSession(context.paths, marker.sessionId);
    finished += 1;
  }
  return finished;
}
