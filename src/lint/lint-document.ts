/** One rule-sized piece of a loaded file (a list item, paragraph, code block or table row), as the search index's markdown reader yields it. */
export type LintDocument = {
  text: string;
  /** Heading path, outermost first, joined with " > "; "" before any heading. */
  section: string;
  /** 1-based line in the file. */
  line: number;
  /** A code block (its text is the code). */
  code?: true;
};

/** A loaded file's documents, with whether the file is mem's team memory. */
export type LintSource = { path: string; team: boolean; documents: readonly LintDocument[] };
