/**
 * What mem may write without anyone asking: only what is unmistakable and already
 * self-contained. An explicit request ("remember: …", "from now on …", `#` memory input), or a
 * short direct rule or correction that carries its own lasting marker (always, never, from now
 * on, instead of …). Everything else the extractor proposes goes to the pending inbox, where a
 * human (or the agent) decides. Precision here must be near perfect; recall is the inbox's job.
 */
import type { Candidate } from '../../core/memory-file/candidate.js';
import { heldForReview } from './held-for-review.js';

const MAX_CHARS = 180;

// A lasting marker: the rule says itself that it holds beyond this task.
const LASTING =
  /\b(?:always|never|from now on|going forward|moving forward|in (?:the )?future|henceforth|every time|whenever|each time|instead of|rather than|prefer\b[^.]*\b(?:over|to)\b|(?:in|for) (?:this|our|the) (?:repo(?:sitory)?|project|codebase|team)|remember)\b|\b(?:siempre|nunca|immer|niemals|nie|toujours|jamais|sempre)\b|(?:总是|始终|永远|务必|一定要|以后|今后|常に|必ず|今後|항상|반드시|앞으로)/i;
// Not self-contained or not lasting: the speaker's own task or wish, a pronoun standing for
// something said before, a question, an offer, narration.
const TASK_OR_DEICTIC =
  /^(?:i|i'm|i am|i'll|i will|i want|i need|i'd|we need|we want|let me|can you|could you|would you|please (?:can|could)|it|this|that|these|those|they|he|she|here|there)\b|\b(?:you|your)\s+(?:just|already)\b|\?\s*$|\b(?:for now|right now|today|tomorrow|this time|yet|for this (?:task|pr|ticket|change))\b/i;

/** Returns true when `candidate` may be written without review. */
export function writesByItself(candidate: Candidate): boolean {
  if (heldForReview(candidate.text).length > 0) return false;
  if (candidate.source === 'memory-input' || candidate.source === 'manual') return true;
  if (candidate.origin !== 'user') return false;
  if (candidate.explicit === true && candidate.text.length <= MAX_CHARS * 2 && !/\?\s*$/.test(candidate.text)) return true;
  if (candidate.source !== 'explicit-request' && candidate.source !== 'correction') return false;
  const text = candidate.text.trim();
  if (text.length > MAX_CHARS) return false;
  // One sentence: a rule that needs two is rarely unmistakable.
  if (/[.!?。！？]\s+\S/.test(text.replace(/`[^`]*`/g, '``').replace(/\b(?:e\.g|i\.e|etc|vs)\./gi, ''))) return false;
  return LASTING.test(text) && !TASK_OR_DEICTIC.test(text);
}
