/**
 * One adapter per agent: what differs between Claude Code, Codex CLI and Gemini CLI is the
 * event names, a few payload fields, the transcript format and where transcripts live. Every
 * hook goes through the same pipeline once its input is normalised here, and its context goes
 * back as the same `hookSpecificOutput.additionalContext` object all three read.
 */
import type { AgentId } from './agent-id.js';
import { HOOK_EVENTS, type HookEventName } from './hook-event.js';
import type { HookPayload } from './claude-code/hook-payload.js';
import type { TranscriptEvent } from './transcript-event.js';
import { parseTranscriptLine } from './claude-code/parse-transcript-line.js';
import { findClaudeTranscript } from './claude-code/locate-transcript.js';
import { parseRolloutLine } from './codex/parse-rollout-line.js';
import { findCodexRollout } from './codex/locate-rollout.js';
import { CODEX_EVENTS } from './codex/codex-hooks.js';
import { parseChatLine, stripGeminiHarness } from './gemini/parse-chat-line.js';
import { findGeminiChat } from './gemini/locate-chat.js';
import { GEMINI_EVENTS } from './gemini/gemini-settings.js';

export type AgentAdapter = {
  id: AgentId;
  /** The agent's own name for each mem event it has. */
  events: Partial<Record<HookEventName, string>>;
  /** Fills the normalised payload from the fields this agent names differently. */
  normalise: (payload: HookPayload) => HookPayload;
  parseLine: (line: unknown) => TranscriptEvent[];
  /** Where this agent keeps a session's transcript when the payload does not say. */
  findTranscript: (sessionId: string, env: NodeJS.ProcessEnv) => string | null;
};

const ADAPTERS: Record<AgentId, AgentAdapter> = {
  claude: {
    id: 'claude',
    events: HOOK_EVENTS,
    normalise: (payload) => payload,
    parseLine: parseTranscriptLine,
    findTranscript: findClaudeTranscript,
  },
  codex: {
    id: 'codex',
    events: CODEX_EVENTS,
    normalise: (payload) => payload,
    parseLine: parseRolloutLine,
    findTranscript: findCodexRollout,
  },
  gemini: {
    id: 'gemini',
    events: GEMINI_EVENTS,
    normalise: (payload) => ({
      ...payload,
      // Headless Gemini CLI puts SessionStart context into the prompt itself: recall must not match mem's own words.
      prompt: payload.prompt === null ? null : stripGeminiHarness(payload.prompt),
      lastAssistantMessage: payload.lastAssistantMessage ?? payload.promptResponse,
    }),
    parseLine: parseChatLine,
    findTranscript: findGeminiChat,
  },
};

export function adapterFor(agent: AgentId): AgentAdapter {
  return ADAPTERS[agent];
}

/**
 * Which agent sent a payload whose hook command named none (handlers written before mem knew
 * other agents, or written by hand): Gemini CLI's event names and chat folder, Codex's turn id
 * and rollout folder; anything else is Claude Code.
 */
export function detectAgent(payload: HookPayload | null): AgentId {
  if (!payload) return 'claude';
  const event = payload.hookEventName ?? '';
  const transcript = payload.transcriptPath ?? '';
  if (
    /^(BeforeAgent|AfterAgent|PreCompress|BeforeModel|AfterModel|BeforeTool|AfterTool)$/.test(event) ||
    /[/\\]\.gemini[/\\]tmp[/\\]/.test(transcript)
  )
    return 'gemini';
  if (
    payload.turnId !== null ||
    /[/\\]sessions[/\\]\d{4}[/\\]\d{2}[/\\]\d{2}[/\\]rollout-[^/\\]*\.jsonl$/.test(transcript)
  )
    return 'codex';
  return 'claude';
}

/** Returns the hook's stdout for context mem adds at `event` (one JSON object). */
export function renderContext(agent: AgentId, event: HookEventName, additionalContext: string): string {
  const hookEventName = ADAPTERS[agent].events[event] ?? HOOK_EVENTS[event];
  return JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext } });
}
