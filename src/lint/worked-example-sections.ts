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

// An example element's tags, each on its own line: `<example>`, `<examples>`, `<example name="x">`, `</example>`.
const EXAMPLE_TAG = /^\s*<(\/?)(examples?)(?:\s[^<>]*)?>\s*$/i;

/**
 * Returns whether a 1-based line of `text` lies inside an `<example>` … `</example>` (or `<examples>`) element, each tag
 * on its own line: the tagged sample of a prompt pasted into an agent file (set 196's homeschool-management-platform, a
 * design tool's prompt whose example conversation calls `write(file_path='.superdesign/design_iterations/chat_ui.html',
 * …)`). The files it names are the sample conversation's, made up for it, not files the agent is sent to. An element
 * left open closes nothing. Never throws.
 */
export function exampleElementLines(text: string): (line: number) => boolean {
  if (!/<examples?[\s>]/i.test(text)) return () => false;
  const ranges: [number, number][] = [];
  let open: { tag: string; line: number } | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    const tag = EXAMPLE_TAG.exec(line);
    if (tag === null) continue;
    const name = (tag[2] ?? '').toLowerCase();
    if (tag[1] === '' && open === undefined) open = { tag: name, line: index + 1 };
    else if (tag[1] === '/' && open !== undefined && open.tag === name) {
      ranges.push([open.line, index + 1]);
      open = undefined;
    }
  }
  return (line) => ranges.some(([from, to]) => line > from && line < to);
}
