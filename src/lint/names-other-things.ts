/**
 * Two reworded lines that differ only in the names they speak of: Scenes' "**Observers**: Automatic registration, do
 * not register manually" and its AVConsole's "**Automatic registration**: Do not manually register Camera/Microphone"
 * say the same words of two things, each its own rule. Rewording a rule changes common words (must, prefer, as well,
 * please); a name is written with a capital inside a sentence (`Camera/Microphone`) or is an item's bold label
 * (`**Observers**:`), the subject of what follows it.
 */
import { comparableWords } from '../core/text/text-similarity.js';

// An item's bold label: "**Observers**:", "- **Root Node** —".
const BOLD_LABEL = /^\s*(?:(?:[-*+]|\d+[.)])\s+)?\*\*([^*\n]+)\*\*\s*(?::|\s[-\u2013\u2014])/;
// What ends a sentence or a label before the next word: the next word starts a sentence, capitalised by grammar.
const SENTENCE_END = /[.!?:]["'*)\]]*$/;

/** Returns the comparable words (text-similarity.ts) `text` writes as names; never throws. */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  const label = BOLD_LABEL.exec(text);
  for (const word of comparableWords(label?.[1] ?? '')) names.add(word);
  const tokens = text
    .slice(label?.[0].length ?? 0)
    .replace(/^\s*(?:(?:[-*+]|\d+[.)])\s+)?/, '')
    .split(/\s+/)
    .filter((token) => token !== '');
  for (const [index, token] of tokens.entries()) {
    const startsSentence = index === 0 || SENTENCE_END.test(tokens[index - 1]!);
    if (!startsSentence && /^[*_"'([]*\p{Lu}/u.test(token)) for (const word of comparableWords(token)) names.add(word);
  }
  return names;
}

/**
 * Whether the words `a` and `b` (their comparable word sets, of `aText` and `bText`) do not share are, on both sides,
 * names each text writes: two things, not one rule reworded. Never throws.
 */
export function namesOtherThings(
  aText: string,
  a: ReadonlySet<string>,
  bText: string,
  b: ReadonlySet<string>,
): boolean {
  const onlyA = [...a].filter((word) => !b.has(word));
  const onlyB = [...b].filter((word) => !a.has(word));
  if (onlyA.length === 0 || onlyB.length === 0) return false;
  const namesA = namesIn(aText);
  const namesB = namesIn(bText);
  return onlyA.every((word) => namesA.has(word)) && onlyB.every((word) => namesB.has(word));
}
