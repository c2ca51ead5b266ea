/**
 * The team memory as a team ref holds it, for a clone with no working copy (CI: `mem check` after
 * `git fetch origin refs/mem/team:refs/mem/team`): every entry file read with the one reader of the
 * format (team-record.ts); a file it refuses is left out, as a sync would quarantine it.
 */
import { resolveGitDir } from '../core/git/repo-root.js';
import type { Entry } from '../core/memory-file/entry.js';
import { readEntriesAt } from './store/read-entries.js';
import { parseRecord } from './store/team-record.js';
import { runGitSync } from '../core/git/run-git.js';

/** Returns the entries of team ref `ref` in the repository at `root` (null when there is no such ref); never throws. */
export async function readTeamRefEntries(root: string, ref: string): Promise<Entry[] | null> {
  try {
    const gitDir = resolveGitDir(root);
    if (runGitSync(['--git-dir', gitDir, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root) === null)
      return null;
    const entries: Entry[] = [];
    for (const [id, bytes] of (await readEntriesAt(gitDir, ref)).entries) {
      const parsed = parseRecord(bytes);
      if (!parsed.ok || parsed.record.kind !== 'entry') continue;
      const record = parsed.record;
      const fields =
        record.fields !== undefined && record.fields.length > 0
          ? JSON.stringify(Object.fromEntries(record.fields))
          : undefined;
      entries.push({
        id,
        section: record.section,
        text: record.text,
        provenance: fields === undefined ? {} : { fields },
      });
    }
    return entries;
  } catch {
    return null;
  }
}
