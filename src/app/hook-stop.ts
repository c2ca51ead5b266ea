import type { HookPayload } from '../hooks/hook-payload.js';
import type { HookContext } from './hook-context.js';
import { finishEndedSessions } from './finish-ended-sessions.js';
import { updateSession } from './update-session.js';
import { durableConsumer } from './durable-consumer.js';

/**
 * Stop ("afterTurn"): update the session handoff, extract and record durable memory, commit a
 * meaningful change to the local team branch. Never blocks the Stop: returns no output.
 */
export async function handleStop(context: HookContext, payload: HookPayload): Promise<string> {
  const consume = durableConsumer(context);
  await finishEndedSessions(context, payload.sessionId, consume.onEvents);
  const update = await updateSession(
    context,
    { sessionId: payload.sessionId, transcriptPath: payload.transcriptPath, lastAssistantMessage: payload.lastAssistantMessage },
    consume.onEvents,
  );
  if (update.transcriptProblem) context.notes.push(update.transcriptProblem);
  await consume.afterTurn();
  return `${update.newEvents.length} event(s)${consume.summary()}`;
}
