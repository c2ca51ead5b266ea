/**
 * Commands an agent file writes so that a missing script is no slip: the item says the script may not be there, or
 * one code span names several scripts at once.
 */

// "(if available)", "(if present)", "(if it exists)", "(when configured)": the writer did not know whether the project
// has the script, and says so. Set 109's iznik-nuxt3: "`npm run typecheck` - Verify TypeScript types (if available)".
const HEDGE = /\((?:only\s+)?(?:if|when)\s+(?:it\s+|one\s+)?(?:exists?|present|available|defined|configured)\)/i;

/** Whether the list item or paragraph `text` says the command it names may not be there; never throws. */
export function isHedgedCommandItem(text: string): boolean {
  return HEDGE.test(text);
}

/**
 * The script names a slash joins into one command, "`bun run test/check/types`" for `test`, `check` and `types` (set
 * 109's r4-svelte: "No piping `bun run test/check/types` through `tail`"), or none when `value` is one name. The caller
 * reads them as alternatives only when each is a script of the repository.
 */
export function slashAlternatives(value: string): string[] {
  const parts = value.split('/');
  return parts.length > 1 && parts.every((part) => /^[\w:.-]+$/.test(part)) ? parts : [];
}
