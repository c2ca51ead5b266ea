/**
 * Merging mem's hook handlers into Claude Code's `.claude/settings.json` without clobbering
 * anything: other hooks, other keys and other tools' handlers are kept as they are.
 */
import { HOOK_EVENTS, type HookEventName } from '../hook-event.js';
import type { MemCommand } from '../../core/mem-command.js';

export type { MemCommand };

type Handler = { type: string; command?: string; args?: string[]; timeout?: number; [key: string]: unknown };
type MatcherGroup = { matcher?: string; hooks?: Handler[]; [key: string]: unknown };
export type ClaudeSettings = { hooks?: Record<string, MatcherGroup[]>; [key: string]: unknown };

/** The events `mem init` registers, with their Claude Code timeouts (seconds). */
export const REGISTERED_HOOKS: { event: HookEventName; timeout: number }[] = [
  { event: 'session-start', timeout: 10 },
  { event: 'user-prompt-submit', timeout: 10 },
  { event: 'stop', timeout: 30 },
  { event: 'pre-compact', timeout: 30 },
  { event: 'session-end', timeout: 5 },
];


/** Returns the handler mem installs for `event`. */
function memHandler(command: MemCommand, event: HookEventName, timeout: number): Handler {
  const args = [...command.prefixArgs, 'hook', event];
  if (command.execForm) return { type: 'command', command: command.executable, args, timeout };
  return { type: 'command', command: [command.executable, ...args].map(shellQuote).join(' '), timeout };
}

/** Returns true when `handler` is one of mem's own (any form, any install path). */
export function isMemHandler(handler: unknown): boolean {
  if (typeof handler !== 'object' || handler === null) return false;
  const record = handler as Handler;
  const words = [record.command ?? '', ...(Array.isArray(record.args) ? record.args : [])].join(' ');
  const invokesMem = /(^|[\s/'"])mem(['"]?\s|$)|bin\/run\.js/.test(words);
  return invokesMem && /\bhook\s+['"]?(session-start|user-prompt-submit|post-tool-use|pre-compact|stop|after-turn|subagent-stop|session-end)\b/.test(words);
}

/** Returns settings with mem's handlers present exactly once per registered event, and whether anything changed. */
export function addMemHooks(settings: ClaudeSettings, command: MemCommand): { settings: ClaudeSettings; changed: boolean } {
  const next: ClaudeSettings = structuredClone(settings);
  const hooks = (next.hooks ??= {});
  let changed = false;
  for (const { event, timeout } of REGISTERED_HOOKS) {
    const name = HOOK_EVENTS[event];
    const groups = (hooks[name] ??= []);
    const present = groups.some((group) => Array.isArray(group.hooks) && group.hooks.some(isMemHandler));
    if (present) continue;
    groups.push({ hooks: [memHandler(command, event, timeout)] });
    changed = true;
  }
  return { settings: changed ? next : settings, changed };
}

/** Returns settings without any of mem's handlers (empty groups and events removed), and whether anything changed. */
export function removeMemHooks(settings: ClaudeSettings): { settings: ClaudeSettings; changed: boolean } {
  if (!settings.hooks || typeof settings.hooks !== 'object') return { settings, changed: false };
  const next: ClaudeSettings = structuredClone(settings);
  let changed = false;
  for (const [name, groups] of Object.entries(next.hooks ?? {})) {
    if (!Array.isArray(groups)) continue;
    const kept: MatcherGroup[] = [];
    for (const group of groups) {
      if (!Array.isArray(group.hooks)) {
        kept.push(group);
        continue;
      }
      const handlers = group.hooks.filter((handler) => !isMemHandler(handler));
      if (handlers.length !== group.hooks.length) changed = true;
      if (handlers.length > 0) kept.push({ ...group, hooks: handlers });
    }
    if (kept.length > 0) next.hooks![name] = kept;
    else delete next.hooks![name];
  }
  if (next.hooks && Object.keys(next.hooks).length === 0) delete next.hooks;
  return { settings: changed ? next : settings, changed };
}

function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
