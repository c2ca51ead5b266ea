/**
 * The team store as sync opens it: refs are read straight from the store's files (loose ref or
 * packed-refs), and isomorphic-git is imported only when an object must be read or written. A
 * sync with nothing to do, and the stop hook's "unchanged" check, never pay for loading it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IsoTeamStoreOptions } from './iso-team-store.js';
import { teamRefNames } from './team-ref-names.js';
import type { TeamRef, TeamStorePort } from './team-store-port.js';

const OID = /^[0-9a-f]{40}$/;

/** Returns a TeamStorePort over the bare store at `options.gitdir` that loads isomorphic-git on first object access. */
export function createTeamStore(options: IsoTeamStoreOptions): TeamStorePort {
  let real: Promise<TeamStorePort> | undefined;
  const load = () => (real ??= import('./iso-team-store.js').then((module) => module.createIsoTeamStore(options)));
  const names: Record<TeamRef, string> = teamRefNames(options.branch, options.remote, options.worktree ?? '');
  return {
    async readRef(ref) {
      return readRefFile(options.gitdir, names[ref]);
    },
    async readFiles(commit) {
      return (await load()).readFiles(commit);
    },
    async writeCommit(input) {
      return (await load()).writeCommit(input);
    },
    async updateRef(ref, next, expected) {
      return (await load()).updateRef(ref, next, expected);
    },
    async isAncestor(ancestor, descendant) {
      if (ancestor === descendant) return true;
      return (await load()).isAncestor(ancestor, descendant);
    },
  };
}

/** Returns the commit `ref` points at in the bare repository `gitdir` (loose, then packed), or null. */
function readRefFile(gitdir: string, ref: string): string | null {
  try {
    const loose = readFileSync(join(gitdir, ...ref.split('/')), 'utf8').trim();
    if (OID.test(loose)) return loose;
  } catch {
    /* not loose */
  }
  try {
    for (const line of readFileSync(join(gitdir, 'packed-refs'), 'utf8').split('\n')) {
      const [oid, name] = line.split(' ');
      if (name === ref && oid && OID.test(oid)) return oid;
    }
  } catch {
    /* no packed refs */
  }
  return null;
}
