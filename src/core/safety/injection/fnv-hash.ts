/**
 * FNV-1a over UTF-16 code units: fast, dependency-free, the same on every machine. The hash the
 * attack-likeness features and the threat concepts' table are both made with.
 */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** `text` folded into `hash`. */
export function fold(hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash;
}

/** The hash a kind of feature starts from, so that two kinds of the same letters differ ("w:", "stem:"). */
export const tag = (name: string): number => fold(FNV_OFFSET, name);

/** One more character code folded into `hash`. */
export const step = (hash: number, code: number): number => Math.imul(hash ^ code, FNV_PRIME);
