/**
 * Whether a repository path lies in a folder of retired documents (`archive/`, `archived/`, `retired/`,
 * `docs/archive/2026-07-ai-artifacts/`): an agent file moved there is kept as its day wrote it. Set 52's erlmcp
 * archived its AGENTS.md among 350 reports in `archive/misc/`; the make targets it names were those of its day. No
 * one updates an archived file, and no one starts an agent in the archive to follow it. A `retired/` folder is one too:
 * set 109's nuxt-crouton moves each dead app there with its CLAUDE.md ("archived app graveyard … Do not edit files
 * here"), and the retiring commit removes the app's deploy workflow that CLAUDE.md still names. So is an `old/` folder:
 * set 197's ExpressRecipe kept its previous project, a code generator, in `old/` with its CLAUDE.md ("old/ # Previous
 * code generation project (archived)" in the new root file's tree), whose naming table repeats a convention of the new
 * project's list; no one edits it to drop the copy.
 */
const ARCHIVE_FOLDER = /^[._]?(?:archive[sd]?|retired|old)$/i;

/** Returns whether repository-relative `path` has an archive folder among its folders; never throws. */
export function isArchived(path: string): boolean {
  return path
    .split('/')
    .slice(0, -1)
    .some((part) => ARCHIVE_FOLDER.test(part));
}

// A banner line (a heading, a quote or bold text) saying the project is archived and no longer kept up.
const ARCHIVED_BANNER =
  /^\s*(?:#{1,6}\s|>|\*\*|__)(?=.*\barchived\b)(?=.*\bno longer (?:actively )?(?:maintained|developed|supported)\b)/im;
// The banner opens the file: one further down may speak of another project's archive.
const BANNER_HEAD_CHARS = 1_000;

/**
 * Whether agent file `text` opens with a banner declaring the whole project archived ("> ⚠️ **PROJECT ARCHIVED - NO
 * LONGER MAINTAINED**", set 151's open-source-legislation, whose archiving commit deleted the status files the text
 * names and wrote that the file is "preserved as a technical reference for the architecture that was built"): like a
 * file moved into an archive folder, it is kept as its day wrote it, and no one updates it. Never throws.
 */
export function declaresArchived(text: string): boolean {
  return ARCHIVED_BANNER.test(text.slice(0, BANNER_HEAD_CHARS));
}
