/**
 * Which agents a repository or its developer uses, for `mem init` to offer: each agent's config
 * folder in the repository (the team's evidence), in the home folder, or its binary on PATH (the
 * developer's). Read-only.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { AGENT_IDS, type AgentId } from './agent-id.js';

export type AgentEvidence = { agent: AgentId; inRepository: boolean; reasons: string[] };

const FOLDER: Record<AgentId, string> = { claude: '.claude', codex: '.codex', gemini: '.gemini' };
const BINARY: Record<AgentId, string> = { claude: 'claude', codex: 'codex', gemini: 'gemini' };

/** Returns the evidence for every agent that shows any (in AGENT_IDS order). */
export function detectAgents(root: string, env: NodeJS.ProcessEnv): AgentEvidence[] {
  const home = env['HOME'] || homedir();
  const found: AgentEvidence[] = [];
  for (const agent of AGENT_IDS) {
    const reasons: string[] = [];
    const inRepository = existsSync(join(root, FOLDER[agent]));
    if (inRepository) reasons.push(`${FOLDER[agent]}/ in this repository`);
    const homeFolder = agent === 'codex' && env['CODEX_HOME'] ? env['CODEX_HOME'] : join(home, FOLDER[agent]);
    if (existsSync(homeFolder))
      reasons.push(`${agent === 'codex' && env['CODEX_HOME'] ? '$CODEX_HOME' : `~/${FOLDER[agent]}`}/`);
    if (onPath(BINARY[agent], env)) reasons.push(`\`${BINARY[agent]}\` on PATH`);
    if (reasons.length > 0) found.push({ agent, inRepository, reasons });
  }
  return found;
}

function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      /* not here */
    }
  }
  return false;
}
