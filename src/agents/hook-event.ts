/** The hook events mem answers, by CLI name, with Claude Code's event name for each. */
export const HOOK_EVENTS = {
  'session-start': 'SessionStart',
  'user-prompt-submit': 'UserPromptSubmit',
  'post-tool-use': 'PostToolUse',
  'pre-compact': 'PreCompact',
  stop: 'Stop',
  'subagent-stop': 'SubagentStop',
  'session-end': 'SessionEnd',
} as const;

export type HookEventName = keyof typeof HOOK_EVENTS;

const ALIASES: Record<string, HookEventName> = { 'after-turn': 'stop' };

/** Returns the canonical event for a CLI name or alias, or null when unknown. */
export function resolveHookEvent(name: string | undefined): HookEventName | null {
  if (!name) return null;
  if (name in HOOK_EVENTS) return name as HookEventName;
  return ALIASES[name] ?? null;
}
