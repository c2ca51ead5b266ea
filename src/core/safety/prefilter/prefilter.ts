/**
 * Which gate patterns a text cannot match, asked before V8 compiles them: a pattern is compiled on
 * its first run, and compiling the gates' ~190 patterns for a short prompt was most of a turn's
 * instructions (bench/README.md). Each pattern's required factors (required-factors.ts: the pieces
 * every match contains) are derived from its syntax tree when the bundle is built
 * (scripts/required-factors.mjs) and read here from the table the build put in
 * `__MEM_REQUIRED_FACTORS__`; parsing the patterns at run time would cost more than compiling them.
 */
import { compileHints, hintsOf, type CompiledHints, type TextHints } from '../hint-finder.js';

/**
 * JSON of `{ "<flags>/<source>": [[factor, …], …] }`, put in by the build (esbuild `define`) and by
 * vitest.config.ts; undefined only while scripts/required-factors.mjs derives the table itself.
 */
declare const __MEM_REQUIRED_FACTORS__: string | undefined;

/** Clauses a text must all hold (one factor of each) for the patterns to be worth running; none: always run. */
export type Prefilter = readonly CompiledHints[];

let table: Map<string, string[][]> | undefined;
/** Each pattern's prefilter, made once. */
const made = new Map<RegExp, Prefilter>();

function factorTable(): Map<string, string[][]> {
  table ??= new Map(
    Object.entries(
      JSON.parse(typeof __MEM_REQUIRED_FACTORS__ === 'string' ? __MEM_REQUIRED_FACTORS__ : '{}') as Record<
        string,
        string[][]
      >,
    ),
  );
  return table;
}

/**
 * The key of a pattern in the table: its flags, length and ends, not its whole source (the table
 * would be 60 KB of keys to parse on every start). scripts/required-factors.mjs refuses two gated
 * patterns with one key; a pattern that is not gated is never asked for.
 */
export const factorKey = ({ flags, source }: RegExp): string =>
  `${flags}/${source.length}/${source.slice(0, 32)}/${source.slice(-16)}`;

/**
 * What a text must hold for every one of `patterns` to match it (a rule whose pattern and `also`
 * must both match); a pattern the table lacks requires nothing. Never throws.
 */
export function prefilterOf(...patterns: readonly (RegExp | undefined)[]): Prefilter {
  return patterns.flatMap((pattern) => {
    if (pattern === undefined) return [];
    let prefilter = made.get(pattern);
    if (prefilter === undefined) {
      prefilter = (factorTable().get(factorKey(pattern)) ?? []).map(compileHints);
      made.set(pattern, prefilter);
    }
    return prefilter;
  });
}

/** false when the text (as `hintsOf(foldForFactors(text))`) lacks a clause: the patterns cannot match it. */
export function mayMatch(prefilter: Prefilter, held: TextHints): boolean {
  return prefilter.every((clause) => held.holdsAny(clause));
}

/** The text mayMatchText last looked at, and what it holds (answers stay exact once another is marked). */
let lastText: string | undefined;
let lastHeld: TextHints | undefined;

/**
 * false when `text` lacks a clause of `pattern`'s required factors: it cannot match, and V8 need
 * not compile it to say so. For code that runs its patterns one by one on a sentence (the durable
 * extraction) rather than a gate's list on one text; the sentence is folded once for its patterns.
 */
export function mayMatchText(pattern: RegExp, text: string): boolean {
  const prefilter = prefilterOf(pattern);
  if (prefilter.length === 0) return true;
  if (lastHeld === undefined || text !== lastText) {
    lastText = text;
    lastHeld = hintsOf(foldForFactors(text));
  }
  return mayMatch(prefilter, lastHeld);
}

/** `pattern.test(text)`, without compiling the pattern for a text that lacks its required factors. */
export const testPrefiltered = (pattern: RegExp, text: string): boolean =>
  mayMatchText(pattern, text) && pattern.test(text);

/**
 * The text factors are looked for in: lower-cased, and U+017F (long s, which /s/iu matches) as `s`;
 * the Kelvin sign (which /k/iu matches) lower-cases to `k` already. required-factors.ts reads only
 * characters this keeps sound, and test/unit/core/safety/required-factors.test.ts checks every code point.
 */
export function foldForFactors(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('\u017f') ? lower.replaceAll('\u017f', 's') : lower;
}
