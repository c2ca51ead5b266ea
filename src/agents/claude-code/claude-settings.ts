/**
 * mem's hook handlers in Claude Code's `.claude/settings.json`, edited in place: other hooks,
 * other keys, other tools' handlers, comments and the file's formatting are kept byte for byte,
 * and removing mem's handlers gives back the file as it was.
 */
import {
  appendToJsonArray,
  jsonSettingsError,
  jsonValueAt,
  removeFromJsonArray,
  removeJsonKeyIfEmpty,
  type JSONPath,
} from '../../core/files/edit-json-settings.js';
import { HOOK_EVENTS, type HookEventName } from '../hook-event.js';

type Handler = { type: string; command?: string; args?: string[]; timeout?: number; [key: string]: unknown };
type MatcherGroup = { matcher?: string; hooks?: Handler[]; [key: string]: unknown };

/** The events `mem init` registers, with their Claude Code timeouts (seconds). */
export const REGISTERED_HOOKS: { event: HookEventName; timeout: number }[] = [
  { event: 'session-start', timeout: 10 },
  { event: 'user-prompt-submit', timeout: 10 },
  { event: 'stop', timeout: 30 },
  { event: 'pre-compact', timeout: 30 },
  { event: 'session-end', timeout: 5 },
];

export type MemCommand = { executable: string; prefixArgs: string[]; execForm: boolean };

/** What adding mem's hooks did: the new text, the Claude Code events that got a handler, and the keys created for them. */
export type AddedHooks = { text: string; events: string[]; created: JSONPath[] };

/**
 * Returns the handler mem installs for `event`. The settings file is committed, so the shell form
 * checks that `mem` exists first: a teammate without mem gets a hook that does nothing and
 * succeeds, silently, instead of `mem: not found` (exit 127) on every event. The exec form runs
 * no shell and cannot check: it is written only when asked for.
 */
function memHandler(command: MemCommand, event: HookEventName, timeout: number): Handler {
  const args = [...command.prefixArgs, 'hook', event];
  if (command.execForm) return { type: 'command', command: command.executable, args, timeout };
  const line = [command.executable, ...args].map(shellQuote).join(' ');
  return {
    type: 'command',
    command: `command -v ${shellQuote(command.executable)} >/dev/null 2>&1 && ${line} || true`,
    timeout,
  };
}

/** Returns true when `handler` is one of mem's own (any form, any install path). */
export function isMemHandler(handler: unknown): boolean {
  if (typeof handler !== 'object' || handler === null) return false;
  const record = handler as Handler;
  const words = [record.command ?? '', ...(Array.isArray(record.args) ? record.args : [])].join(' ');
  const invokesMem = /(^|[\s/'"])mem(['"]?\s|$)|bin\/run\.js/.test(words);
  return (
    invokesMem &&
    /\bhook\s+['"]?(session-start|user-prompt-submit|post-tool-use|pre-compact|stop|after-turn|subagent-stop|session-end)\b/.test(
      words,
    )
  );
}

/** Returns why `text` cannot be Claude Code settings mem may edit, or null when it can. */
export function claudeSettingsError(text: string): string | null {
  const error = jsonSettingsError(text);
  if (error !== null) return error;
  const hooks = jsonValueAt(text, ['hooks']);
  if (hooks !== undefined && (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)))
    return '"hooks" is not an object';
  for (const [name, groups] of Object.entries((hooks ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(groups)) return `"hooks.${name}" is not a list`;
  }
  return null;
}

/**
 * Returns `text` (null: no file yet) with a handler of mem for each registered event that has
 * none; `events` is empty when every one was already there. Expects `claudeSettingsError` null.
 */
export function addMemHooks(text: string | null, command: MemCommand): AddedHooks {
  let next = text ?? '';
  const events: string[] = [];
  const created: JSONPath[] = [];
  for (const { event, timeout } of REGISTERED_HOOKS) {
    const name = HOOK_EVENTS[event];
    const groups = jsonValueAt(next, ['hooks', name]);
    if (
      Array.isArray(groups) &&
      groups.some((group: MatcherGroup) => Array.isArray(group?.hooks) && group.hooks.some(isMemHandler))
    )
      continue;
    next = appendToJsonArray(next, ['hooks', name], { hooks: [memHandler(command, event, timeout)] }, created);
    events.push(name);
  }
  return { text: events.length === 0 ? (text ?? '') : next, events, created };
}

/**
 * Returns `text` without any of mem's handlers (a group left without handlers goes too). The keys
 * in `created` (what adding created) go when left empty; without a record (an install by an older
 * mem), an event list that held only mem's handlers goes, and `hooks` when it ends up empty.
 */
export function removeMemHooks(text: string, created?: JSONPath[]): { text: string; changed: boolean } {
  const hooks = jsonValueAt(text, ['hooks']);
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) return { text, changed: false };
  let next = text;
  const emptied: JSONPath[] = [];
  for (const [name, groups] of Object.entries(hooks as Record<string, unknown>)) {
    if (!Array.isArray(groups)) continue;
    const handlersOf = (group: unknown) => (group as MatcherGroup | null)?.hooks;
    const memOnly = (group: unknown) =>
      Array.isArray(handlersOf(group)) && handlersOf(group)!.length > 0 && handlersOf(group)!.every(isMemHandler);
    let touched = false;
    // A group shared with other handlers keeps them (its index does not move: no group goes here).
    groups.forEach((group, index) => {
      const handlers = handlersOf(group);
      if (!Array.isArray(handlers) || memOnly(group) || !handlers.some(isMemHandler)) return;
      next = removeFromJsonArray(next, ['hooks', name, index, 'hooks'], isMemHandler).text;
      touched = true;
    });
    const removed = removeFromJsonArray(next, ['hooks', name], memOnly);
    next = removed.text;
    touched ||= removed.removed > 0;
    if (touched) emptied.push(['hooks', name]);
  }
  for (const path of created === undefined ? [...emptied, ['hooks']] : [...created].reverse())
    next = removeJsonKeyIfEmpty(next, path);
  return { text: next, changed: next !== text };
}

function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
