/**
 * Rules distinct enough that the quality filter never merges two of them as duplicates, each
 * with a token to find it by (in CLAUDE.md or on the team branch). bench/faults.mjs imports it.
 * The target is `make check-…`: since session 43's retrain the injection gate's learned score holds for a person
 * about one in ten of the same rules with `make verify-…` (verification skipped is what many attacks ask), and
 * these tests are about sync, not the gate (docs/gates.md lists the false hold).
 */
const WORDS =
  'alpha bravo cobalt delta ember falcon garnet harbor indigo jasper kestrel lumen marble nectar onyx pepper quartz raven saffron tundra umber velvet willow xenon yarrow zephyr acorn birch cedar dahlia elm fennel ginger hazel iris juniper kelp lilac maple nutmeg olive poplar quince rowan sage thyme ulmus vetch wasabi yucca'.split(
    ' ',
  );
const AREAS =
  'logging payments billing search uploads caching metrics routing auth emails exports imports reports queues webhooks sessions settings themes invoices profiles'.split(
    ' ',
  );

export function ruleToken(i: number): string {
  return `check-${WORDS[i % WORDS.length]}${i >= WORDS.length ? Math.floor(i / WORDS.length) : ''}`;
}

export function distinctRule(i: number): string {
  return `From now on, always run \`make ${ruleToken(i)}\` before you touch the ${WORDS[i % WORDS.length]} ${AREAS[(i * 7) % AREAS.length]} module.`;
}
