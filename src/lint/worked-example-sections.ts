import type { LintDocument } from './lint-document.js';

// "**Example:** Add a method to get buffer diagnostics." or "Example: adding a `foo` command" opening a section.
const EXAMPLE_LEAD = /^\s*(?:\*\*|__)?\s*(?:worked\s+)?example\s*(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*:|:)/i;

/**
 * The sections (heading paths) that are one worked example: their first document opens with "Example:" ("### Adding a
 * New RPC Method" then "**Example:** Add a method to get buffer diagnostics.", set 96's neph.nvim). The steps that
 * follow name the files the example makes (`lua/neph/api/diagnostics.lua`, its test), which no one means to be there.
 * A section's deeper headings are sections of their own. Never throws.
 */
export function workedExampleSections(documents: readonly LintDocument[]): ReadonlySet<string> {
  const sections = new Set<string>();
  let previous: string | undefined;
  for (const doc of documents) {
    if (doc.section === previous) continue;
    previous = doc.section;
    if (doc.section !== '' && doc.code !== true && EXAMPLE_LEAD.test(doc.text)) sections.add(doc.section);
  }
  return sections;
}
