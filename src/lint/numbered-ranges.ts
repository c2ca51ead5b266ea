// The widest range read as members: past it, a `..` between numbers is no list of sibling folders.
const MOST_MEMBERS = 32;

/**
 * The paths a numbered range written as one path stands for (`tests/rpc/level0..level3`, `steps/step1..4`): the
 * folder's siblings named by the stem and each number from the first to the last. Set 159's capnp-zig tells the agent
 * to "group by area (`tests/serialization` or `tests/rpc/level0..level3`)", its four folders `level0` to `level3`.
 * Undefined for any other path (`../x`, `a..b`, a range running down or wider than MOST_MEMBERS).
 */
export function rangeMembers(reference: string): string[] | undefined {
  if (!reference.includes('..')) return undefined;
  const bare = reference.replace(/\/+$/, '');
  const slash = bare.lastIndexOf('/');
  const match = /^([^/]*?)(\d+)\.{2,3}(?:\1)?(\d+)$/.exec(bare.slice(slash + 1));
  if (match === null) return undefined;
  const [, stem = '', first = '', last = ''] = match;
  const from = Number(first);
  const to = Number(last);
  if (to <= from || to - from >= MOST_MEMBERS) return undefined;
  const folder = bare.slice(0, slash + 1);
  return Array.from({ length: to - from + 1 }, (_, k) => `${folder}${stem}${from + k}`);
}
