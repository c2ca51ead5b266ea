/**
 * References that no longer resolve: a path in a code span or a link target of a loaded file that
 * names nothing in the repository. A simple check (the anchor engine of issue 30 will replace it):
 * only a path with a "/" whose first part exists, relative to the repository root or to the file,
 * so package names, URLs and paths of other machines are left alone.
 */
import { posix } from 'node:path';
import type { LintFinding } from './lint-report.js';
import type { LintSource } from './lint-document.js';
import { findPathReferences } from '../core/text/find-path-references.js';

/** Returns a finding per referenced path that does not exist; `exists` answers for repository-relative paths; never throws. */
export function findMissingPaths(sources: readonly LintSource[], exists: (path: string) => boolean): LintFinding[] {
  const out: LintFinding[] = [];
  for (const source of sources) {
    const seen = new Set<string>();
    for (const doc of source.documents) {
      for (const reference of findPathReferences(doc.text)) {
        // Git's own files (hooks, info/exclude) are made per clone, never checked out.
        if (seen.has(reference) || reference.startsWith('.git/')) continue;
        seen.add(reference);
        const bases = reference.startsWith('./') || reference.startsWith('../') ? [posix.dirname(source.path)] : ['.', posix.dirname(source.path)];
        const candidates = bases.map((base) => posix.normalize(posix.join(base, reference))).filter((path) => !path.startsWith('..'));
        if (candidates.length === 0 || candidates.some((path) => exists(path))) continue;
        // Only a path into a folder the repository has: `org/repo`, `feature/x` or a path on another machine says nothing here.
        if (!candidates.some((path) => exists(path.split('/')[0]!))) continue;
        out.push({ code: 'missing-path', level: 'warning', file: source.path, line: doc.line, message: `${reference} does not exist in the repository: the agent is sent to a file that is gone` });
      }
    }
  }
  return out;
}
