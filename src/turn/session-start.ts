import type { HookPayload } from '../agents/claude-code/hook-payload.js';
import { readCurrentBranch } from '../core/git/repo-root.js';
import { listSessions, readHandoff } from '../session/session-store.js';
import { buildStartContext } from '../session/build-start-context.js';
import type { HookContext } from '../core/hook-context.js';
import { durableConsumer } from './durable-consumer.js';
import { finishEndedSessions } from '../session/finish-ended-sessions.js';
import { readMemoryNotices } from './memory-notices.js';
import { pruneSessionState } from '../session/prune-session-state.js';

const DAY_MS = 86_400_000;

/**
 * SessionStart: finish ended sessions, refresh team memory when cheap, and inject the previous
 * handoff for this branch (or this session's own state after a compaction or resume).
 */
export async function handleSessionStart(context: HookContext, payload: HookPayload): Promise<string> {
  const consume = durableConsumer(context);
  await finishEndedSessions(context, payload.sessionId, consume.onEvents);
  const own = payload.source === 'compact' || payload.source === 'resume';

  let handoff: { text: string; sessionId: string; updatedAt: string; own: boolean } | null = null;
  if (own) {
    const { updateSession } = await import('../session/update-session.js');
    const update = await updateSession(context, { sessionId: payload.sessionId, transcriptPath: payload.transcriptPath }, consume.onEvents);
    const text = readHandoff(context.paths, update.record.handoffFile);
    if (text && update.record.state.promptCount > 0) handoff = { text, sessionId: payload.sessionId, updatedAt: update.record.state.updatedAt, own: true };
  } else {
    const branch = readCurrentBranch(context.root);
    const oldest = context.now().getTime() - context.config.session.handoffMaxAgeDays * DAY_MS;
    const previous = listSessions(context.paths).find(
      (session) =>
        session.sessionId !== payload.sessionId &&
        session.promptCount > 0 &&
        session.branch === branch &&
        Date.parse(session.updatedAt) >= oldest,
    );
    const text = previous ? readHandoff(context.paths, previous.handoffFile) : null;
    if (previous && text) handoff = { text, sessionId: previous.sessionId, updatedAt: previous.updatedAt, own: false };
  }
  await consume.afterTurn();

  const notices = await readMemoryNotices(context, { refreshTeam: !own });
  const pruned = pruneSessionState(context.paths, context.now().getTime());
  if (pruned > 0) context.notes.push(`pruned the state of ${pruned} session(s) older than 30 days (handoffs kept)`);
  const additionalContext = buildStartContext({
    source: payload.source,
    handoff,
    conflicts: notices.conflicts,
    syncProblem: notices.syncProblem,
    budgetChars: context.config.session.startBudgetTokens * 4,
  });
  if (!additionalContext) return '';
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext } });
}
