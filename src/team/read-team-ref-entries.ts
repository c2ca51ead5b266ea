/**
 * The team memory as a team ref holds it, for a clone with no working copy (CI: `mem check` after
 * `git fetch origin refs/mem/team:refs/mem/team`): every entry file read with the one reader of the
 * format (team-record.ts); a file it refuses is left out, as a sync would quarantine it.
 */
import { resolveGitDir } from '../core/git/repo-root.js';
import type { Entry } from '../core/memory-file/entry.js';
import { listTree, readBlobs } from './store/git-objects.js';
import { ENTRY_DIR, classifyPath, parseRecord } from './store/team-record.js';
import { runGitSync } from '../core/git/run-git.js';

/** Returns the entries of team ref `ref` in the repository at `root` (null when there is no such ref); never throws. */
export async function readTeamRefEntries(root: string, ref: string): Promise<Entry[] | null> {
  try {
    const gitDir = resolveGitDir(root);
    if (runGitSync(['--git-dir', gitDir, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root) === null)
      return null;
    const files = await listTree(gitDir, ref, [ENTRY_DIR]);
    const blobs = await readBlobs(
      gitDir,
      [...files.values()].map((file) => file.oid),
    );
    const entries: Entry[] = [];
    for (const file of files.values()) {
      const kind = classifyPath(file.path);
      const bytes = blobs.get(file.oid);
      const parsed = kind?.kind === 'entry' && bytes !== undefined ? parseRecord(bytes) : null;
      if (kind?.kind !== 'entry' || parsed === null || !parsed.ok || parsed.record.kind !== 'entry') continue;
      const record = parsed.record;
      const fields =
        record.fields !== undefined && record.fields.length > 0
          ? JSON.stringify(Object.fromEntries(record.fields))
          : undefined;
      entries.push({
        id: kind.id,
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
