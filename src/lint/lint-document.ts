import type { LintAgent } from './lint-report.js';

/** One rule-sized piece of a loaded file (a list item, paragraph, code block or table row), as the search index's markdown reader yields it. */
export type LintDocument = {
  text: string;
  /** Heading path, outermost first, joined with " > "; "" before any heading. */
  section: string;
  /** 1-based line in the file. */
  line: number;
  /** A code block (its text is the code). */
  code?: true;
  /** A fenced code block: its info string's language ("" when none) and its body's length in lines, from the line after the fence. */
  fence?: { lang: string; lines: number };
};

/**
 * A loaded file's documents, with whether the file is mem's team memory and its scope: the folder
 * whose agent file brought it in ("" for the repository-wide ones). A nested folder's file refines
 * its parents' for work in that folder, so only files of one scope can contradict each other.
 */
export type LintSource = {
  path: string;
  team: boolean;
  scope: string;
  documents: readonly LintDocument[];
  /** The file as written, when the check needs what the documents flatten (a code block's lines). */
  text?: string;
  /**
   * The folder of the package that publishes the file ("" for the root's), when one does (package-publishing.ts), else
   * of the project of its own it lies in (standalone-projects.ts): either way the file must stand alone.
   */
  publishedIn?: string | undefined;
  /** The folder an agent file picked up folder by folder stands for (`backend` of `backend/AGENTS.md`, "" of `.claude/CLAUDE.md`). */
  home?: string | undefined;
  /** For a file no agent reads by its name, brought in by an `@` import: the agent file whose import chain starts there. */
  importedBy?: string | undefined;
  /** The agents that load the file, under any of its names (undefined: not known, as for a caller checking one text). */
  agents?: readonly LintAgent[] | undefined;
  /** Every path the file goes by, its own and its symlinks' among the agent files (`api/CLAUDE.md -> AGENTS.md`). */
  names?: readonly string[] | undefined;
  /** Whether the file is another project's (is-vendored.ts); undefined: judged by its path alone. */
  vendored?: boolean | undefined;
};
