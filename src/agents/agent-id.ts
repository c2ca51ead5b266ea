/**
 * The coding agents mem works with. Claude Code is the default: hook commands written before
 * other agents existed carry no agent, and session records without one are Claude Code's.
 */
export const AGENT_IDS = ['claude', 'codex', 'gemini'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

export const AGENT_LABELS: Record<AgentId, string> = {
  claude: 'Claude Code',
  codex: 'Codex CLI',
  gemini: 'Gemini CLI',
};

const ALIASES: Record<string, AgentId> = {
  claude: 'claude',
  'claude-code': 'claude',
  codex: 'codex',
  'codex-cli': 'codex',
  gemini: 'gemini',
  'gemini-cli': 'gemini',
};

/** Returns the agent a user-typed name means, or null. */
export function resolveAgentId(name: string | undefined | null): AgentId | null {
  if (!name) return null;
  return ALIASES[name.trim().toLowerCase()] ?? null;
}

/** Returns the agents of a comma-separated list and the names that mean none (for the error). */
export function parseAgentList(text: string): { agents: AgentId[]; unknown: string[] } {
  const agents: AgentId[] = [];
  const unknown: string[] = [];
  for (const word of text.split(/[\s,]+/).filter(Boolean)) {
    const id = resolveAgentId(word);
    if (!id) unknown.push(word);
    else if (!agents.includes(id)) agents.push(id);
  }
  return { agents, unknown };
}
