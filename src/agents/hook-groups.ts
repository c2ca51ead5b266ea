/**
 * The hook-file shape Claude Code, Codex CLI and Gemini CLI share: `{ hooks: { <Event>: [ {
 * matcher?, hooks: [ { type: "command", command, … } ] } ] } }`. mem's handlers are added as text
 * in the file's own style (core/files/edit-json-settings.ts), so every other byte stays; removal is
 * claude-settings' removeMemHooks, which works on any file of this shape.
 */
import { appendToJsonArray, jsonValueAt, type JSONPath } from '../core/files/edit-json-settings.js';
import { claudeSettingsError, isMemHandler } from './claude-code/claude-settings.js';

export type HookHandler = {
  type: string;
  command?: string;
  args?: string[];
  timeout?: number;
  name?: string;
  [key: string]: unknown;
};
export type MatcherGroup = { matcher?: string; hooks?: HookHandler[]; [key: string]: unknown };

/** One handler mem wants under a native event, with the group matcher it goes in (if any). */
export type WantedHook = { nativeEvent: string; matcher?: string; handler: HookHandler };

/** Returns why `text` cannot be a hooks file mem may edit (comments allowed), or null when it can: the shape is Claude Code's. */
export const hooksFileError = claudeSettingsError;

/**
 * Returns `text` (null: no file yet) with each wanted handler added unless the event already has
 * one of mem's; `events` lists the events that got one, `created` the keys created for them (for
 * an exact removal). Expects `hooksFileError` null.
 */
export function addWantedHooks(
  text: string | null,
  wanted: readonly WantedHook[],
): { text: string; events: string[]; created: JSONPath[] } {
  let next = text ?? '';
  const events: string[] = [];
  const created: JSONPath[] = [];
  for (const want of wanted) {
    const groups = jsonValueAt(next, ['hooks', want.nativeEvent]);
    if (
      Array.isArray(groups) &&
      groups.some((group: MatcherGroup) => Array.isArray(group?.hooks) && group.hooks.some(isMemHandler))
    )
      continue;
    const group =
      want.matcher === undefined ? { hooks: [want.handler] } : { matcher: want.matcher, hooks: [want.handler] };
    next = appendToJsonArray(next, ['hooks', want.nativeEvent], group, created);
    events.push(want.nativeEvent);
  }
  return { text: events.length === 0 ? (text ?? '') : next, events, created };
}

/** Returns the handlers of mem in `text`, with their event, group index and handler index (Codex keys hook trust by these). */
export function findMemHooks(
  text: string,
): { nativeEvent: string; group: number; index: number; handler: HookHandler }[] {
  const hooks = jsonValueAt(text, ['hooks']);
  const found: { nativeEvent: string; group: number; index: number; handler: HookHandler }[] = [];
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) return found;
  for (const [nativeEvent, groups] of Object.entries(hooks as Record<string, unknown>)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group: MatcherGroup, groupIndex) => {
      if (!Array.isArray(group?.hooks)) return;
      group.hooks.forEach((handler, index) => {
        if (isMemHandler(handler)) found.push({ nativeEvent, group: groupIndex, index, handler });
      });
    });
  }
  return found;
}
