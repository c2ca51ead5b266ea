/**
 * What the team changed since this clone's base, from one `git log` over the new commits instead of
 * three processes (`merge-base --is-ancestor`, `diff-tree`, `log --name-only`): each costs a sync
 * ~2 ms of start-up between the fetch and the push (measured at a year's scale: 9 ms for two of
 * them).
 *
 * The one log answers when the new commits are a plain line of history on top of the base (what
 * clones pushing in turn make): the base is an ancestor when one of them has it as parent; the net
 * change of each path is its first old and last new version; who changed an entry last is the
 * newest commit that touched it. Anything else (a merge commit, more commits than the log lists, the
 * boundary of a shallow store, which has no parent there, a base that is not an ancestor: a
 * rewritten or compacted ref) is answered by the three processes, as before, so the answers are
 * the same either way.
 */
import { planChanges } from './bundle-changes.js';
import { walkNewCommits } from './commit-walk.js';
import { gitAsync, readStoreObjects, startAttributeChanges, startDiffTrees, startIsAncestor, type Attribution, type CommitAuthor, type TreeChange } from './git-objects.js';
import type { ObjectReader, StoredObject } from './object-reader.js';
import { RAW_LOG_ARGS, parseRawLog } from './raw-log.js';

export type TeamHistory = {
  /** The base is the team ref's commit or one of its ancestors. */
  related: Promise<boolean>;
  /** The files under `dirs` that differ between the base's tree and the team ref's (as diff-tree lists them). */
  changes: Promise<TreeChange[]>;
  /** For each path under `attributed` the new commits changed, the newest such commit and its author; every new commit's author. */
  attribution: Promise<{ byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> }>;
};

/** More new commits than this and the three processes answer (a clone that was away a long time). */
const MAX_COMMITS = 512;

/**
 * Starts reading what changed from `base` to `theirs` (`base` !== `theirs`); never throws, rejects
 * as the three processes do. With `reader` (the sync's open cat-file) a short line of new commits
 * is read from it, without starting any process (commit-walk.ts); the log answers the rest.
 */
export function startTeamHistory(storeDir: string, base: string, theirs: string, dirs: readonly string[], attributed: readonly string[], reader?: ObjectReader): TeamHistory {
  const threeProcesses = (): TeamHistory => ({
    related: startIsAncestor(storeDir, base, theirs),
    changes: startDiffTrees(storeDir, base, theirs, dirs),
    attribution: startAttributeChanges(storeDir, theirs, base, attributed),
  });
  const walked = reader === undefined ? Promise.resolve(null) : walkNewCommits(reader, base, theirs, [...new Set([...dirs, ...attributed])]);
  const read = walked
    .then((commits) => commits ?? readLine(storeDir, base, theirs))
    .then((commits) => (commits === null ? null : inEntries(commits, (specs) => (reader === undefined ? readStoreObjects(storeDir, specs) : reader.read(specs)))))
    .then((commits) => (commits === null ? null : answer(commits, base, dirs, attributed)));
  let fallback: TeamHistory | null = null;
  const orFallback = <T>(pick: (history: TeamHistory) => Promise<T>, from: (answered: Answered) => T): Promise<T> =>
    started(
      read.then((answered) => {
        if (answered !== null && answered.related) return from(answered);
        fallback ??= threeProcesses();
        return pick(fallback);
      }),
    );
  return {
    related: started(read.then((answered) => (answered !== null && !answered.related ? false : answered !== null ? true : (fallback ??= threeProcesses()).related))),
    changes: orFallback((history) => history.changes, (answered) => answered.changes),
    attribution: orFallback((history) => history.attribution, (answered) => answered.attribution),
  };
}

type Change = TreeChange & { oldMode: string | null };
type Commit = { commit: string; parents: string[]; author: CommitAuthor; changes: Change[] };
type Answered = { related: boolean; changes: TreeChange[]; attribution: { byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> } };

/**
 * The answers from the new commits (newest first), or null when the log cannot give them: a
 * merge commit among them. `related` false is conclusive only because every new commit was listed.
 */
function answer(commits: readonly Commit[], base: string, dirs: readonly string[], attributed: readonly string[]): Answered | null {
  if (commits.some((commit) => commit.parents.length !== 1)) return null;
  const related = commits.some((commit) => commit.parents[0] === base);
  const under = (path: string, roots: readonly string[]) => roots.some((root) => path.startsWith(`${root}/`));
  const net = new Map<string, Change>();
  const byPath = new Map<string, Attribution>();
  const authors = new Map<string, CommitAuthor>();
  for (const commit of commits) {
    authors.set(commit.commit, commit.author);
    for (const change of commit.changes) if (under(change.path, attributed) && !byPath.has(change.path)) byPath.set(change.path, { commit: commit.commit, author: commit.author });
  }
  // Note: oldest first, so a path's first old version and last new one make its net change.
  for (const commit of [...commits].reverse()) {
    for (const change of commit.changes) {
      if (!under(change.path, dirs)) continue;
      const seen = net.get(change.path);
      net.set(change.path, { ...change, ...(seen === undefined ? {} : { oldOid: seen.oldOid, oldMode: seen.oldMode }) });
    }
  }
  // Note: in the order diff-tree lists them (tree order, which for mem's paths is their byte order).
  const changes = [...net.values()]
    .filter((change) => change.oldOid !== change.newOid || change.oldMode !== change.newMode)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path, oldOid, newOid, newMode }) => ({ path, oldOid, newOid, newMode }));
  return { related, changes, attribution: { byPath, authors } };
}

/** The commits in `theirs` and not in `base`, newest first, with their raw changes; null when there are more than MAX_COMMITS or git fails. */
function readLine(storeDir: string, base: string, theirs: string): Promise<Commit[] | null> {
  const args = [...RAW_LOG_ARGS, `--max-count=${MAX_COMMITS + 1}`, theirs, `^${base}`];
  return gitAsync(storeDir, args).then(
    (out) => {
      const commits = parseRawLog(out.toString('utf8'));
      return commits !== null && commits.length <= MAX_COMMITS ? commits : null;
    },
    () => null,
  );
}

/**
 * The commits with each one's changes in the entries' terms: a change to a shard's bundle becomes
 * the entries that differ (bundle-changes.ts), read in one round; null when a commit is not a plain
 * one (the three processes answer those).
 */
async function inEntries(commits: Commit[], read: (specs: string[]) => Promise<readonly StoredObject[]>): Promise<Commit[] | null> {
  if (commits.some((commit) => commit.parents.length !== 1)) return null;
  const plan = planChanges(commits.map((commit) => ({ from: commit.parents[0] as string, to: commit.commit, changes: commit.changes })));
  const changes = plan.answer(plan.specs.length === 0 ? [] : await read(plan.specs));
  return commits.map((commit, index) => ({ ...commit, changes: changes[index] ?? [] }));
}

/** A started read: the promise is marked handled, so one the sync ends up not needing never reports an unhandled rejection. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
