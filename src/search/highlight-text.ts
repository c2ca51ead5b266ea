/**
 * Finds the words of an entry that a search matched. MiniSearch reports matched terms in index
 * form (lower case, stemmed), so each word of the text is normalized the same way and compared;
 * a word whose camelCase part or CJK bigram matched is highlighted whole.
 */
import { normalizeTerm } from './normalize-term.js';
import { tokenizeText } from './tokenize-text.js';

export type TextSegment = { text: string; hit: boolean };

const WORD = /[\p{L}\p{N}]+/gu;

/** Returns `text` split into matched and unmatched segments (one unmatched segment when nothing matched); never fails. */
export function highlightText(text: string, terms: readonly string[]): TextSegment[] {
  const wanted = new Set(terms);
  const out: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index ?? 0;
    if (!isMatch(word, wanted)) continue;
    if (start > last) out.push({ text: text.slice(last, start), hit: false });
    out.push({ text: word, hit: true });
    last = start + word.length;
  }
  if (last < text.length || out.length === 0) out.push({ text: text.slice(last), hit: false });
  return out;
}

function isMatch(word: string, wanted: ReadonlySet<string>): boolean {
  const whole = normalizeTerm(word);
  if (whole !== null && wanted.has(whole)) return true;
  for (const part of tokenizeText(word)) {
    const term = normalizeTerm(part);
    if (term !== null && wanted.has(term)) return true;
  }
  return false;
}

/** Returns at most `max` characters of the segments, centred on the first match, with "…" where cut; never fails. */
export function clipSegments(segments: readonly TextSegment[], max: number): TextSegment[] {
  const total = segments.reduce((n, s) => n + s.text.length, 0);
  if (total <= max) return [...segments];
  let firstHit = 0;
  for (const segment of segments) {
    if (segment.hit) break;
    firstHit += segment.text.length;
  }
  const start = Math.max(0, Math.min(firstHit - Math.floor(max / 3), total - max));
  const end = start + max;
  const out: TextSegment[] = [];
  if (start > 0) out.push({ text: '…', hit: false });
  let at = 0;
  for (const segment of segments) {
    const from = Math.max(start, at);
    const to = Math.min(end, at + segment.text.length);
    if (to > from) out.push({ text: segment.text.slice(from - at, to - at), hit: segment.hit });
    at += segment.text.length;
  }
  if (end < total) out.push({ text: '…', hit: false });
  return out;
}
