import { describe, expect, it } from 'vitest';
import { adapterFor, detectAgent, renderContext } from '../../../src/agents/agent-adapter.js';
import { parseAgentList } from '../../../src/agents/agent-id.js';
import { parseHookPayload, type HookPayload } from '../../../src/agents/claude-code/hook-payload.js';

function payload(raw: Record<string, unknown>): HookPayload {
  const parsed = parseHookPayload(JSON.stringify({ session_id: 's-1', ...raw }));
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.payload;
}

describe('agent adapters', () => {
  it('tells the agent from a payload whose hook command named none', () => {
    expect(
      detectAgent(payload({ hook_event_name: 'Stop', transcript_path: '/home/u/.claude/projects/p/s-1.jsonl' })),
    ).toBe('claude');
    expect(detectAgent(payload({ hook_event_name: 'Stop', turn_id: 't-1', transcript_path: null }))).toBe('codex');
    expect(
      detectAgent(
        payload({
          hook_event_name: 'SessionStart',
          transcript_path: '/home/u/.codex/sessions/2026/12/01/rollout-2026-12-01T09-13-49-s-1.jsonl',
        }),
      ),
    ).toBe('codex');
    expect(detectAgent(payload({ hook_event_name: 'AfterAgent', prompt_response: 'done' }))).toBe('gemini');
    expect(
      detectAgent(
        payload({ hook_event_name: 'SessionStart', transcript_path: '/home/u/.gemini/tmp/repo/chats/session-x.jsonl' }),
      ),
    ).toBe('gemini');
    expect(detectAgent(null)).toBe('claude');
  });

  it("reads Gemini CLI's reply field and strips the context headless mode puts in the prompt", () => {
    const normal = adapterFor('gemini').normalise(
      payload({
        hook_event_name: 'AfterAgent',
        prompt: '<hook_context>Handoff from the previous session</hook_context>\n\nfix the test',
        prompt_response: 'Fixed.',
      }),
    );
    expect(normal.prompt).toBe('fix the test');
    expect(normal.lastAssistantMessage).toBe('Fixed.');
    const claude = payload({ hook_event_name: 'Stop', last_assistant_message: 'Done.' });
    expect(adapterFor('claude').normalise(claude)).toEqual(claude);
  });

  it("answers with each agent's own event name", () => {
    expect(JSON.parse(renderContext('claude', 'user-prompt-submit', 'x'))).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'x' },
    });
    expect(JSON.parse(renderContext('codex', 'session-start', 'x'))).toEqual({
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'x' },
    });
    expect(JSON.parse(renderContext('gemini', 'user-prompt-submit', 'x'))).toEqual({
      hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'x' },
    });
  });

  it('parses an agent list, keeping the names that mean no agent for the error', () => {
    expect(parseAgentList('claude, Codex,gemini-cli,codex')).toEqual({
      agents: ['claude', 'codex', 'gemini'],
      unknown: [],
    });
    expect(parseAgentList('cursor,claude')).toEqual({ agents: ['claude'], unknown: ['cursor'] });
  });
});
