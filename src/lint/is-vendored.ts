/**
 * Whether a repository path lies in a tree of another project's files: a Go module `go mod vendor`
 * copies, a package a manager installs, a library kept under `third_party/`. An agent file there is
 * its upstream's (vendor/go.opentelemetry.io/otel/AGENTS.md names the `.github/` of the
 * opentelemetry-go repository, which the copy leaves out); this repository's maintainers do not
 * edit it, so what it names is no reference of theirs. So is a skill a skills installer put in place and locked
 * (`skills-lock.json` at the root: `{"skills": {"supabase-postgres-best-practices": {"source": "supabase/agent-skills",
 * "computedHash": …}}}`, set 242's dnd-tracker): its folder's AGENTS.md and CLAUDE.md are the upstream skill's, which the
 * next update writes again over any edit made here.
 */
import { SKILL_ROOTS } from './skill-folders.js';

const VENDORED_FOLDERS = new Set([
  'vendor',
  'third_party',
  'third-party',
  'node_modules',
  'bower_components',
  'site-packages',
]);

/**
 * Returns the folders, under each dot-folder skill root, of the skills a lock file installed from another source
 * (`skills-lock.json`'s text; none when it is absent or not such a lock); never throws.
 */
export function installedSkillFolders(lockText: string | null | undefined): string[] {
  let skills: unknown;
  try {
    skills = (JSON.parse(lockText ?? '') as { skills?: unknown }).skills;
  } catch {
    return [];
  }
  if (typeof skills !== 'object' || skills === null || Array.isArray(skills)) return [];
  const names = Object.entries(skills)
    .filter(([name, entry]) => !name.includes('/') && typeof (entry as { source?: unknown })?.source === 'string')
    .map(([name]) => name);
  return SKILL_ROOTS.filter((root) => root.startsWith('.')).flatMap((root) => names.map((name) => `${root}/${name}`));
}

/**
 * Returns whether repository-relative `path` has a vendored folder among its folders, or lies in one of the
 * `installed` skill folders (installedSkillFolders); never throws.
 */
export function isVendored(path: string, installed: readonly string[] = []): boolean {
  return (
    path
      .split('/')
      .slice(0, -1)
      .some((part) => VENDORED_FOLDERS.has(part)) || installed.some((folder) => path.startsWith(`${folder}/`))
  );
}
