/**
 * What the attack-likeness score reads of a text: its words, its word pairs and its letter runs of
 * three to five (across word boundaries), and the threat model's concepts it names and their pairs
 * (threat-concepts.ts), each hashed into one of 2^16 buckets. Letter runs carry spellings an
 * attacker bends ("ign0re", "instrucitons") and scripts no list covers; the concepts carry what an
 * attack says from one language to another ("ignore" + "earlier" + "instructions" in Hindi is the
 * same pair of features as in German). Shared by the runtime score and the script that trains it
 * (scripts/train-attack-likeness.mjs), so both read a text the same way.
 */
import { step, tag } from './fnv-hash.js';
import { type ConceptTable, threatConcepts } from './threat-concepts.js';
import { isSeparator } from './word-separators.js';

// 2^16 buckets: the model is one byte a bucket (scripts/train-attack-likeness.mjs checks its size).
const MASK = (1 << 16) - 1;

const NOT_ASCII = /[^\x00-\x7f]/;

// Each kind of feature hashes behind its own tag, so a word and a letter run of the same letters differ.
const WORD = tag('w:');
const PAIR = tag('b:');
const RUN_3 = tag('c3:');
const RUN_4 = tag('c4:');
const RUN_5 = tag('c5:');
const SPACE = 0x20;
const CONCEPT = tag('k:');
const CONCEPT_PAIR = tag('kk:');

// Each concept the text names, and each pair of them: a pair says what the text does ("send" with
// "secret", "conceal" with "person") where one concept alone is common in any project's notes.
function addConcepts(text: string, table: ConceptTable, add: (hash: number) => void): void {
  const bits = threatConcepts(text, table);
  const concepts: number[] = [];
  for (let i = 0; i < 32; i++) if (bits & (1 << i)) concepts.push(i);
  for (let i = 0; i < concepts.length; i++) {
    const first = concepts[i] as number;
    add(step(CONCEPT, first));
    for (let j = i + 1; j < concepts.length; j++) add(step(step(CONCEPT_PAIR, first), concepts[j] as number));
  }
}

// Which buckets this text has hit already: a stamp per bucket, so no set of strings is built (a
// team's first sync scores thousands of entries).
const seen = new Uint32Array(MASK + 1);
let stamp = 0;

/**
 * The distinct buckets a text falls into, and the weight each gets (1 / √count, so length does not
 * decide). The text is read as its NFKC form in lower case, split into words at separators; the
 * features are each word, each pair of neighbouring words, and each run of three, four and five
 * characters of the words joined by one space, with a space before and after; then the concepts of
 * `concepts` the text names, and their pairs. One pass over the text for the words and runs, no
 * string built but the normalised text itself (only when it is not ASCII) and its lower case.
 */
export function attackFeatures(text: string, concepts: ConceptTable): { buckets: Int32Array; weight: number } {
  stamp = (stamp + 1) >>> 0;
  if (stamp === 0) {
    seen.fill(0);
    stamp = 1;
  }
  const buckets: number[] = [];
  const add = (hash: number): void => {
    const bucket = (hash >>> 0) & MASK;
    if (seen[bucket] === stamp) return;
    seen[bucket] = stamp;
    buckets.push(bucket);
  };
  // The joined words as a stream of characters, and the last four of them, for the letter runs.
  let streamed = 0;
  let back1 = 0;
  let back2 = 0;
  let back3 = 0;
  let back4 = 0;
  const stream = (code: number): void => {
    streamed++;
    if (streamed >= 3) add(step(step(step(RUN_3, back2), back1), code));
    if (streamed >= 4) add(step(step(step(step(RUN_4, back3), back2), back1), code));
    if (streamed >= 5) add(step(step(step(step(step(RUN_5, back4), back3), back2), back1), code));
    back4 = back3;
    back3 = back2;
    back2 = back1;
    back1 = code;
  };
  // NFKC leaves ASCII as it is, and ASCII is lowered below: most texts need neither call.
  const source = NOT_ASCII.test(text) ? text.normalize('NFKC').toLowerCase() : text;
  let words = 0;
  let inWord = false;
  let word = 0; // the word so far, behind WORD
  let pairStart = 0; // this word so far, behind PAIR: the start of the pair it begins
  let pair = 0; // the previous word, a space and this word so far, behind PAIR
  let previous = 0; // the previous word behind PAIR, and a space
  stream(SPACE);
  for (let i = 0; i <= source.length; i++) {
    let code = i < source.length ? source.charCodeAt(i) : SPACE;
    if (code >= 0x41 && code <= 0x5a) code += 0x20;
    if (isSeparator(code)) {
      if (!inWord) continue;
      inWord = false;
      add(word);
      if (words > 0) add(pair);
      previous = step(pairStart, SPACE);
      words++;
      continue;
    }
    if (!inWord) {
      inWord = true;
      if (words > 0) stream(SPACE);
      word = WORD;
      pairStart = PAIR;
      pair = previous;
    }
    word = step(word, code);
    pairStart = step(pairStart, code);
    pair = step(pair, code);
    stream(code);
  }
  stream(SPACE);
  // The letters above were lowered one by one; the concepts are read from the lowered text.
  addConcepts(source.toLowerCase(), concepts, add);
  return { buckets: Int32Array.from(buckets), weight: 1 / Math.sqrt(Math.max(1, buckets.length)) };
}
