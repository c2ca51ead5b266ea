/**
 * What mem may write without anyone reviewing it: only what the user asked for in so many words,
 * already one self-contained sentence. A `#` memory line, a `mem remember` typed by a person, or an
 * explicit request the user typed ("remember: …", "from now on …", "… ; remember that.") that
 * find-memory-requests cleaned into a complete sentence, never from pasted text. Everything else
 * mem notices goes to the pending inbox (strong sources only) or nowhere; recall is the agent's
 * job, through the memory protocol and the nudge.
 */
import type { Candidate } from '../../core/memory-file/candidate.js';
import { heldForReview } from './held-for-review.js';

/** An explicit rule longer than this is a paragraph, not one memory. */
const MAX_CHARS = 300;

/** Returns true when `candidate` may be written without review. */
export function writesByItself(candidate: Candidate): boolean {
  if (heldForReview(candidate.text).length > 0) return false;
  if (candidate.source === 'memory-input' || candidate.source === 'manual') return true;
  return (
    candidate.origin === 'user' &&
    candidate.source === 'explicit-request' &&
    candidate.explicit === true &&
    candidate.text.length <= MAX_CHARS
  );
}
