/**
 * Checks the clone's git configuration against the team ref (`mem status`): mem fetches and pushes
 * `refs/mem/team` itself, into its own store, so the user's refspecs should leave it alone. A
 * refspec that fetches it drags memory objects into the user's repository; a mirror push from a
 * clone that lacks it deletes it on the remote. Never throws, no network.
 */
import { runGitSync } from '../core/git/run-git.js';

/** Returns one warning per refspec problem for `remote` and the team ref (empty when all is well). */
export function checkRefspecs(root: string, remote: string, teamRef: string): string[] {
  const warnings: string[] = [];
  // One git process for the whole remote section: `mem status` has a start-up budget.
  const prefix = `remote.${remote}.`;
  const lines = (runGitSync(['config', '--get-regexp', `^${prefix.replace(/[.]/g, '\\.')}`], root) ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const values = (key: string) =>
    lines
      .filter((line) => line.toLowerCase().startsWith(`${prefix}${key} `.toLowerCase()))
      .map((line) => line.slice(prefix.length + key.length + 1));
  if (values('url').length === 0) return warnings;
  for (const spec of values('fetch')) {
    if (matches(source(spec), teamRef)) {
      warnings.push(
        `remote.${remote}.fetch "${spec}" also fetches ${teamRef} into your repository; mem fetches it into its own store (.git/mem/store.git), so narrow the refspec (e.g. +refs/heads/*:refs/remotes/${remote}/*)`,
      );
    }
  }
  for (const spec of values('push')) {
    if (matches(source(spec), teamRef) || spec === ':' || spec === '+:') {
      warnings.push(
        `remote.${remote}.push "${spec}" can push over ${teamRef}; mem pushes it itself after merging, so leave it out of your push refspecs`,
      );
    }
  }
  if (values('mirror').includes('true')) {
    warnings.push(
      `remote.${remote}.mirror is set: a mirror push from this clone deletes ${teamRef} on the remote (this clone does not keep it among its own refs); push branches instead`,
    );
  }
  return warnings;
}

function source(spec: string): string {
  const bare = spec.startsWith('+') ? spec.slice(1) : spec;
  const colon = bare.indexOf(':');
  return colon === -1 ? bare : bare.slice(0, colon);
}

function matches(pattern: string, ref: string): boolean {
  if (pattern === '') return false;
  const star = pattern.indexOf('*');
  if (star === -1) return pattern === ref;
  return ref.startsWith(pattern.slice(0, star)) && ref.endsWith(pattern.slice(star + 1));
}
