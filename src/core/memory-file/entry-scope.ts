/**
 * Branch scope: an entry learned on a branch other than the default one belongs to that branch
 * until the branch lands. Who may see a scoped entry, and which scope a new entry gets, decided
 * over plain values (the branch names are read by core/git/scope-view.ts).
 */

/** What a reader of memory sees: every entry (`scope.branches` off, `--all-branches`), or team-wide entries and those of one branch. */
export type ScopeView = { kind: 'all' } | { kind: 'branch'; branch: string | null };

/** Everything, whatever its scope. */
export const ALL_BRANCHES: ScopeView = { kind: 'all' };

// Note: git's own rules are wider (check-ref-format); a scope is also a mem comment value and a
// JSON string, so it keeps to the names branches are given in practice.
const BRANCH_RE = /^[A-Za-z0-9_][A-Za-z0-9._/+-]{0,199}$/;

/** True when `value` can be an entry's scope: a plausible branch name (no `..`, no `//`, no trailing `/` or `.lock`). */
export function isBranchName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    BRANCH_RE.test(value) &&
    !value.includes('..') &&
    !value.includes('//') &&
    !value.endsWith('/') &&
    !value.endsWith('.lock')
  );
}

/** True when an entry of `scope` (undefined: team-wide) is shown to `view`. */
export function isVisibleIn(scope: string | undefined, view: ScopeView): boolean {
  return scope === undefined || view.kind === 'all' || scope === view.branch;
}

/** Where HEAD is and what the default branch is, as scope-view.ts reads them. */
export type BranchPosition = {
  /** The branch checked out (null: detached HEAD or unreadable). */
  current: string | null;
  /** The default branch (config `scope.defaultBranch`, else the remote's HEAD, else main/master); null when none is known. */
  defaultBranch: string | null;
};

/**
 * The scope a new entry gets: `explicit` when the user named one (`--branch`, null for `--team`),
 * else the current branch when it is not the default one; undefined (team-wide) with
 * `scope.branches: off`, on the default branch, on a detached HEAD, or when no default is known.
 */
export function scopeForWrite(
  position: BranchPosition,
  mode: 'auto' | 'off',
  explicit?: string | null,
): string | undefined {
  if (explicit !== undefined) return explicit ?? undefined;
  if (mode === 'off' || position.current === null || position.defaultBranch === null) return undefined;
  return position.current === position.defaultBranch || !isBranchName(position.current) ? undefined : position.current;
}

/** The view of a clone at `position`: its branch's entries and the team-wide ones; everything with `scope.branches: off`. */
export function viewAt(position: BranchPosition, mode: 'auto' | 'off'): ScopeView {
  return mode === 'off' ? ALL_BRANCHES : { kind: 'branch', branch: position.current };
}
