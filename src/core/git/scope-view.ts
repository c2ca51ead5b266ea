/**
 * Where HEAD is and which branch is the default one, read from the git dir's files (no git
 * process: a session start reads this on its quiet path), and the scope view and write scope
 * they give (core/memory-file/entry-scope.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import { scopeForWrite, viewAt, type BranchPosition, type ScopeView } from '../memory-file/entry-scope.js';
import { readCurrentBranch, resolveCommonGitDir, resolveGitDir } from './repo-root.js';

type ScopeConfig = Pick<Config, 'scope' | 'team'>;

/** Returns the branch HEAD is on and the default branch of the clone at `root`; never throws. */
export function readBranchPosition(root: string, config: ScopeConfig): BranchPosition {
  return { current: readScopeBranch(root), defaultBranch: readDefaultBranch(root, config) };
}

/**
 * The branch whose entries the worktree at `root` sees and writes: the one HEAD is on, or, on a
 * detached HEAD in the middle of a rebase or a bisect, the branch being rebased or bisected (git
 * detaches HEAD for both; the work is still that branch's). Null on any other detached HEAD (a
 * tag, a commit, a CI checkout: no branch to scope to) or when HEAD cannot be read. Never throws.
 */
export function readScopeBranch(root: string): string | null {
  const head = readCurrentBranch(root);
  if (head === null) return null;
  if (head !== 'HEAD') return head;
  try {
    const gitDir = resolveGitDir(root);
    for (const file of ['rebase-merge/head-name', 'rebase-apply/head-name']) {
      const match = /^refs\/heads\/(.+)$/.exec(readLoose(gitDir, file) ?? '');
      if (match?.[1]) return match[1];
    }
    // BISECT_START holds the branch the bisect started from (or a commit id when that was detached too).
    const bisected = readLoose(gitDir, 'BISECT_START');
    if (
      bisected !== null &&
      bisected !== '' &&
      !/^[0-9a-f]{40,64}$/.test(bisected) &&
      readRefOid(resolveCommonGitDir(root), `refs/heads/${bisected}`) !== null
    )
      return bisected;
  } catch {
    /* unreadable: no branch */
  }
  return null;
}

/**
 * True when HEAD is detached outside a rebase or bisect with `scope.branches` on: there is no branch
 * to scope what is learned to, and writing it team-wide would tell the default branch what may only
 * hold on a commit it does not have. Never throws.
 */
export function isDetachedWithoutBranch(root: string, config: { scope: { branches: 'auto' | 'off' } }): boolean {
  return config.scope.branches === 'auto' && readCurrentBranch(root) === 'HEAD' && readScopeBranch(root) === null;
}

/**
 * The default branch: config `scope.defaultBranch`, else the branch `<remote>/HEAD` points at when
 * that branch exists, else `main` or `master` when one exists; null otherwise. Note: a
 * `<remote>/HEAD` left pointing at a branch the remote no longer has (a default renamed on the
 * server, a repository created with `main` and pushed as `master`) is not taken: it would make the
 * real default branch a feature branch, whose entries never land.
 */
function readDefaultBranch(root: string, config: ScopeConfig): string | null {
  if (config.scope.defaultBranch !== undefined) return config.scope.defaultBranch;
  try {
    const common = resolveCommonGitDir(root);
    const remote = config.team.remote;
    const exists = (name: string) =>
      readRefOid(common, `refs/remotes/${remote}/${name}`) !== null ||
      readRefOid(common, `refs/heads/${name}`) !== null;
    const symbolic = readLoose(common, `refs/remotes/${remote}/HEAD`);
    const match = symbolic === null ? null : new RegExp(`^ref: refs/remotes/${escape(remote)}/(.+)$`).exec(symbolic);
    if (match?.[1] && exists(match[1])) return match[1];
    for (const name of ['main', 'master']) if (exists(name)) return name;
    return null;
  } catch {
    return null;
  }
}

/** Returns the object id a ref names (a loose ref file, else packed-refs), or null; never throws. */
export function readRefOid(commonGitDir: string, ref: string): string | null {
  const loose = readLoose(commonGitDir, ref);
  if (loose !== null) return /^[0-9a-f]{40,64}$/.test(loose) ? loose : null;
  const packed = readPackedRefs(commonGitDir);
  return packed.get(ref) ?? null;
}

function readLoose(commonGitDir: string, ref: string): string | null {
  const path = join(commonGitDir, ref);
  try {
    return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
  } catch {
    return null;
  }
}

const packedCache = new Map<string, { text: string; refs: Map<string, string> }>();

function readPackedRefs(commonGitDir: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(join(commonGitDir, 'packed-refs'), 'utf8');
  } catch {
    return new Map();
  }
  const known = packedCache.get(commonGitDir);
  if (known?.text === text) return known.refs;
  const refs = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]{40,64}) (refs\/\S+)$/.exec(line);
    if (match?.[1] && match[2]) refs.set(match[2], match[1]);
  }
  packedCache.set(commonGitDir, { text, refs });
  return refs;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The scope view of the clone at `root` (`scope.branches: off`: everything); never throws. */
export function readScopeView(root: string, config: { scope: { branches: 'auto' | 'off' } }): ScopeView {
  if (config.scope.branches === 'off') return viewAt({ current: null, defaultBranch: null }, 'off');
  return viewAt({ current: readScopeBranch(root), defaultBranch: null }, 'auto');
}

/** The scope a new entry written at `root` gets (`explicit`: `--branch <b>`, null for `--team`); undefined: team-wide. Never throws. */
export function readWriteScope(root: string, config: ScopeConfig, explicit?: string | null): string | undefined {
  if (explicit !== undefined)
    return scopeForWrite({ current: null, defaultBranch: null }, config.scope.branches, explicit);
  if (config.scope.branches === 'off') return undefined;
  return scopeForWrite(readBranchPosition(root, config), config.scope.branches);
}
