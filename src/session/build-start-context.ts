/**
 * What SessionStart tells the agent: the previous handoff for this branch (or, after a
 * compaction or resume, this session's own state), conflicts awaiting review, sync failures.
 * Written as factual statements: text phrased as commands can trip injection defences.
 */
export type StartContextInput = {
  source: string | null;
  handoff: {
    text: string;
    sessionId: string;
    updatedAt: string;
    own: boolean;
    agentLabel?: string;
    sharedBy?: string;
  } | null;
  /** A teammate's shared handoff of this branch newer than this clone's own (or there is no own one). */
  teammateHandoff?: { who: string; updatedAt: string; show: string; newerThanYours: boolean } | null;
  /**
   * Durable memory as the agent should read it, for agents that do not load CLAUDE.md (Codex CLI,
   * Gemini CLI): it comes first and the handoff gets what is left of the budget.
   */
  memory?: string | null;
  conflicts: number;
  /** Team memory lines (qualifier included) that went stale since the agent's memory file was last rendered. */
  newlyStale?: readonly string[];
  syncProblem: string | null;
  /** The memory protocol (always whole, first): how the agent records lasting memory. */
  protocol?: string | null;
  /** Characters available (budget tokens × 4, never over 10,000). */
  budgetChars: number;
};

/** Hard cap Claude Code applies to additionalContext before replacing it with a file preview. */
export const MAX_CONTEXT_CHARS = 10_000;

/** Returns the additionalContext text, or null when there is nothing worth saying. */
export function buildStartContext(input: StartContextInput): string | null {
  const rest = buildHandoffContext(input);
  const memoryBlock = input.memory ? input.memory.slice(0, MAX_MEMORY_CHARS) : '';
  if (!memoryBlock) return rest;
  return rest ? `${memoryBlock}\n\n${rest}` : memoryBlock;
}

function buildHandoffContext(input: StartContextInput): string | null {
  const memoryBlock = input.memory ? input.memory.slice(0, MAX_MEMORY_CHARS) : '';
  const budget = Math.min(input.budgetChars, MAX_CONTEXT_CHARS - (memoryBlock ? memoryBlock.length + 2 : 0));
  const notices: string[] = [];
  if (input.conflicts > 0) {
    notices.push(
      `${input.conflicts} team memory conflict${input.conflicts === 1 ? '' : 's'} wait for a decision: both versions are in the team memory file (.claude/rules/mem-team-memory.md); \`mem review\` settles them for the whole team.`,
    );
  }
  if (input.teammateHandoff) {
    const shared = input.teammateHandoff;
    notices.push(
      `${shared.who} shared a handoff for this branch (last updated ${shared.updatedAt})${shared.newerThanYours ? ', newer than your last session here' : ''}; \`${shared.show}\` prints it.`,
    );
  }
  if (input.newlyStale && input.newlyStale.length > 0) {
    // Note: the agent may have loaded the team memory file before mem rendered it with these qualifiers.
    notices.push(
      `Team memory that no longer matches the committed code (mem checked it as this session started; the team memory file may still show it without the note):\n${input.newlyStale.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  if (input.syncProblem)
    notices.push(
      `The last team memory sync failed: ${input.syncProblem}. Local memory is in use; \`mem sync\` retries.`,
    );

  // Note: the protocol is kept whole like the notices; the handoff is what gets cut.
  const noticeBlock = [input.protocol ?? '', notices.map((notice) => `- ${notice}`).join('\n')]
    .filter((part) => part !== '')
    .join('\n');
  let handoffBlock = '';
  if (input.handoff) {
    const intro = input.handoff.own
      ? `mem session state for this session (${input.handoff.sessionId.slice(0, 8)}), as of ${input.handoff.updatedAt}:`
      : input.handoff.sharedBy
        ? `Handoff shared by ${input.handoff.sharedBy} for this branch (last updated ${input.handoff.updatedAt}), recorded by mem:`
        : `Handoff from the previous session on this branch (${input.handoff.agentLabel ? `${input.handoff.agentLabel}, ` : ''}${input.handoff.sessionId.slice(0, 8)}, last updated ${input.handoff.updatedAt}), recorded by mem:`;
    handoffBlock = `${intro}\n\n${input.handoff.text.trim()}`;
  }
  const join = (head: string) => [head, noticeBlock].filter((part) => part !== '').join('\n\n');
  const whole = join(handoffBlock);
  if (whole === '') return null;
  if (whole.length <= budget) return whole;

  // Over budget: the notices stay whole, the handoff is cut at a line boundary.
  const room = budget - (noticeBlock ? noticeBlock.length + 2 : 0) - TRUNCATED.length;
  if (handoffBlock && room >= MIN_USEFUL_HANDOFF) {
    const cut = handoffBlock.slice(0, room);
    const lastBreak = cut.lastIndexOf('\n');
    return join(`${lastBreak > 0 ? cut.slice(0, lastBreak) : cut}${TRUNCATED}`);
  }
  // Note: a budget too small for any useful handoff still carries the notices.
  return noticeBlock ? noticeBlock.slice(0, budget) : null;
}

const TRUNCATED = '\n[handoff truncated to fit the budget]';
/** Codex truncates hook context past about 10,000 characters: memory takes at most this much of it. */
export const MAX_MEMORY_CHARS = 4_000;
/** Below this many characters a cut handoff says nothing useful. */
const MIN_USEFUL_HANDOFF = 120;
