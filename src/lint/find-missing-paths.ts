/**
 * References that no longer resolve: a path a loaded file names (read by the anchor engine's finder,
 * core/anchors/find-references.ts) that is not in the working tree. Only a path with a "/" whose
 * first part exists, relative to the repository root or to the file, so package names, `org/repo`
 * and paths of other machines are left alone. (The engine's resolver, against a commit's tree with
 * git's renames, would also say where a moved file went: not used yet.)
 */
import { posix } from 'node:path';
import type { LintFinding } from './lint-report.js';
import type { LintSource } from './lint-document.js';
import { findRepositoryPaths } from '../core/text/repository-paths.js';

/** Returns a finding per referenced path that does not exist; `exists` answers for repository-relative paths; never throws. */
export function findMissingPaths(sources: readonly LintSource[], exists: (path: string) => boolean): LintFinding[] {
  const out: LintFinding[] = [];
  for (const source of sources) {
    const seen = new Set<string>();
    for (const doc of source.documents) {
      for (const reference of findRepositoryPaths(doc.text)) {
        // Git's own files (hooks, info/exclude) are made per clone, never checked out; a name without
        // a folder (`flags.get`, `process.env` read as file names) says too little to call missing.
        if (seen.has(reference) || reference.startsWith('.git/') || !reference.includes('/')) continue;
        seen.add(reference);
        const bases = reference.startsWith('./') || reference.startsWith('../') ? [posix.dirname(source.path)] : ['.', posix.dirname(source.path)];
        const candidates = bases.map((base) => posix.normalize(posix.join(base, reference))).filter((path) => !path.startsWith('..'));
        if (candidates.length === 0 || candidates.some((path) => exists(path))) continue;
        // Only a path into a folder the repository has: `org/repo`, `feature/x` or a path on another machine says nothing here.
        const top = reference.replace(/^\/+/, '').split('/')[0]!;
        if (!bases.some((base) => exists(posix.normalize(posix.join(base, top))))) continue;
        out.push({ code: 'missing-path', level: 'warning', file: source.path, line: doc.line, message: `${reference} does not exist in the repository: the agent is sent to a file that is gone` });
      }
    }
  }
  return out;
}
