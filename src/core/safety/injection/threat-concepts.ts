/**
 * The threat model's concepts in a text, whatever its language: "ignore", "earlier", "instructions",
 * "secret", "send", "conceal", … (fixtures/threat-concepts/lexicon.json: words and stems in about sixty
 * languages, written from the threat model in docs/gates.md, never from attack sets). The
 * attack-likeness score reads them beside a text's words and letter runs, so that what it learns from
 * an attack in one language carries to the same attack in another, where letter runs share nothing.
 *
 * A form matches where a word starts and may run on ("ignor" matches "ignorieren"); a form marked
 * with a final "$", or of one or two letters, or written with edge punctuation (".env"), must end
 * where the word does; a form in a script written without spaces (Chinese, Japanese, Korean, Thai,
 * Lao, Khmer, Burmese) matches anywhere. The lexicon reaches the hook as a table of form hashes made
 * by the trainer (scripts/train-attack-likeness.mjs), not as the lexicon: 20,000 forms parsed and
 * indexed at run time cost 30 ms, the table is decoded in well under one.
 */
import { fold, step, tag } from './fnv-hash.js';
import { isSeparator } from './word-separators.js';

/**
 * Each form's hash, sorted, and the concepts it names as bits (concept i is bit i); and a bit for the
 * hash of every start of a form (2^16 of them), so that reading a word stops where no form goes on.
 */
export type ConceptTable = { hashes: Uint32Array; concepts: Uint32Array; starts: Uint8Array; longestForm: number };
const STARTS_MASK = (1 << 16) - 1;
const hasStart = (starts: Uint8Array, hash: number): boolean =>
  ((starts[(hash & STARTS_MASK) >>> 3] as number) & (1 << (hash & 7))) !== 0;
const addStart = (starts: Uint8Array, hash: number): void => {
  const index = (hash & STARTS_MASK) >>> 3;
  starts[index] = (starts[index] as number) | (1 << (hash & 7));
};
type Lexicon = { concepts: Record<string, { forms: Record<string, string[]> }> };

// One hash per kind of form, so that a stem and a whole word of the same letters differ.
const STEM = tag('stem:');
const WHOLE_WORD = tag('word:');
const ANYWHERE = tag('anywhere:');

function isUnspaced(code: number): boolean {
  return (
    (code >= 0x0e00 && code <= 0x0eff) ||
    (code >= 0x1000 && code <= 0x109f) ||
    (code >= 0x1780 && code <= 0x17ff) ||
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af)
  );
}

function trimSeparators(form: string): string {
  let start = 0;
  let end = form.length;
  while (start < end && isSeparator(form.charCodeAt(start))) start++;
  while (end > start && isSeparator(form.charCodeAt(end - 1))) end--;
  return form.slice(start, end);
}

/** The concepts' names, in the order of their bits. At most 32. */
function conceptNames(lexicon: Lexicon): string[] {
  const names = Object.keys(lexicon.concepts);
  if (names.length > 32) throw new Error(`the threat lexicon has ${names.length} concepts: at most 32 fit a bit mask`);
  return names;
}

/** The table the scorer reads, made from the lexicon (by the trainer, once). */
export function buildConceptTable(lexicon: Lexicon): ConceptTable {
  const byHash = new Map<number, number>();
  const starts = new Uint8Array((STARTS_MASK + 1) / 8);
  let longestForm = 0;
  conceptNames(lexicon).forEach((name, concept) => {
    for (const forms of Object.values(lexicon.concepts[name]?.forms ?? {}))
      for (const raw of forms) {
        const marked = raw.endsWith('$');
        const written = (marked ? raw.slice(0, -1) : raw).normalize('NFKC').toLowerCase();
        // As the text is read: a form's own edge punctuation (".env", "| sh") is dropped, and what is
        // left is then a whole word, as is any form of one or two letters.
        const form = trimSeparators(written);
        if (form === '') continue;
        const kind = isUnspaced(form.charCodeAt(0))
          ? ANYWHERE
          : marked || form !== written || form.length <= 2
            ? WHOLE_WORD
            : STEM;
        const hash = fold(kind, form) >>> 0;
        // Starts are read on the stem's chain for both kinds that start a word (they differ only at the end).
        let start = kind === ANYWHERE ? ANYWHERE : STEM;
        for (let i = 0; i < form.length - 1; i++) addStart(starts, (start = step(start, form.charCodeAt(i))));
        byHash.set(hash, (byHash.get(hash) ?? 0) | (1 << concept));
        longestForm = Math.max(longestForm, form.length);
      }
  });
  const hashes = Uint32Array.from(byHash.keys()).sort();
  return {
    hashes,
    concepts: Uint32Array.from(hashes, (hash) => (byHash.get(hash) ?? 0) >>> 0),
    starts,
    longestForm,
  };
}

function lookUp(table: ConceptTable, hash: number): number {
  const target = hash >>> 0;
  let low = 0;
  let high = table.hashes.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = table.hashes[middle] as number;
    if (found === target) return table.concepts[middle] as number;
    if (found < target) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}

/**
 * The concepts `text` names, as bits. `text` is already lower case and NFKC, as attack-features.ts
 * reads it. No string is built: each position where a form may start is hashed forward.
 */
export function threatConcepts(text: string, table: ConceptTable): number {
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const anywhere = isUnspaced(code);
    const wordStart = !isSeparator(code) && (i === 0 || isSeparator(text.charCodeAt(i - 1)));
    if (!wordStart && !anywhere) continue;
    let stem = STEM;
    let whole = WHOLE_WORD;
    let unspaced = ANYWHERE;
    let reading = wordStart;
    let readingAnywhere = anywhere;
    const end = Math.min(text.length, i + table.longestForm);
    for (let j = i; j < end && (reading || readingAnywhere); j++) {
      const next = text.charCodeAt(j);
      if (reading) {
        stem = step(stem, next);
        whole = step(whole, next);
        found |= lookUp(table, stem);
        if (j + 1 === text.length || isSeparator(text.charCodeAt(j + 1))) found |= lookUp(table, whole);
        reading = hasStart(table.starts, stem);
      }
      if (readingAnywhere) {
        unspaced = step(unspaced, next);
        found |= lookUp(table, unspaced);
        readingAnywhere = hasStart(table.starts, unspaced);
      }
    }
  }
  return found >>> 0;
}

/** The table as the model file holds it (base64 of the hashes, then the concept bits). */
export function encodeConceptTable(table: ConceptTable): string {
  const bytes = new Uint8Array(table.starts.length + table.hashes.length * 8);
  const { starts, hashes, concepts } = table;
  bytes.set(starts, 0);
  bytes.set(new Uint8Array(hashes.buffer, hashes.byteOffset, hashes.byteLength), starts.length);
  bytes.set(
    new Uint8Array(concepts.buffer, concepts.byteOffset, concepts.byteLength),
    starts.length + hashes.byteLength,
  );
  return Buffer.from(bytes).toString('base64');
}

export function decodeConceptTable(encoded: string, longestForm: number): ConceptTable {
  const bytes = Buffer.from(encoded, 'base64');
  const startsLength = (STARTS_MASK + 1) / 8;
  const count = (bytes.length - startsLength) / 8;
  const copy = new Uint8Array(bytes); // aligned for the typed arrays below
  return {
    starts: copy.subarray(0, startsLength),
    hashes: new Uint32Array(copy.buffer, startsLength, count),
    concepts: new Uint32Array(copy.buffer, startsLength + count * 4, count),
    longestForm,
  };
}
