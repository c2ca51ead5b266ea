import type { HookPayload } from '../agents/claude-code/hook-payload.js';
import type { HookContext } from '../core/hook-context.js';
import type { AgentId } from '../agents/agent-id.js';
import { finishEndedSessions } from '../session/finish-ended-sessions.js';
import { updateSession } from '../session/update-session.js';
import { durableConsumer } from './durable-consumer.js';
import { join } from 'node:path';
import { removeOrphanTemps } from '../core/files/orphan-temps.js';
import { RENDERED_DIR } from '../core/shared-memory-stamp.js';

/**
 * Stop, the seed's afterTurn, in its order:
 * 1. session memory: the handoff of this session (and of sessions that ended without a
 *    SessionEnd) is brought up to date from the transcript tail;
 * 2. durable memory: each new batch of events is mined for candidates, gated, and the survivors
 *    written (the step runs per batch inside the session update, so the transcript cursor never
 *    moves past events that were not judged);
 * 3. team: when something meaningful was written, it is shared off the hook's path.
 * Returns the hook-log summary; never blocks the Stop (no output).
 */
export async function handleStop(
  context: HookContext,
  payload: HookPayload,
  agent: AgentId = 'claude',
): Promise<string> {
  const durable = durableConsumer(context);
  // A process killed mid-write (a hook past its watchdog, kill -9) can leave a temp file beside
  // what it was replacing; a few directory reads find them.
  const { paths } = context;
  removeOrphanTemps([
    context.root,
    paths.memoryDir,
    paths.stateDir,
    paths.sessionStateDir,
    paths.sessionsDir,
    paths.cacheDir,
    paths.endedDir,
    join(context.root, RENDERED_DIR),
  ]);
  await finishEndedSessions(context, payload.sessionId, durable.onEvents);
  const update = await updateSession(
    context,
    {
      sessionId: payload.sessionId,
      transcriptPath: payload.transcriptPath,
      lastAssistantMessage: payload.lastAssistantMessage,
      agent,
    },
    durable.onEvents,
  );
  if (update.transcriptProblem) context.notes.push(update.transcriptProblem);
  await durable.afterTurn(); // 3. share with the team if something changed
  return `${update.newEvents.length} event(s)${durable.summary()}`;
}
