/**
 * One term as the index stores it: lower case, accents folded ("résumé" → "resume"), stop words
 * removed and a light English suffix stemmer applied, so "migrations", "migration" and "migrating"
 * meet on one term. The same function runs at index and query time, which is what keeps them in step.
 */
import { STOP_WORDS } from './stop-words.js';

const COMBINING_MARKS = /\p{M}+/gu;
const DOUBLE_CONSONANT = /([bdfgklmnprt])\1$/;

/** Returns the index form of `raw`, or null when it is a stop word or carries no letters/digits. */
export function normalizeTerm(raw: string): string | null {
  const lower = raw.toLowerCase();
  // Note: NFKD before stripping marks folds accents; non-Latin scripts keep their letters.
  const folded = /[^\u0000-\u007f]/.test(lower) ? lower.normalize('NFKD').replace(COMBINING_MARKS, '') : lower;
  if (folded.length === 0 || STOP_WORDS.has(folded)) return null;
  if (
    folded.length === 1 &&
    !/[\p{N}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(folded)
  ) {
    return null;
  }
  return stemTerm(folded);
}

/** Returns `term` with common English inflections removed; never fails, never returns "". */
function stemTerm(term: string): string {
  if (!/^[a-z]+$/.test(term) || term.length <= 3) return term;
  let stem = term;
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (stem.endsWith('sses')) stem = stem.slice(0, -2);
  else if (stem.endsWith('s') && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith('ing') && stem.length > 5) stem = undouble(stem.slice(0, -3));
  else if (stem.endsWith('ed') && stem.length > 4) stem = undouble(stem.slice(0, -2));
  if (stem.endsWith('e') && stem.length > 4) stem = stem.slice(0, -1);
  return stem;
}

function undouble(stem: string): string {
  return DOUBLE_CONSONANT.test(stem) ? stem.slice(0, -1) : stem;
}
