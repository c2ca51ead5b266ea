/**
 * One searchable piece of memory: a list item or a paragraph (or a code block, or a table row) of
 * a memory markdown file, with where it lives and, when known, who wrote it and when.
 */
export const MEMORY_KINDS = ['durable', 'team', 'session', 'rules', 'local', 'agents'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** What the markdown parser extracts from one file; the file itself is known to the caller. */
export type ParsedDocument = {
  /** The entry as a human reads it: markdown kept, hidden comments removed, one line. */
  text: string;
  /** Heading path, outermost first, joined with " > " ("Project > Gotchas"); "" before any heading. */
  section: string;
  /** 1-based line in the source file. */
  line: number;
  /** ISO date-time from mem's metadata comment. */
  date?: string;
  author?: string;
  /** mem's stable entry id, when the entry carries one. */
  memId?: string;
  /** The branch a team entry is seen on until it lands (core/memory-file/entry-scope.ts); absent: team-wide. */
  scope?: string;
  /** The entry is in conflict: both current versions (null: that side deleted it); `text` holds both. */
  conflict?: { ours: string | null; theirs: string | null };
  /** A code block, flattened to one line: searchable, but not a statement to recall to the agent (issue 29.17). */
  code?: true;
  /**
   * A fenced code block outside block quotes (whose lines carry the quote's markers): the language
   * its info string names ("" when none) and how many lines its body runs, from the line after the
   * opening fence (trailing blank lines not counted), so a reader of the file as written (lint cuts
   * a shell block's comments) finds the body without reading fences itself.
   */
  fence?: { lang: string; lines: number };
};

/** What the markdown parser says about the file as a whole. */
export type ParsedFile = {
  documents: ParsedDocument[];
  /** Front matter declares `paths:` (a rule Claude Code loads only for matching files). */
  conditional: boolean;
};

/** Returns true when `value` names a memory kind. */
export function isMemoryKind(value: string): value is MemoryKind {
  return (MEMORY_KINDS as readonly string[]).includes(value);
}
