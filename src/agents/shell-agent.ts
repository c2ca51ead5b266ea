/**
 * Which agent's shell tool is running this process, from the environment each client gives the
 * commands its model runs (seen in the pinned clients, see test/real-clients/):
 *
 * - Claude Code: `CLAUDECODE=1`, and since 2.1 `CLAUDE_CODE_SESSION_ID`.
 * - Codex CLI (0.171): `CODEX_THREAD_ID` (also `CODEX_SESSION_ID`, the same id) and `CODEX_TOOL_CALL_ID`.
 * - Gemini CLI (0.61): `GEMINI_CLI=1` and no session id; the session is the one whose prompt
 *   hook ran last in this repository (the hook log knows it), see `latestHookSession`.
 *
 * Claude Code is checked first, as before other agents existed; a Codex or Gemini session started
 * from a Claude Code shell (or the other way round) is told apart only by that order.
 */
import type { AgentId } from './agent-id.js';

export type ShellAgent = { agent: AgentId; session: string | undefined };

/** Returns the agent whose shell tool runs this command, or undefined for a person at a terminal. */
export function shellAgentOf(env: NodeJS.ProcessEnv): ShellAgent | undefined {
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const aiAgent = value('AI_AGENT')?.toLowerCase();
  if (
    env['CLAUDECODE'] === '1' ||
    (aiAgent !== undefined && !aiAgent.includes('codex') && !aiAgent.includes('gemini'))
  ) {
    return { agent: 'claude', session: value('CLAUDE_CODE_SESSION_ID') };
  }
  const codexThread = value('CODEX_THREAD_ID') ?? value('CODEX_SESSION_ID');
  if (codexThread !== undefined || aiAgent?.includes('codex')) return { agent: 'codex', session: codexThread };
  if (env['GEMINI_CLI'] === '1' || aiAgent?.includes('gemini')) return { agent: 'gemini', session: undefined };
  return undefined;
}

/** The hook events that start a turn of a session: the last one names the session running now. */
const TURN_EVENTS = new Set(['user-prompt-submit', 'session-start']);

/**
 * Returns the session of `agent` whose turn started last, from hook-log records (oldest first),
 * or undefined. Note: two sessions of the same agent prompting in one worktree at once cannot be
 * told apart this way; the later prompt's session is named.
 */
export function latestHookSession(
  records: ReadonlyArray<{ event: string; session?: string; agent?: string }>,
  agent: AgentId,
): string | undefined {
  for (let index = records.length - 1; index >= 0; index -= 1) {
    const record = records[index];
    if (record === undefined || !TURN_EVENTS.has(record.event) || !record.session) continue;
    if ((record.agent ?? 'claude') === agent) return record.session;
  }
  return undefined;
}
