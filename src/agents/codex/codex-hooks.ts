/**
 * mem's handlers in a repository's `.codex/hooks.json` (the same event → matcher groups →
 * handlers shape as Claude Code's settings; `timeout` in seconds). Codex runs project hooks only
 * in a trusted project, and only after the user trusted each hook by its hash in `/hooks`.
 */
import type { HookEventName } from '../hook-event.js';
import type { WantedHook } from '../hook-groups.js';

export const CODEX_HOOKS_FILE = '.codex/hooks.json';

/** Codex's event names for mem's events (no PostCompact: it cannot add context). */
export const CODEX_EVENTS: Partial<Record<HookEventName, string>> = {
  'session-start': 'SessionStart',
  'user-prompt-submit': 'UserPromptSubmit',
  stop: 'Stop',
  'pre-compact': 'PreCompact',
  'session-end': 'SessionEnd',
};

const REGISTERED: { event: HookEventName; timeout: number; matcher?: string }[] = [
  { event: 'session-start', timeout: 10, matcher: 'startup|resume|clear' },
  { event: 'user-prompt-submit', timeout: 10 },
  { event: 'stop', timeout: 30 },
  { event: 'pre-compact', timeout: 30 },
  { event: 'session-end', timeout: 5 },
];

/** Returns the handlers mem installs, given the shell command that runs mem's hook for an event. */
export function codexWantedHooks(command: (event: HookEventName) => string): WantedHook[] {
  return REGISTERED.map(({ event, timeout, matcher }) => {
    const want: WantedHook = {
      nativeEvent: CODEX_EVENTS[event]!,
      handler: { type: 'command', command: command(event), timeout },
    };
    if (matcher) want.matcher = matcher;
    return want;
  });
}
