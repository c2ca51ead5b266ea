/**
 * The hook runner: everything Claude Code calls goes through here. It never throws, never
 * prints more than one JSON object, and logs every problem to .memory/state/ for `mem status`.
 */
import { existsSync } from 'node:fs';
import { memoryPaths } from '../core/layout.js';
import { appendHookRecord, type HookRecord } from '../core/hook-log.js';
import { findRepoRoot } from '../core/git/repo-root.js';
import { parseHookPayload, type HookPayload } from '../agents/claude-code/hook-payload.js';
import { resolveHookEvent, type HookEventName } from '../agents/hook-event.js';
import { fileSystemError, isMemError } from '../core/errors.js';
import { loadConfigCached } from '../core/config/load-config-cached.js';
import type { HookContext } from '../core/hook-context.js';
import { adapterFor, detectAgent, renderContext } from '../agents/agent-adapter.js';
import { resolveAgentId, type AgentId } from '../agents/agent-id.js';

/** Internal deadlines per event (ms): well inside Claude Code's timeouts and the user's patience. */
export const HOOK_DEADLINES_MS: Record<HookEventName, number> = {
  'session-start': 4_000,
  'user-prompt-submit': 2_500,
  'post-tool-use': 1_000,
  'pre-compact': 10_000,
  stop: 10_000,
  'subagent-stop': 1_000,
  'session-end': 1_000,
};

export type HookRunInput = {
  eventArg: string | undefined;
  /** `--agent` of the hook command (`mem init` writes it for Codex and Gemini); absent: told by the payload. */
  agentArg?: string | undefined;
  stdin: string;
  /** stdin was still open (and the payload not whole) when the deadline came. */
  stdinTimedOut?: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
  startedAt: number;
};

export type HookRunResult = {
  /** What the hook prints on stdout: '' or one JSON object. */
  output: string;
  /**
   * The run did its event's usual work (a Stop read a new turn): what it compiled is what the
   * next run of the event needs, so its code cache is the one to keep (bin/load-bundle.cjs).
   */
  typicalRun: boolean;
};

/** Returns what the hook prints and whether the run was a typical one of its event; never throws. */
export async function runHook(input: HookRunInput): Promise<HookRunResult> {
  const event = resolveHookEvent(input.eventArg);
  const parsed = parseHookPayload(input.stdin);
  const root = pickRoot(parsed.ok ? parsed.payload : null, input);
  // Outside a git repository, or in one where mem was never set up, a hook stays silent.
  if (!root || !existsSync(memoryPaths(root).memoryDir)) return { output: '', typicalRun: false };
  const paths = memoryPaths(root);
  const record: HookRecord = {
    at: new Date(input.startedAt).toISOString(),
    event: input.eventArg ?? '(none)',
    ok: true,
    ms: 0,
  };
  const finish = (output: string, typicalRun = false): HookRunResult => {
    record.ms = Date.now() - input.startedAt;
    appendHookRecord(paths.hookLog, record);
    return { output, typicalRun };
  };

  if (!event)
    return finish(
      fail(
        record,
        'UNKNOWN_EVENT',
        `unknown hook event ${JSON.stringify(input.eventArg ?? '')}; expected one of session-start, user-prompt-submit, post-tool-use, pre-compact, stop (after-turn), subagent-stop, session-end`,
      ),
    );
  if (!parsed.ok && input.stdinTimedOut) {
    return finish(
      fail(
        record,
        'STDIN_OPEN',
        `stdin was still open at the ${HOOK_DEADLINES_MS[event]} ms deadline without a whole payload (${input.stdin.length} bytes arrived); nothing done`,
      ),
    );
  }
  if (!parsed.ok) return finish(fail(record, parsed.problem.code, parsed.problem.message));
  record.session = parsed.payload.sessionId;
  const agent: AgentId = resolveAgentId(input.agentArg) ?? detectAgent(parsed.payload);
  if (agent !== 'claude') record.agent = agent;
  const payload = adapterFor(agent).normalise(parsed.payload);

  let context: HookContext;
  try {
    context = {
      root,
      paths,
      config: await loadConfigCached(root),
      env: input.env,
      now: () => new Date(),
      deadline: input.startedAt + HOOK_DEADLINES_MS[event],
      notes: [],
    };
  } catch (error) {
    return finish(fail(record, isMemError(error) ? error.code : 'INTERNAL', (error as Error).message));
  }

  try {
    const { output, did, typicalRun } = await dispatch(event, context, payload, agent);
    if (did) record.did = did;
    if (context.notes.length > 0) {
      record.code = 'NOTE';
      record.message = context.notes.join('; ');
    }
    return finish(output, typicalRun ?? true);
  } catch (error) {
    // A full disk or a read-only one is the machine's state, said with what to do, not a bug's stack.
    const problem = isMemError(error) ? error : fileSystemError(error);
    if (!problem) return finish(fail(record, 'INTERNAL', String((error as Error)?.stack ?? error)));
    return finish(
      fail(
        record,
        problem.code,
        problem.hint ? `${problem.message} (${problem.hint.replace(/\.$/, '')})` : problem.message,
      ),
    );
  }
}

async function dispatch(
  event: HookEventName,
  context: HookContext,
  payload: HookPayload,
  agent: AgentId,
): Promise<{ output: string; did?: string; typicalRun?: boolean }> {
  switch (event) {
    case 'stop': {
      const { handleStop } = await import('./stop.js');
      const { did, newEvents } = await handleStop(context, payload, agent);
      // Nearly every Stop ends a turn; one with nothing new to read compiles a fraction of what a turn needs.
      return { output: '', did, typicalRun: newEvents > 0 };
    }
    case 'session-start': {
      const { handleSessionStart } = await import('./session-start.js');
      const additionalContext = await handleSessionStart(context, payload, agent);
      return {
        output: additionalContext ? renderContext(agent, event, additionalContext) : '',
        did: additionalContext ? 'context injected' : 'nothing to inject',
      };
    }
    case 'user-prompt-submit': {
      const { handleUserPromptSubmit } = await import('./user-prompt-submit.js');
      const additionalContext = await handleUserPromptSubmit(context, payload);
      return {
        output: additionalContext ? renderContext(agent, event, additionalContext) : '',
        did: additionalContext ? 'recall injected' : 'no recall',
      };
    }
    case 'pre-compact': {
      const { handlePreCompact } = await import('./small-events.js');
      return { output: '', did: await handlePreCompact(context, payload, agent) };
    }
    case 'session-end': {
      const { handleSessionEnd } = await import('./small-events.js');
      return { output: '', did: await handleSessionEnd(context, payload, agent) };
    }
    case 'post-tool-use':
    case 'subagent-stop':
      // Note: the transcript already records tool calls and subagent results; the next Stop reads them.
      return { output: '' };
  }
}

function fail(record: HookRecord, code: string, message: string): string {
  record.ok = false;
  record.code = code;
  record.message = message.length > 2_000 ? `${message.slice(0, 2_000)}…` : message;
  return '';
}

function pickRoot(payload: HookPayload | null, input: HookRunInput): string | null {
  const candidates = [payload?.cwd, input.env['CLAUDE_PROJECT_DIR'], input.env['GEMINI_PROJECT_DIR'], input.cwd];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const root = findRepoRoot(candidate);
      if (root) return root;
    } catch {
      /* unreadable path */
    }
  }
  return null;
}
