/**
 * The agents part of `mem status`: for each agent, whether mem's hooks are in its file, when one
 * of them last ran, and for Codex what its trust gates show (a project not trusted, or hooks not
 * trusted by hash, are the reasons its hooks silently do not run).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_IDS, type AgentId } from '../agents/agent-id.js';
import { findMemHooks } from '../agents/hook-groups.js';
import { CODEX_HOOKS_FILE } from '../agents/codex/codex-hooks.js';
import { GEMINI_SETTINGS_FILE } from '../agents/gemini/gemini-settings.js';
import { readCodexTrust } from '../agents/codex/codex-trust.js';
import type { HookRecord } from '../core/hook-log.js';

export type AgentStatus = {
  agent: AgentId;
  hooksFile: string;
  /** mem handlers found in the agent's hooks file. */
  memHooks: number;
  lastRun: { event: string; at: string; ok: boolean } | null;
  /** Codex only: what config.toml says about trusting this project and mem's hooks. */
  codex?: { projectTrust: 'trusted' | 'untrusted' | null; trustedHooks: number };
  /** What the user should do, if anything. */
  advice: string[];
};

const FILES: Record<AgentId, string> = {
  claude: '.claude/settings.json',
  codex: CODEX_HOOKS_FILE,
  gemini: GEMINI_SETTINGS_FILE,
};

/** Returns one status per agent whose file has mem's hooks or whose hooks ran here; never throws. */
export function readAgentStatus(root: string, records: readonly HookRecord[], env: NodeJS.ProcessEnv): AgentStatus[] {
  const statuses: AgentStatus[] = [];
  for (const agent of AGENT_IDS) {
    const hooksFile = FILES[agent];
    const text = readText(join(root, hooksFile));
    const handlers = text === null ? [] : findMemHooks(text);
    const last = [...records].reverse().find((record) => (record.agent ?? 'claude') === agent);
    if (handlers.length === 0 && !last) continue;
    const status: AgentStatus = {
      agent,
      hooksFile,
      memHooks: handlers.length,
      lastRun: last ? { event: last.event, at: last.at, ok: last.ok } : null,
      advice: [],
    };
    if (agent === 'codex' && handlers.length > 0) {
      const trust = readCodexTrust(root, join(root, hooksFile), handlers, env);
      status.codex = { projectTrust: trust.projectTrust, trustedHooks: trust.trustedHooks };
      if (trust.projectTrust !== 'trusted')
        status.advice.push(
          "Codex loads this project's hooks only once the project is trusted: open `codex` here and trust the folder.",
        );
      if (trust.trustedHooks < handlers.length) {
        status.advice.push(
          `${handlers.length - trust.trustedHooks} of mem's ${handlers.length} Codex hooks have no trust entry: run \`/hooks\` in Codex and trust them (Codex skips them silently until then).`,
        );
      }
    }
    if (handlers.length === 0 && last)
      status.advice.push(
        `mem's hooks ran here but are no longer in ${hooksFile}: \`mem init --agent ${agent}\` puts them back.`,
      );
    statuses.push(status);
  }
  return statuses;
}

function readText(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
