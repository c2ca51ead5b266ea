/**
 * Commands an agent file writes so that a missing script is no slip: the item says the script may not be there, one
 * code span names several scripts at once, or the text writes the script's package.json entry itself.
 */
import { escapeRegExp } from '../core/text/escape-regexp.js';

// "(if available)", "(if present)", "(if it exists)", "(when configured)": the writer did not know whether the project
// has the script, and says so. Set 109's iznik-nuxt3: "`npm run typecheck` - Verify TypeScript types (if available)".
const HEDGE = /\((?:only\s+)?(?:if|when)\s+(?:it\s+|one\s+)?(?:exists?|present|available|defined|configured)\)/i;

// "Do not try to run `npm test` or `pnpm test`. It will fail." (set 158's nodebbs): the span, and the spans listed before
// it in the same breath, are commands the agent is told to leave alone, right after the verb.
const TOLD_NOT_TO_RUN =
  /\b(?:do\s+not|don['’]?t|never)\s+(?:(?:try|attempt)\s+to\s+)?(?:run|execute|invoke)\s+(?:`[^`\n]+`\s*(?:,\s*(?:or\s+|nor\s+)?|\s(?:or|nor|and)\s+))*$/i;

/**
 * Whether every code span of the prose `text` that runs `name` follows "do not (try to) run": a command the agent is
 * told not to run, so none fails (the file may even say it would). Asked of a script found missing; never throws.
 */
export function isToldNotToRun(text: string, name: string): boolean {
  const runs = new RegExp(`(?:^|\\s)${escapeRegExp(name)}(?:\\s|$)`);
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].filter((match) => runs.test(match[1] ?? ''));
  return (
    spans.length > 0 &&
    spans.every((match) => TOLD_NOT_TO_RUN.test(text.slice(Math.max(0, match.index - 80), match.index)))
  );
}

// "### Initial Project Setup (Not Yet Implemented)" (set 205's shift-balance): a heading that marks its section as a plan,
// whose commands name scripts to come. Only a parenthesised marker counts: "## Future work" may describe today's tools.
const UNBUILT_HEADING =
  /\((?:not\s+(?:yet\s+)?(?:implemented|built|available|set\s+up)(?:\s+yet)?|planned|coming\s+soon|to\s+come|tbd|todo)\)/i;

/** Whether a heading of `section` ("A > B") marks what is under it as not built yet; never throws. */
export function isUnbuiltSection(section: string): boolean {
  return UNBUILT_HEADING.test(section);
}

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

/**
 * Whether `text` writes `name` as a package.json script entry (`"build:new-challenge": "cd new-challenge && …"`): a
 * fragment to add, whose other entries run the scripts it adds (set 122's coding-challenges: "2. **Example:**" of the
 * scripts each new challenge gets, `"build:all": "… && pnpm run build:new-challenge"`); never throws.
 */
export function writesScriptEntry(text: string, name: string): boolean {
  return text.includes(`"${name}"`) && new RegExp(`"${escapeRegExp(name)}"\\s*:\\s*"`).test(text);
}
