/**
 * Which removed paths the root .gitignore of the commit that removed them ignored: data taken out of git on purpose and
 * kept on disk, though the .gitignore was rewritten since (set 239's GPR-comparing: 7fa6805 added `dicom/` to
 * .gitignore and untracked its DICOM files, 548b3e9 untracked the rest, and a later commit overwrote the .gitignore
 * with one stray line, so git ignores the folder no longer while its AGENTS.md still calls it "sample anonymized DICOM
 * RT files for local testing"). Read with one `git show` and one `git check-ignore` a removing commit, that commit's
 * .gitignore given to git as an excludes file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The `paths` of each removal (`commit`: the removing commit) that commit's root .gitignore ignores; none without git. */
export function ignoredAtRemoval(
  root: string,
  removals: readonly { commit: string; paths: readonly string[] }[],
): Set<string> {
  const ignored = new Set<string>();
  const byCommit = new Map<string, Set<string>>();
  for (const { commit, paths } of removals) {
    if (!/^[0-9a-f]{4,40}$/i.test(commit) || paths.length === 0) continue;
    const asked = byCommit.get(commit) ?? new Set<string>();
    for (const path of paths) asked.add(path);
    byCommit.set(commit, asked);
  }
  if (byCommit.size === 0) return ignored;
  const dir = mkdtempSync(join(tmpdir(), 'mem-lint-ignore-'));
  try {
    for (const [commit, paths] of byCommit) {
      const rules = spawnSync('git', ['show', `${commit}:.gitignore`], { cwd: root, encoding: 'utf8' });
      if (rules.status !== 0 || typeof rules.stdout !== 'string' || rules.stdout.trim() === '') continue;
      const excludes = join(dir, `${commit}.gitignore`);
      writeFileSync(excludes, rules.stdout);
      // --no-index: the paths are gone; what counts is whether that commit's rules (read from the root) match them.
      const result = spawnSync(
        'git',
        ['-c', `core.excludesFile=${excludes}`, 'check-ignore', '--no-index', '--stdin', '-z'],
        { cwd: root, input: [...paths].join('\0'), encoding: 'utf8' },
      );
      if (result.status !== 0 || typeof result.stdout !== 'string') continue;
      for (const path of result.stdout.split('\0')) if (path !== '') ignored.add(path);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return ignored;
}
