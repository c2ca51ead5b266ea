import type { HookPayload } from '../agents/claude-code/hook-payload.js';
import { readCurrentBranch } from '../core/git/repo-root.js';
import { listSessions, readHandoff } from '../session/session-store.js';
import { buildStartContext, type StartContextInput } from '../session/build-start-context.js';
import { readBranchHandoffs } from '../team/handoffs/handoff-cache.js';
import type { HookContext } from '../core/hook-context.js';
import { durableConsumer } from './durable-consumer.js';
import { finishTailsLeft } from '../session/finish-tails-left.js';
import { RENDERED_PATH, readMemoryNotices } from './memory-notices.js';
import { pruneSessionState } from '../session/prune-session-state.js';
import { AGENT_LABELS, type AgentId } from '../agents/agent-id.js';
import { readAgentsMd, renderMemoryForAgent } from './agent-memory.js';
import { memoryProtocol } from '../durable/notice/memory-protocol.js';
import { readPending } from '../durable/inbox/pending-store.js';
import { readInstallRecord } from '../setup/install-record.js';
import { autoMemoryCandidates, autoMemoryDir } from '../durable/auto-memory.js';
import { join } from 'node:path';

const DAY_MS = 86_400_000;

/**
 * SessionStart: read the transcript tails other processes left, refresh team memory when cheap, and inject the previous
 * handoff for this branch (or this session's own state after a compaction or resume). Agents that
 * do not load CLAUDE.md (Codex CLI, Gemini CLI) get the durable memory here too. Returns the
 * additionalContext text, or ''.
 */
export async function handleSessionStart(
  context: HookContext,
  payload: HookPayload,
  agent: AgentId = 'claude',
): Promise<string> {
  const consume = durableConsumer(context);
  await finishTailsLeft(context, payload.sessionId, consume.onEvents);
  const own = payload.source === 'compact' || payload.source === 'resume';

  let handoff: StartContextInput['handoff'] = null;
  let teammateHandoff: StartContextInput['teammateHandoff'] = null;
  if (own) {
    const { updateSession } = await import('../session/update-session.js');
    const update = await updateSession(
      context,
      { sessionId: payload.sessionId, transcriptPath: payload.transcriptPath, agent },
      consume.onEvents,
    );
    const text = readHandoff(context.paths, update.record.handoffFile);
    if (text && update.record.state.promptCount > 0)
      handoff = { text, sessionId: payload.sessionId, updatedAt: update.record.state.updatedAt, own: true };
  } else {
    const branch = readCurrentBranch(context.root);
    const oldest = context.now().getTime() - context.config.session.handoffMaxAgeDays * DAY_MS;
    const candidates = listSessions(context.paths).filter(
      (session) =>
        session.sessionId !== payload.sessionId &&
        session.promptCount > 0 &&
        session.branch === branch &&
        Date.parse(session.updatedAt) >= oldest,
    );
    // Note: the same agent's last session first (a Codex session continues the Codex one), else the latest of any agent.
    const previous = candidates.find((session) => (session.agent ?? 'claude') === agent) ?? candidates[0];
    const text = previous ? readHandoff(context.paths, previous.handoffFile) : null;
    if (previous && text) {
      handoff = { text, sessionId: previous.sessionId, updatedAt: previous.updatedAt, own: false };
      const from = previous.agent ?? 'claude';
      if (from !== agent) handoff.agentLabel = AGENT_LABELS[from];
    }
    const shared = branch && branch !== 'HEAD' ? await teammateHandoffOf(context, branch, oldest, handoff) : null;
    if (shared) {
      teammateHandoff = shared.notice;
      if (shared.handoff) handoff = shared.handoff;
    }
  }
  await consume.afterTurn();
  if (agent === 'claude' && !own && payload.transcriptPath)
    await offerAutoMemory(context, payload.transcriptPath, payload.sessionId);

  const notices = await readMemoryNotices(context, { refreshTeam: !own });
  const pruned = pruneSessionState(context.paths, context.now().getTime());
  if (pruned > 0) context.notes.push(`pruned the state of ${pruned} session(s) older than 30 days (handoffs kept)`);
  const additionalContext = buildStartContext({
    source: payload.source,
    handoff,
    teammateHandoff,
    conflicts: notices.conflicts,
    syncProblem: notices.syncProblem,
    newlyStale: notices.newlyStale,
    protocol: memoryProtocol({
      command: readInstallRecord(context.paths).agentCommand ?? 'mem',
      sections: context.config.region.sections,
      pending: readPending(context.paths.stateDir, context.now(), context.config.pending.expireDays).length,
    }),
    budgetChars: context.config.session.startBudgetTokens * 4,
    memory:
      !(await loadsRenderedFile(context.root, agent)) || notices.renderedFresh
        ? await renderMemoryForAgent(context.root, agent === 'codex' ? readAgentsMd(context.root) : '')
        : null,
  });
  // The search index is built before the first prompt needs it, without anyone waiting (a clone, a removed cache).
  const { ensureSearchIndexSoon } = await import('../search/index-refresh.js');
  ensureSearchIndexSoon(context.root, context.env);
  if (!additionalContext) return '';
  // Recall must not bring back, as "not loaded", a line of the handoff the agent was just given.
  const { noteStartContext } = await import('../search/recall-record.js');
  noteStartContext(context.root, payload.sessionId, additionalContext);
  return additionalContext;
}

/**
 * A teammate's shared handoff of `branch` (as the last sync cached it; no network here) that is
 * newer than this clone's own: the line saying so, and, when the branch has no handoff of this
 * clone's, the handoff itself after the incoming gates once more. Null when there is none.
 */
async function teammateHandoffOf(
  context: HookContext,
  branch: string,
  oldest: number,
  own: StartContextInput['handoff'],
): Promise<{
  notice: NonNullable<StartContextInput['teammateHandoff']>;
  handoff: StartContextInput['handoff'];
} | null> {
  const newest = readBranchHandoffs(context.paths.cacheDir, branch).find(
    (shared) => !shared.mine && Date.parse(shared.updatedAt) >= oldest,
  );
  if (!newest || (own !== null && newest.updatedAt <= own.updatedAt)) return null;
  const who = newest.who.split('@')[0] ?? newest.who;
  const notice = {
    who: newest.who,
    updatedAt: newest.updatedAt,
    show: `mem handoff show ${who}`,
    newerThanYours: own !== null,
  };
  if (own !== null) return { notice, handoff: null };
  const { readSharedHandoff } = await import('../team/handoffs/shared-handoff.js');
  const read = readSharedHandoff(Buffer.from(newest.raw, 'utf8'), newest.path);
  if (!read.ok || read.handoff.branch !== branch) {
    context.notes.push(
      `shared handoff ${newest.path} refused at session start: ${read.ok ? 'made on another branch' : read.reason}`,
    );
    return null;
  }
  return {
    notice,
    handoff: {
      text: read.handoff.text,
      sessionId: '',
      updatedAt: read.handoff.updatedAt,
      own: false,
      sharedBy: read.handoff.who,
    },
  };
}

/**
 * True when the agent reads the rendered team memory itself: Claude Code always, Gemini CLI when
 * its settings list the file (`mem init` does). Codex CLI never: it reads AGENTS.md only.
 */
async function loadsRenderedFile(root: string, agent: AgentId): Promise<boolean> {
  if (agent === 'claude') return true;
  if (agent !== 'gemini') return false;
  // Note: loaded here only, so Claude Code's session start does not pay for the settings parser.
  const { repoGeminiLoadsFile } = await import('../agents/gemini/gemini-context-file.js');
  return repoGeminiLoadsFile(root, RENDERED_PATH);
}

/** Claude Code's auto memory (project, feedback, reference topics) goes to the pending inbox; never throws. */
async function offerAutoMemory(context: HookContext, transcriptPath: string, sessionId: string): Promise<void> {
  try {
    const { candidates: offered, skipped } = autoMemoryCandidates(
      autoMemoryDir(transcriptPath),
      join(context.paths.stateDir, 'auto-memory.json'),
      context.config.region.sections,
    );
    for (const file of skipped) context.notes.push(`auto memory: ${file.file} not read (${file.reason})`);
    if (offered.length === 0) return;
    const { judgeAndWrite } = await import('../durable/judge-candidates.js');
    await judgeAndWrite(context, offered, sessionId);
  } catch (error) {
    context.notes.push(`auto memory not read: ${(error as Error).message}`);
  }
}
