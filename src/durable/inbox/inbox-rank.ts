/**
 * Which candidates are for a person to read in the pending inbox, and how they rank: only strong
 * sources, each a place where someone meant something to be kept. Best first: a `mem remember` the
 * agent tried and a permission prompt denied; an explicit request of the user's too loose to write
 * by itself; a memory tag the agent wrote; Claude Code's auto-memory topics; the user's choice in
 * answer to the agent's question (a decision the user made, in the user's words), below the reason
 * the user typed when rejecting a tool call (a correction no nudge quoted); a sentence the
 * nudge quoted that the agent did not record by the end of its turn, by how strongly it was noticed.
 * Never the agent's narration, proven commands or anything else: those are only logged, and the
 * agent (told by the protocol and the nudge) is where the understanding is.
 */
import type { Candidate } from '../../core/memory-file/candidate.js';

/** Returns the rank of `candidate` in the inbox (higher first), or undefined when it does not belong there. */
export function inboxRank(candidate: Candidate): number | undefined {
  switch (candidate.source) {
    // Typed by a person as a memory, yet held back (the injection gate's weak sign): a person decides.
    case 'memory-input':
    case 'manual':
      return 45;
    case 'agent-remember':
      return candidate.origin === 'agent' ? 40 : undefined;
    case 'explicit-request':
      return candidate.origin === 'user' ? 30 : undefined;
    case 'agent-tag':
      return candidate.origin === 'agent' ? 25 : undefined;
    case 'auto-memory':
      return 20;
    // The reason the user typed when rejecting a tool call: a correction no nudge quoted to the agent,
    // so a person is its only reader; above an answer picked among the agent's own options.
    case 'correction':
      return candidate.origin === 'user' ? 16 + Math.min(8, candidate.score ?? 0) : undefined;
    case 'question-answer':
      return candidate.origin === 'user' ? 15 : undefined;
    case 'noticed':
      return candidate.origin === 'user' ? 10 + Math.min(9, candidate.score ?? 0) : undefined;
    default:
      return undefined;
  }
}
