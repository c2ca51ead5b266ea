/**
 * mem's hooks for Codex CLI (`.codex/hooks.json`) and Gemini CLI (`.gemini/settings.json`),
 * planned and applied like Claude Code's: edited in place (other keys, handlers, comments and
 * formatting keep their bytes), with the keys and folder init created recorded, so that
 * uninstall gives back exactly the file — or no file — that was there before.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MemError } from '../core/errors.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { removeMemHooks } from '../agents/claude-code/claude-settings.js';
import { addWantedHooks, hooksFileError, type WantedHook } from '../agents/hook-groups.js';
import { CODEX_HOOKS_FILE, codexWantedHooks } from '../agents/codex/codex-hooks.js';
import { GEMINI_SETTINGS_FILE, geminiWantedHooks } from '../agents/gemini/gemini-settings.js';
import { planContextFile, removeContextFiles } from '../agents/gemini/gemini-context-file.js';
import { RENDERED_FILE } from '../core/shared-memory-file.js';
import { AGENT_LABELS, type AgentId } from '../agents/agent-id.js';
import type { InstallRecord } from './install-record.js';
import type { HookEventName } from '../agents/hook-event.js';

/**
 * The command a committed hooks file runs: `mem` by name, never this machine's path, and nothing
 * (exit 0, silently) on a teammate's machine without mem, as for Claude Code's settings.
 */
function guardedMemHook(event: HookEventName, agent: HookFileAgent): string {
  return `command -v mem >/dev/null 2>&1 && mem hook ${event} --agent ${agent} || true`;
}

export type HookFileAgent = Exclude<AgentId, 'claude'>;
export const HOOK_FILE_AGENTS: readonly HookFileAgent[] = ['codex', 'gemini'];

const FILES: Record<
  HookFileAgent,
  { file: string; wanted: (command: (event: HookEventName) => string) => WantedHook[] }
> = {
  codex: { file: CODEX_HOOKS_FILE, wanted: codexWantedHooks },
  gemini: { file: GEMINI_SETTINGS_FILE, wanted: geminiWantedHooks },
};

/** What init will do to one agent's hooks file. */
export type AgentHooksPlan = {
  path: string;
  action: 'create' | 'edit' | 'none';
  what: string;
  apply?: (record: InstallRecord) => void;
};

/** Plans mem's hooks for `agent`; throws CONFIG_INVALID for a file it cannot edit, before anything is written. */
export function planAgentHooks(root: string, agent: HookFileAgent): AgentHooksPlan {
  const path = FILES[agent].file;
  const file = join(root, path);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const error = text === null ? null : hooksFileError(text);
  if (error !== null) {
    throw new MemError('CONFIG_INVALID', `${path} cannot be read: ${error}`, {
      hint: `Fix the file (${AGENT_LABELS[agent]} settings are a JSON object, hooks under "hooks"); mem did not change anything.`,
    });
  }
  const added = addWantedHooks(
    text,
    FILES[agent].wanted((event) => guardedMemHook(event, agent)),
  );
  // Gemini CLI also loads the rendered team memory (git ignores it) when its settings list it.
  const context =
    agent === 'gemini' ? planContextFile(added.events.length === 0 ? text : added.text, RENDERED_FILE) : null;
  const contextNote =
    context?.kind === 'add'
      ? `; Gemini loads the rendered team memory (${RENDERED_FILE}, in context.fileName)`
      : context?.kind === 'manual'
        ? `; add ${RENDERED_FILE} to context.fileName yourself for Gemini to load team memory as a file (${context.why})`
        : '';
  if (added.events.length === 0 && context?.kind !== 'add')
    return { path, action: 'none', what: `mem's ${AGENT_LABELS[agent]} hooks are already there${contextNote}` };
  const nextText = context?.kind === 'add' ? context.text : added.text;
  return {
    path,
    action: text === null ? 'create' : 'edit',
    what: `${text === null ? '' : 'adds '}mem's ${AGENT_LABELS[agent]} hooks${added.events.length > 0 ? `: ${added.events.join(', ')}` : ' (already there)'}${contextNote}${text === null ? '' : '; the rest of the file stays as it is'}`,
    apply: (record) => {
      const createdDir = text === null && !existsSync(dirname(file));
      if (createdDir) mkdirSync(dirname(file), { recursive: true });
      writeFileAtomicSync(file, nextText);
      const previous = record.agentSettings?.[path];
      const contextFiles = [...(previous?.contextFiles ?? []), ...(context?.kind === 'add' ? context.added : [])];
      (record.agentSettings ??= {})[path] = {
        createdFile: text === null || previous?.createdFile === true,
        createdDir: createdDir || previous?.createdDir === true,
        created: [...(previous?.created ?? []), ...added.created, ...(context?.kind === 'add' ? context.created : [])],
        ...(contextFiles.length > 0 ? { contextFiles } : {}),
      };
    },
  };
}

/** Removes mem's handlers for `agent` (and what init created for them); null when the file has none and init never wrote it. */
export function uninstallAgentHooks(
  root: string,
  agent: HookFileAgent,
  record: InstallRecord,
): { step: string; changed: boolean; detail: string } | null {
  const path = FILES[agent].file;
  const file = join(root, path);
  const step = `${agent}-hooks`;
  const recorded = record.agentSettings?.[path];
  if (!existsSync(file)) return recorded ? { step, changed: false, detail: `${path}: gone already` } : null;
  const text = readFileSync(file, 'utf8');
  if (hooksFileError(text) !== null) return { step, changed: false, detail: `${path}: not valid JSON, left untouched` };
  const withoutContext = recorded?.contextFiles ? removeContextFiles(text, recorded.contextFiles) : text;
  const hooksRemoved = removeMemHooks(withoutContext, recorded?.created);
  const removed = { text: hooksRemoved.text, changed: hooksRemoved.text !== text };
  if (!removed.changed) return recorded ? { step, changed: false, detail: `${path}: nothing of mem` } : null;
  if (recorded?.createdFile && removed.text.trim().replace(/\s+/g, '') === '{}') {
    rmSync(file);
    if (recorded.createdDir) removeEmptyDir(dirname(file));
    return { step, changed: true, detail: `${path}: removed (created by mem init)` };
  }
  writeFileAtomicSync(file, removed.text);
  return { step, changed: true, detail: `${path}: mem's hooks removed, the rest as it was` };
}

function removeEmptyDir(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    /* not empty or gone: leave it */
  }
}
