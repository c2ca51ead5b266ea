/**
 * The nudge: one short line of context added to a prompt that looks like it states something
 * lasting, quoting it, so the agent (which understands prose) records it if it is one. Cheap and
 * bounded; nothing for harness text, slash-command plumbing, pasted logs or tool output. The same
 * sentences, when the agent records nothing by the end of its turn, may wait in the pending inbox.
 */
import { hasHarnessMarkers, stripHarnessText } from '../../agents/claude-code/harness-text.js';
import { noticeLastingSentences, type NoticedSentence } from './notice-lasting.js';

/**
 * The whole nudge line stays under this many characters, or under half the prompt's length when
 * that is more: a long pasted spec states many requirements, and quoting the ones deep in it costs
 * at most half of what the user already sent.
 */
const MAX_NUDGE_CHARS = 1000;
const NUDGE_SENTENCES = 5;
/**
 * One modal sign (must, should, only, don't, avoid) is enough: constraints are said plainly more
 * often than with "always". Steps scoped to now, guesses, questions and status reports weigh one
 * more against (notice-lasting.ts), so they stand as far below this bar as they stood below 3.
 */
const NUDGE_MIN_SCORE = 2;
/** Sentences that score this much are quoted beside one that reached NUDGE_MIN_SCORE. */
const NUDGE_QUOTE_SCORE = 2;
/** A long prompt (a dictated brief, a pasted spec) may have one more quoted per this many sentences. */
const SENTENCES_PER_EXTRA = 3;
const INTRO = 'mem: this may state a lasting rule, decision or preference; if so, record it with mem remember:';

/** Returns the sentences of `prompt` the nudge quotes, best first (empty when none); never throws. */
export function nudgedSentences(prompt: string): NoticedSentence[] {
  if (hasHarnessMarkers(prompt)) return [];
  // A slash command's name is plumbing; its arguments are the user's words.
  const text = stripHarnessText(prompt).replace(/^\s*\/[\w:-]+\s*/, '');
  const sentences = noticeLastingSentences(text, {
    maxSentences: NUDGE_SENTENCES,
    minScore: NUDGE_MIN_SCORE,
    quoteScore: NUDGE_QUOTE_SCORE,
    sentencesPerExtra: SENTENCES_PER_EXTRA,
  });
  // Only what fits in the line is quoted, so only that counts as nudged.
  const quoted: NoticedSentence[] = [];
  const maxChars = Math.max(MAX_NUDGE_CHARS, text.length / 2);
  let length = INTRO.length;
  for (const sentence of sentences) {
    length += sentence.text.length + 3;
    if (length > maxChars) break;
    quoted.push(sentence);
  }
  return quoted;
}

/** Returns the nudge line for `prompt`, or '' when nothing in it looks lasting; never throws. */
export function nudgeFor(prompt: string): string {
  const sentences = nudgedSentences(prompt);
  if (sentences.length === 0) return '';
  return `${INTRO}${sentences.map((sentence) => ` "${sentence.text}"`).join('')}`;
}
