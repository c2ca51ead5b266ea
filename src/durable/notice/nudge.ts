/**
 * The nudge: one short line of context added to a prompt that looks like it states something
 * lasting, quoting it, so the agent (which understands prose) records it if it is one. Cheap and
 * bounded; nothing for harness text, slash-command plumbing, pasted logs or tool output.
 */
import { hasHarnessMarkers, stripHarnessText } from '../../agents/claude-code/harness-text.js';
import { noticeLastingSentences } from './notice-lasting.js';

/** The whole nudge line stays under this many characters. */
const MAX_NUDGE_CHARS = 420;
const NUDGE_SENTENCES = 3;
const NUDGE_MIN_SCORE = 3;

/** Returns the nudge line for `prompt`, or '' when nothing in it looks lasting; never throws. */
export function nudgeFor(prompt: string): string {
  if (hasHarnessMarkers(prompt)) return '';
  // A slash command's name is plumbing; its arguments are the user's words.
  const text = stripHarnessText(prompt).replace(/^\s*\/[\w:-]+\s*/, '');
  const sentences = noticeLastingSentences(text, { maxSentences: NUDGE_SENTENCES, minScore: NUDGE_MIN_SCORE });
  if (sentences.length === 0) return '';
  let line = 'mem: this may state a lasting rule, decision or preference; if so, record it with mem remember:';
  for (const sentence of sentences) {
    const quoted = ` "${sentence.text}"`;
    if (line.length + quoted.length > MAX_NUDGE_CHARS) break;
    line += quoted;
  }
  return line.endsWith(':') ? '' : line;
}
