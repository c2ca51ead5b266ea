import type { LintAgent } from './lint-report.js';

/** How each agent is named in messages. */
export const AGENT_NAMES: Record<LintAgent, string> = { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' };
