/**
 * Whether a repository path lies in a folder of retired documents (`archive/`, `archived/`,
 * `docs/archive/2026-07-ai-artifacts/`): an agent file moved there is kept as its day wrote it. Set 52's erlmcp
 * archived its AGENTS.md among 350 reports in `archive/misc/`; the make targets it names were those of its day. No
 * one updates an archived file, and no one starts an agent in the archive to follow it.
 */
const ARCHIVE_FOLDER = /^[._]?archive[sd]?$/i;

/** Returns whether repository-relative `path` has an archive folder among its folders; never throws. */
export function isArchived(path: string): boolean {
  return path
    .split('/')
    .slice(0, -1)
    .some((part) => ARCHIVE_FOLDER.test(part));
}
