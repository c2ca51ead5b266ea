/**
 * Splits memory text into raw words the way a developer reads it: punctuation and paths split
 * (`src/gen/` → src, gen), camelCase identifiers are kept whole and also split (findRepoRoot →
 * findRepoRoot, find, Repo, Root), and CJK runs, which have no spaces, become character bigrams.
 */
const WORD = /[\p{L}\p{N}]+/gu;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]+/gu;
const CAMEL_PART = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\p{N}+/gu;

/** Returns the raw words of `text` (not yet normalized); never fails. */
export function tokenizeText(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (CJK_RUN.test(word)) {
      CJK_RUN.lastIndex = 0;
      pushCjk(word, out);
      continue;
    }
    out.push(word);
    if (/[a-z][A-Z]|[A-Za-z]\d|\d[A-Za-z]/.test(word)) {
      for (const part of word.matchAll(CAMEL_PART)) if (part[0] !== word) out.push(part[0]);
    }
  }
  return out;
}

function pushCjk(word: string, out: string[]): void {
  // Non-CJK pieces inside the word (e.g. "DB接続") are kept as words of their own.
  let last = 0;
  for (const run of word.matchAll(CJK_RUN)) {
    const start = run.index ?? 0;
    if (start > last) out.push(word.slice(last, start));
    const chars = Array.from(run[0]);
    if (chars.length === 1) out.push(chars[0] ?? '');
    for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i] ?? ''}${chars[i + 1] ?? ''}`);
    last = start + run[0].length;
  }
  if (last < word.length) out.push(word.slice(last));
}
