import { describe, expect, it } from 'vitest';
import { latestHookSession, shellAgentOf } from '../../../src/agents/shell-agent.js';

describe('which agent runs a shell command', () => {
  it('reads what each pinned client sets for the commands its model runs', () => {
    expect(shellAgentOf({ CLAUDECODE: '1', CLAUDE_CODE_SESSION_ID: 'c0ffee00-1' })).toEqual({
      agent: 'claude',
      session: 'c0ffee00-1',
    });
    expect(
      shellAgentOf({ CODEX_THREAD_ID: '01a2317c-d2ac', CODEX_SESSION_ID: '01a2317c-d2ac', CODEX_CI: '1' }),
    ).toEqual({ agent: 'codex', session: '01a2317c-d2ac' });
    expect(shellAgentOf({ GEMINI_CLI: '1' })).toEqual({ agent: 'gemini', session: undefined });
    expect(shellAgentOf({ HOME: '/home/dev', CODEX_HOME: '/home/dev/.codex' })).toBeUndefined();
  });

  it("names the session of the agent's latest turn from the hook log", () => {
    const records = [
      { event: 'user-prompt-submit', session: 'gem-1', agent: 'gemini' },
      { event: 'user-prompt-submit', session: 'claude-1' },
      { event: 'stop', session: 'gem-0', agent: 'gemini' },
      { event: 'session-start', session: 'gem-2', agent: 'gemini' },
      { event: 'user-prompt-submit', session: 'codex-1', agent: 'codex' },
    ];
    expect(latestHookSession(records, 'gemini')).toBe('gem-2');
    expect(latestHookSession(records, 'claude')).toBe('claude-1');
    expect(latestHookSession([], 'gemini')).toBeUndefined();
  });
});
