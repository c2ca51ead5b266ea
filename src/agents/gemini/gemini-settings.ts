/**
 * mem's handlers in a repository's `.gemini/settings.json`. Gemini CLI names its turn events
 * differently (its own `hooks migrate --from-claude` maps Stop → AfterAgent, UserPromptSubmit →
 * BeforeAgent, PreCompact → PreCompress), wants a `name` per handler and a timeout in ms.
 */
import type { HookEventName } from '../hook-event.js';
import type { WantedHook } from '../hook-groups.js';

export const GEMINI_SETTINGS_FILE = '.gemini/settings.json';

export const GEMINI_EVENTS: Partial<Record<HookEventName, string>> = {
  'session-start': 'SessionStart',
  'user-prompt-submit': 'BeforeAgent',
  stop: 'AfterAgent',
  'pre-compact': 'PreCompress',
  'session-end': 'SessionEnd',
};

const REGISTERED: { event: HookEventName; timeoutMs: number; description: string }[] = [
  { event: 'session-start', timeoutMs: 10_000, description: 'mem: the previous handoff and team memory' },
  { event: 'user-prompt-submit', timeoutMs: 10_000, description: 'mem: memories relevant to this prompt' },
  { event: 'stop', timeoutMs: 30_000, description: 'mem: session handoff and durable memory' },
  { event: 'pre-compact', timeoutMs: 30_000, description: 'mem: record the compression' },
  { event: 'session-end', timeoutMs: 5_000, description: 'mem: finish the session' },
];

/** Returns the handlers mem installs, given the shell command that runs mem's hook for an event. */
export function geminiWantedHooks(command: (event: HookEventName) => string): WantedHook[] {
  return REGISTERED.map(({ event, timeoutMs, description }) => ({
    nativeEvent: GEMINI_EVENTS[event]!,
    handler: { type: 'command', name: `mem-${event}`, command: command(event), timeout: timeoutMs, description },
  }));
}
