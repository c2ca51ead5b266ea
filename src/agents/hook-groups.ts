/**
 * The hook-file shape Claude Code, Codex CLI and Gemini CLI share: `{ hooks: { <Event>: [ {
 * matcher?, hooks: [ { type: "command", command, … } ] } ] } }`. Adding and removing mem's
 * handlers keeps every other key, group and handler exactly as it was.
 */
export type HookHandler = { type: string; command?: string; args?: string[]; timeout?: number; name?: string; [key: string]: unknown };
export type MatcherGroup = { matcher?: string; hooks?: HookHandler[]; [key: string]: unknown };
export type HooksDocument = { hooks?: Record<string, MatcherGroup[]>; [key: string]: unknown };

/** One handler mem wants under a native event, with the group matcher it goes in (if any). */
export type WantedHook = { nativeEvent: string; matcher?: string; handler: HookHandler };

/** Returns `doc` with each wanted handler present once (an existing mem handler for the event counts), and whether anything changed. */
export function addHooks(doc: HooksDocument, wanted: readonly WantedHook[], isMine: (handler: unknown) => boolean): { doc: HooksDocument; changed: boolean } {
  const next: HooksDocument = structuredClone(doc);
  const hooks = (next.hooks ??= {});
  let changed = false;
  for (const want of wanted) {
    const groups = (hooks[want.nativeEvent] ??= []);
    if (groups.some((group) => Array.isArray(group.hooks) && group.hooks.some(isMine))) continue;
    groups.push(want.matcher === undefined ? { hooks: [want.handler] } : { matcher: want.matcher, hooks: [want.handler] });
    changed = true;
  }
  return { doc: changed ? next : doc, changed };
}

/** Returns `doc` without any handler `isMine` claims (groups and events left empty are removed), and whether anything changed. */
export function removeHooks(doc: HooksDocument, isMine: (handler: unknown) => boolean): { doc: HooksDocument; changed: boolean } {
  if (!doc.hooks || typeof doc.hooks !== 'object') return { doc, changed: false };
  const next: HooksDocument = structuredClone(doc);
  let changed = false;
  for (const [name, groups] of Object.entries(next.hooks ?? {})) {
    if (!Array.isArray(groups)) continue;
    const kept: MatcherGroup[] = [];
    for (const group of groups) {
      if (!Array.isArray(group.hooks)) {
        kept.push(group);
        continue;
      }
      const handlers = group.hooks.filter((handler) => !isMine(handler));
      if (handlers.length !== group.hooks.length) changed = true;
      if (handlers.length > 0) kept.push({ ...group, hooks: handlers });
    }
    if (kept.length > 0) next.hooks![name] = kept;
    else delete next.hooks![name];
  }
  if (next.hooks && Object.keys(next.hooks).length === 0) delete next.hooks;
  return { doc: changed ? next : doc, changed };
}

/** Returns the handlers `isMine` claims, with their event, group index and handler index (for Codex's trust keys). */
export function findHooks(doc: HooksDocument, isMine: (handler: unknown) => boolean): { nativeEvent: string; group: number; index: number; handler: HookHandler }[] {
  const found: { nativeEvent: string; group: number; index: number; handler: HookHandler }[] = [];
  for (const [nativeEvent, groups] of Object.entries(doc.hooks ?? {})) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, groupIndex) => {
      if (!Array.isArray(group.hooks)) return;
      group.hooks.forEach((handler, index) => {
        if (isMine(handler)) found.push({ nativeEvent, group: groupIndex, index, handler });
      });
    });
  }
  return found;
}
