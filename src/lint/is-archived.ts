/**
 * Whether a repository path lies in a folder of retired documents (`archive/`, `archived/`, `retired/`,
 * `docs/archive/2026-07-ai-artifacts/`): an agent file moved there is kept as its day wrote it. Set 52's erlmcp
 * archived its AGENTS.md among 350 reports in `archive/misc/`; the make targets it names were those of its day. No
 * one updates an archived file, and no one starts an agent in the archive to follow it. A `retired/` folder is one too:
 * set 109's nuxt-crouton moves each dead app there with its CLAUDE.md ("archived app graveyard … Do not edit files
 * here"), and the retiring commit removes the app's deploy workflow that CLAUDE.md still names.
 */
const ARCHIVE_FOLDER = /^[._]?(?:archive[sd]?|retired)$/i;

/** Returns whether repository-relative `path` has an archive folder among its folders; never throws. */
export function isArchived(path: string): boolean {
  return path
    .split('/')
    .slice(0, -1)
    .some((part) => ARCHIVE_FOLDER.test(part));
}
