import type { HookPayload } from '../agents/claude-code/hook-payload.js';
import type { HookContext } from '../core/hook-context.js';
import type { AgentId } from '../agents/agent-id.js';
import { finishTailsLeft } from '../session/finish-tails-left.js';
import { updateSession } from '../session/update-session.js';
import { durableConsumer } from './durable-consumer.js';
import { join } from 'node:path';
import { removeOrphanTemps } from '../core/files/orphan-temps.js';
import { RENDERED_DIR } from '../core/shared-memory-stamp.js';
import { claimTurnWork, handOffTurn } from './hand-off-turn.js';

/**
 * Stop, the seed's afterTurn, in its order:
 * 1. session memory: the handoff of this session (and of sessions whose tails other processes
 *    left) is brought up to date from the transcript tail;
 * 2. durable memory: each new batch of events is mined for candidates, gated, and the survivors
 *    written (the step runs per batch inside the session update, so the transcript cursor never
 *    moves past events that were not judged);
 * 3. team: when something meaningful was written, it is shared off the hook's path.
 * When another mem process is at a turn's work, all of it is handed to the after-turn step
 * instead (hand-off-turn.ts). Returns the hook-log summary and how many new transcript events the
 * Stop read; never blocks the Stop (no output).
 */
export async function handleStop(
  context: HookContext,
  payload: HookPayload,
  agent: AgentId = 'claude',
): Promise<{ did: string; newEvents: number }> {
  const release = await claimTurnWork(context);
  if (!release) {
    handOffTurn(context, payload, agent);
    return { did: 'turn handed to the after-turn step (another mem process at work)', newEvents: 0 };
  }
  try {
    return await doTurn(context, payload, agent);
  } finally {
    release();
  }
}

async function doTurn(
  context: HookContext,
  payload: HookPayload,
  agent: AgentId,
): Promise<{ did: string; newEvents: number }> {
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
    paths.tailsLeftDir,
    join(context.root, RENDERED_DIR),
  ]);
  await finishTailsLeft(context, payload.sessionId, durable.onEvents);
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
  return { did: `${update.newEvents.length} event(s)${durable.summary()}`, newEvents: update.newEvents.length };
}
