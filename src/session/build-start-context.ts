/**
 * What SessionStart tells the agent: the previous handoff for this branch (or, after a
 * compaction or resume, this session's own state), conflicts awaiting review, sync failures.
 * Written as factual statements: text phrased as commands can trip injection defences.
 */
export type StartContextInput = {
  source: string | null;
  handoff: { text: string; sessionId: string; updatedAt: string; own: boolean } | null;
  conflicts: number;
  syncProblem: string | null;
  /** Characters available (budget tokens × 4, never over 10,000). */
  budgetChars: number;
};

/** Hard cap Claude Code applies to additionalContext before replacing it with a file preview. */
export const MAX_CONTEXT_CHARS = 10_000;

/** Returns the additionalContext text, or null when there is nothing worth saying. */
export function buildStartContext(input: StartContextInput): string | null {
  const budget = Math.min(input.budgetChars, MAX_CONTEXT_CHARS);
  const notices: string[] = [];
  if (input.conflicts > 0) {
    notices.push(`${input.conflicts} team memory conflict${input.conflicts === 1 ? '' : 's'} await human review in CLAUDE.md (resolved with \`mem review\`).`);
  }
  if (input.syncProblem) notices.push(`The last team memory sync failed: ${input.syncProblem}. Local memory is in use; \`mem sync\` retries.`);

  const parts: string[] = [];
  if (input.handoff) {
    const intro = input.handoff.own
      ? `mem session state for this session (${input.handoff.sessionId.slice(0, 8)}), as of ${input.handoff.updatedAt}:`
      : `Handoff from the previous session on this branch (${input.handoff.sessionId.slice(0, 8)}, last updated ${input.handoff.updatedAt}), recorded by mem:`;
    parts.push(intro, input.handoff.text.trim());
  }
  if (notices.length > 0) parts.push(notices.map((notice) => `- ${notice}`).join('\n'));
  if (parts.length === 0) return null;

  const noticeText = notices.length > 0 ? `\n\n${notices.map((notice) => `- ${notice}`).join('\n')}` : '';
  let text = parts.join('\n\n');
  if (text.length > budget) {
    // Keep the notices whole; cut the handoff at a line boundary.
    const room = Math.max(0, budget - noticeText.length - 40);
    const head = input.handoff ? `${parts[0]}\n\n${input.handoff.text.trim()}` : '';
    const cut = head.slice(0, room);
    const lastBreak = cut.lastIndexOf('\n');
    text = `${lastBreak > 0 ? cut.slice(0, lastBreak) : cut}\n[handoff truncated to fit the budget]${noticeText}`;
  }
  return text.slice(0, MAX_CONTEXT_CHARS);
}
