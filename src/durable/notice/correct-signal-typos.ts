/**
 * People type prompts fast: "Rember that …", "alwasy use pnpm". The few words that carry most of a
 * request's weight are read through their typos, so a misspelt request is not a silent one. Only
 * these words, only close misspellings that keep the word's start (a word of its own such as
 * "member" or "newer" never turns into one of them).
 */

type Target = { word: string; prefix: string; maxDistance: number };

// Note: "never" is left out on purpose: its close neighbours ("newer", "fever", "lever") are words.
const TARGETS: readonly Target[] = [
  { word: 'remember', prefix: 're', maxDistance: 2 },
  { word: 'always', prefix: 'al', maxDistance: 1 },
];

/** Words near a target that are words of their own. */
const REAL_WORDS = new Set(['renumber', 'remembers', 'remembered', 'alway', 'allays', 'airways']);

/** Edit distance with adjacent transpositions (optimal string alignment), stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++)
    rows.push(Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const above = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The target a lower-case word misspells, or undefined (the word itself, or no target near it). */
function targetOf(word: string): string | undefined {
  if (REAL_WORDS.has(word)) return undefined;
  for (const target of TARGETS) {
    if (word === target.word || !word.startsWith(target.prefix) || word.length < target.word.length - 2) continue;
    if (distance(word, target.word, target.maxDistance) <= target.maxDistance) return target.word;
  }
  return undefined;
}

/** Returns `text` with the misspelt signal words spelt right (case of the first letter kept); never throws. */
export function correctSignalTypos(text: string): string {
  if (!/\b(?:re|al)/i.test(text)) return text;
  return text.replace(/\b(?:re|al)[a-z]{3,8}\b/gi, (word) => {
    const target = targetOf(word.toLowerCase());
    if (target === undefined) return word;
    return word[0] === word[0]!.toUpperCase() ? target[0]!.toUpperCase() + target.slice(1) : target;
  });
}
