import type { HookPayload } from '../agents/claude-code/hook-payload.js';
import { markTailLeft } from '../session/tails-left.js';
import type { HookContext } from '../core/hook-context.js';
import type { AgentId } from '../agents/agent-id.js';
import { updateSession } from '../session/update-session.js';
import { durableConsumer } from './durable-consumer.js';

/** PreCompact: catch up the transcript before it is summarised and note the compaction. Returns no output (never blocks compaction). */
export async function handlePreCompact(
  context: HookContext,
  payload: HookPayload,
  agent: AgentId = 'claude',
): Promise<string> {
  const consume = durableConsumer(context);
  const update = await updateSession(
    context,
    {
      sessionId: payload.sessionId,
      transcriptPath: payload.transcriptPath,
      compaction: { trigger: payload.trigger ?? 'unknown' },
      agent,
    },
    consume.onEvents,
  );
  await consume.afterTurn();
  return `${update.newEvents.length} event(s) before compaction`;
}

/** SessionEnd: only a marker (Claude Code may cancel this hook after 1.5 s); the next Stop or SessionStart finishes the work. */
export async function handleSessionEnd(
  context: HookContext,
  payload: HookPayload,
  agent: AgentId = 'claude',
): Promise<string> {
  markTailLeft(context.paths, {
    sessionId: payload.sessionId,
    transcriptPath: payload.transcriptPath,
    reason: payload.reason,
    at: context.now().toISOString(),
    ...(agent === 'claude' ? {} : { agent }),
  });
  return 'marked ended';
}
