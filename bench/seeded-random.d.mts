/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same draws. */
export function seededRandom(seed: number): () => number;
