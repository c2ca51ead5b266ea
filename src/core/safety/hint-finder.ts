/**
 * "Does this text hold one of these hints?" asked for every rule of a gate, answered as
 * `hints.some((hint) => text.includes(hint))` answers it, without searching the text for most.
 *
 * Why: the secret and injection gates skip a rule whose hints a text lacks, and asking was a
 * search of the text per hint: ~300 per text. For a new clone's first sync that is 20,000 texts,
 * and the searches were a third of the gate's time (profile: ~170 ms of 430). One pass over the
 * text marks the pairs of characters it holds; a hint whose first two characters are not a marked
 * pair is not in the text, and a rule's hints are checked against the marks in one tight loop
 * (their pairs computed once, `compileHints`); only a hint whose pair is marked is searched.
 * Exact: a marked pair is only a reason to search.
 */

/** A rule's hints with the pair of characters each starts with (-1: shorter than two, always searched). */
export type CompiledHints = { hints: readonly string[]; pairs: Int32Array };

/** What a text holds, for `holds` and `holdsAny`; meant to be asked right away (see hintsOf). */
export type TextHints = {
  holds(hint: string): boolean;
  holdsAny(hints: CompiledHints): boolean;
};

/** For each pair of characters (their low bytes), the pass that last saw it in a text; made on first use (a quiet hook scans nothing long). */
let seenIn = new Uint32Array(0);
let pass = 0;

/** Texts shorter than this are searched hint by hint: marking costs more than it saves. */
const MARK_FROM = 24;

const pairOf = (text: string, at: number): number =>
  ((text.charCodeAt(at) & 0xff) << 8) | (text.charCodeAt(at + 1) & 0xff);

export function compileHints(hints: readonly string[]): CompiledHints {
  return { hints, pairs: Int32Array.from(hints, (hint) => (hint.length < 2 ? -1 : pairOf(hint, 0))) };
}

const searching = (text: string): TextHints => ({
  holds: (hint) => text.includes(hint),
  holdsAny: (compiled) => compiled.hints.some((hint) => text.includes(hint)),
});

/**
 * Returns what `text` holds. Answers stay exact however they are asked: one kept while another
 * text is marked answers by searching.
 */
export function hintsOf(text: string): TextHints {
  if (text.length < MARK_FROM) return searching(text);
  if (seenIn.length === 0) seenIn = new Uint32Array(65_536);
  if (pass === 0xffff_ffff) {
    seenIn.fill(0);
    pass = 0;
  }
  pass += 1;
  const mine = pass;
  for (let at = 0; at + 1 < text.length; at += 1) seenIn[pairOf(text, at)] = mine;
  const fallback = searching(text);
  return {
    holds: (hint) =>
      hint.length < 2 || pass !== mine ? text.includes(hint) : seenIn[pairOf(hint, 0)] === mine && text.includes(hint),
    holdsAny: (compiled) => {
      if (pass !== mine) return fallback.holdsAny(compiled);
      const { hints, pairs } = compiled;
      for (let index = 0; index < pairs.length; index += 1) {
        const pair = pairs[index] as number;
        if ((pair < 0 || seenIn[pair] === mine) && text.includes(hints[index] as string)) return true;
      }
      return false;
    },
  };
}
