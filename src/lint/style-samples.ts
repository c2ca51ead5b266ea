import type { LintDocument } from './lint-document.js';

// The last sentence of a lead-in that tells how to write examples and shows one after its colon: "Keep examples
// executable and explicit:", "Write code examples like this:", "Format command examples as:". "For example:" and
// "e.g.:" are not such a sentence: they give an instance of the rule before them.
const STYLE_OF_EXAMPLES =
  /(?:^|[.!?]\s+)(?:keep|write|make|format|show|give|present|use)\s+(?:[\w-]+\s+){0,2}examples\b[^.!?\n]*:\s*$/i;

/**
 * Whether a code block is the sample a writing-style rule shows: the paragraph just before it, in the same section,
 * ends on a sentence telling how examples are written (set 145's Bad3r/nixos `docs/AGENTS.md`, "Keep examples
 * executable and explicit:" over the `pre-commit run` command the root AGENTS.md lists as a step). The block shows the
 * shape of an example in the docs, not a rule of its own: the same command elsewhere is no second copy of it.
 */
export function isStyleSample(block: LintDocument, before: LintDocument | undefined): boolean {
  return (
    block.code === true &&
    before !== undefined &&
    before.code !== true &&
    before.section === block.section &&
    STYLE_OF_EXAMPLES.test(before.text.trim())
  );
}
