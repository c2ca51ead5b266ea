/**
 * Moving the team branch over the network: the system `git`, run inside the team store, with the
 * user's remotes and credentials (the store's config includes the clone's). Every call has a
 * timeout, never prompts, never runs hooks, and reports *why* it failed, because sync reacts
 * differently to "offline", "no team branch yet" and "someone pushed first".
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileStamp } from '../../core/files/file-stamp.js';
import { rememberGitIdentity, type GitIdentity } from '../../core/git/git-identity.js';
import { prepareGit, type PreparedGit } from '../../core/git/prepared-git.js';
import { runGit, runGitSync, type GitRun } from '../../core/git/run-git.js';
import type { Progress } from '../../core/progress.js';
import { readRemoteConfig, saveRemoteConfig, stampRemoteConfig } from './remote-config-cache.js';
import { PACKS_BEFORE_REPACK, repackIfMany } from './store-maintenance.js';

export type TransportFailureReason =
  /** The remote could not be reached (network down, host unknown, timeout, auth refused). */
  | 'offline'
  /** The clone has no remote by that name. */
  | 'remote-missing'
  /** The remote refused a non-fast-forward update: someone pushed first. */
  | 'rejected'
  /** The remote refused the update for another reason (protected branch, server hook). */
  | 'denied'
  /** Anything else git reported. */
  | 'failed';

export type TransportFailure = { ok: false; reason: TransportFailureReason; message: string };

export type FetchOutcome = { ok: true; branchExists: true } | { ok: true; branchExists: false } | TransportFailure;

export type PushOutcome = { ok: true } | TransportFailure;

export type TransportTarget = {
  /** Worktree root of the user's clone (relative remote paths resolve from here). */
  root: string;
  /** The team store (bare repository). */
  storeDir: string;
  /** Remote name in the clone's config, e.g. "origin". */
  remote: string;
  /** Name of the tracking ref inside the store, e.g. "mem/team" (refs/remotes/<remote>/<branch>). */
  branch: string;
  /** The team ref on the remote, e.g. "refs/mem/team". */
  remoteRef: string;
  /**
   * Refspecs fetched in the same `git fetch` as the team ref (the shared handoffs): one round trip
   * to the remote instead of one per ref. Patterns only, so a remote without them is no failure.
   */
  alongside?: readonly string[];
  timeoutMs: number;
};

/** Returns the remote's URL (its pushurl when pushing) from the clone's config, relative paths made absolute, or null when there is no such remote. */
export function resolveRemoteUrl(root: string, remote: string, direction: 'fetch' | 'push' = 'fetch'): string | null {
  const urls = remoteUrls(root, remote);
  const url = (direction === 'push' ? urls.pushurl : null) ?? urls.url;
  if (!url) return null;
  // Note: a local path remote is relative to the clone; the store is elsewhere, so anchor it.
  if (!isUrlLike(url) && !isAbsolute(url)) return resolve(root, url);
  return url;
}

/**
 * The remote's url and pushurl, read with one `git config` and remembered in the process while the
 * config files keep their stamps (a sync asks for them to fetch, to push and on every retry), and
 * between runs while every config file git reads keeps its stamp (remote-config-cache.ts).
 * Note: the remote name is a subsection, matched case-sensitively; the keys come back lowercased.
 */
const knownUrls = new Map<string, { url: string | null; pushurl: string | null }>();

function remoteUrls(root: string, remote: string): { url: string | null; pushurl: string | null } {
  const global = process.env['GIT_CONFIG_GLOBAL'] ?? join(process.env['HOME'] ?? homedir(), '.gitconfig');
  const key = [
    root,
    remote,
    fileStamp(join(root, '.git', 'config')),
    fileStamp(join(root, '.git')),
    global,
    fileStamp(global),
  ].join('\u0000');
  const known = knownUrls.get(key);
  if (known !== undefined) return known;
  const saved = readRemoteConfig(root, remote);
  if (saved !== null && (saved.url !== null || saved.pushurl !== null)) {
    if (saved.identity !== null) rememberGitIdentity(root, saved.identity);
    const found = { url: saved.url, pushurl: saved.pushurl };
    knownUrls.set(key, found);
    return found;
  }
  const stamps = stampRemoteConfig(root);
  // Note: the user's identity comes in the same process (a sync with changes needs it next).
  const pattern = `^(remote\\.${remote.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(url|pushurl)|user\\.(name|email))$`;
  const out = runGitSync(['config', '-z', '--get-regexp', pattern], root) ?? '';
  const found: { url: string | null; pushurl: string | null } = { url: null, pushurl: null };
  const identity: GitIdentity = {};
  let multiline = false;
  // Note: with -z each entry is "key\nvalue\0"; the last value of a key wins, as with `git config --get`.
  for (const entry of out.split('\0')) {
    const newline = entry.indexOf('\n');
    if (newline < 0) continue;
    const name = entry.slice(0, newline);
    const value = entry.slice(newline + 1);
    if (name === 'user.name' || name === 'user.email') {
      // Note: as readGitIdentity reads them: trailing blanks dropped, an empty value is unset.
      const kept = value.replace(/\s+$/, '');
      if (value.includes('\n')) multiline = true;
      else if (kept !== '') identity[name === 'user.name' ? 'name' : 'email'] = kept;
    } else if (name.endsWith('.pushurl')) found.pushurl = value;
    else if (name.endsWith('.url')) found.url = value;
  }
  if (!multiline) rememberGitIdentity(root, identity);
  // Note: "no such remote" is asked again (a demo or test adds the remote later in the same process).
  if (found.url !== null || found.pushurl !== null) {
    knownUrls.set(key, found);
    saveRemoteConfig(root, remote, stamps, { ...found, identity: multiline ? null : identity });
  }
  return found;
}

/**
 * Fetches the team branch into the store's tracking ref (`refs/remotes/<remote>/<branch>`,
 * forced, so a remote rewritten by force is seen as it is), and the target's `alongside` refspecs
 * in the same process; returns whether the branch exists on the remote, or why the fetch failed.
 * A remote without the team branch fetches nothing at all (git refuses the whole fetch). Never throws.
 */
export async function fetchTeamBranch(
  target: TransportTarget,
  options: { depth?: number; progress?: Progress } = {},
): Promise<FetchOutcome> {
  const url = resolveRemoteUrl(target.root, target.remote);
  if (url === null) return missingRemote(target.remote);
  const refspecs = [`+${target.remoteRef}:refs/remotes/${target.remote}/${target.branch}`, ...(target.alongside ?? [])];
  // Note: --depth only for a store that has nothing yet (a new clone's first sync); later fetches
  // of a shallow store bring just the new commits, as for any other.
  const depth = options.depth === undefined ? [] : [`--depth=${options.depth}`];
  const progress = options.progress;
  // Note: git's own object counts ("Receiving objects: 45% (450/1000)") only when someone watches;
  // they are dropped from the captured text so failures read as before.
  const watch =
    progress === undefined
      ? {}
      : { onStderr: fetchProgress(progress, `fetching the team memory from ${target.remote}`) };
  const run = await runGit(
    [
      '--git-dir',
      target.storeDir,
      'fetch',
      progress === undefined ? '--quiet' : '--progress',
      '--no-tags',
      '--no-write-fetch-head',
      '--no-recurse-submodules',
      ...depth,
      url,
      ...refspecs,
    ],
    { cwd: target.root, timeoutMs: target.timeoutMs, ...watch },
  );
  if (progress !== undefined) run.stderr = withoutProgress(run.stderr);
  if (run.status === 0) {
    // Note: a clone that only receives never pushes, where the roll-up is hidden: it rolls up here,
    // once every ~60 receiving syncs (~0.1 s then; once, longer, for a store that predates this).
    await repackIfMany(target.storeDir, 4 * PACKS_BEFORE_REPACK);
    return { ok: true, branchExists: true };
  }
  const text = output(run);
  if (/couldn't find remote ref/i.test(text)) return { ok: true, branchExists: false };
  return classifyFailure(run, target.timeoutMs);
}

/**
 * Pushes `commit` to the remote team branch without running any hook and without force; returns
 * `rejected` when the remote moved on (fetch, merge and retry), or another failure. Never throws.
 */
export async function pushTeamBranch(
  target: TransportTarget,
  commit: string,
  prepared?: PreparedPush,
): Promise<PushOutcome> {
  const url = prepared?.url ?? resolveRemoteUrl(target.root, target.remote, 'push');
  if (url === null) return missingRemote(target.remote);
  const refspec = `${commit}:${target.remoteRef}`;
  // Note: the store's packs are rolled up while the push waits on the remote (git lets a repack
  // run beside readers: the new pack is written before the old ones go).
  const [run] = await Promise.all([
    prepared !== undefined
      ? prepared.git.run(refspec)
      : runGit([...pushArgs(target, url), refspec], { cwd: target.root, timeoutMs: target.timeoutMs }),
    repackIfMany(target.storeDir),
  ]);
  if (run.status === 0) return { ok: true };
  const text = output(run);
  // Note: two pushes landing at the same moment make the loser's ref update fail on the remote
  // ("cannot lock ref … is at X but expected Y"): that is a race to retry, not a refusal.
  if (
    /\[rejected\]|non-fast-forward|fetch first|stale info|cannot lock ref|failed to lock|failed to update ref|but expected/i.test(
      text,
    )
  ) {
    return { ok: false, reason: 'rejected', message: `the remote team branch moved on: ${firstLine(text)}` };
  }
  if (/\[remote rejected\]|protected branch|pre-receive hook declined|denied/i.test(text)) {
    return { ok: false, reason: 'denied', message: `the remote refused the team branch: ${firstLine(text)}` };
  }
  return classifyFailure(run, target.timeoutMs);
}

function pushArgs(target: TransportTarget, url: string): string[] {
  return ['--git-dir', target.storeDir, 'push', '--quiet', '--no-verify', '--porcelain', url];
}

/** A push whose git is started ahead of the commit it sends (prepared-git.ts). */
export type PreparedPush = { url: string; git: PreparedGit };

/** Starts a push of the team ref that waits for its commit (pushTeamBranch's third argument; cancel it when unused); null when the remote has no url. */
function preparePush(target: TransportTarget): PreparedPush | null {
  const url = resolveRemoteUrl(target.root, target.remote, 'push');
  return url === null
    ? null
    : { url, git: prepareGit(pushArgs(target, url), { cwd: target.root, timeoutMs: target.timeoutMs }) };
}

/** A sync's first push, started ahead once (`prepare`) and handed to the push that needs it (`take`); a retry starts its own. */
export type PushStarter = { prepare(): void; take(): PreparedPush | undefined; cancel(): void };

export function pushStarter(target: TransportTarget): PushStarter {
  let prepared: PreparedPush | null = null;
  let done = false;
  return {
    prepare() {
      if (done) return;
      done = true;
      prepared = preparePush(target);
    },
    take() {
      const taken = prepared ?? undefined;
      prepared = null;
      done = true;
      return taken;
    },
    cancel() {
      prepared?.git.cancel();
      prepared = null;
      done = true;
    },
  };
}

/**
 * Fetches the rest of the team ref's history into a shallow store (a new clone's first sync
 * fetched only the last commits), so who changed the older entries can be attributed once, in the
 * background. Never throws.
 */
export async function unshallowTeamBranch(target: TransportTarget): Promise<{ ok: true } | TransportFailure> {
  const url = resolveRemoteUrl(target.root, target.remote);
  if (url === null) return missingRemote(target.remote);
  const refspec = `+${target.remoteRef}:refs/remotes/${target.remote}/${target.branch}`;
  const run = await runGit(
    [
      '--git-dir',
      target.storeDir,
      'fetch',
      '--quiet',
      '--unshallow',
      '--no-tags',
      '--no-write-fetch-head',
      '--no-recurse-submodules',
      url,
      refspec,
    ],
    { cwd: target.root, timeoutMs: target.timeoutMs },
  );
  return run.status === 0 ? { ok: true } : classifyFailure(run, target.timeoutMs);
}

/**
 * Fetches one archive ref of the team history (`refs/mem/team-archive/…`, written by `mem compact`)
 * into the store, under `refs/mem/archive/…`, so a clone whose base predates a compaction can see
 * that its base is part of the compacted history. Never throws.
 */
export async function fetchArchiveRef(
  target: TransportTarget,
  archiveRef: string,
): Promise<{ ok: true } | TransportFailure> {
  const url = resolveRemoteUrl(target.root, target.remote);
  if (url === null) return missingRemote(target.remote);
  const local = archiveRef.replace(/^refs\/mem\/team-archive\//, 'refs/mem/archive/');
  const run = await runGit(
    [
      '--git-dir',
      target.storeDir,
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      '--no-recurse-submodules',
      url,
      `+${archiveRef}:${local}`,
    ],
    { cwd: target.root, timeoutMs: target.timeoutMs },
  );
  return run.status === 0 ? { ok: true } : classifyFailure(run, target.timeoutMs);
}

/**
 * `mem compact`'s one push: the old head kept under `archiveRef`, and the team ref moved to the
 * snapshot only if it still points at `expected` (a lease: a teammate who pushed meanwhile makes
 * it `rejected`, nothing changes). Atomic: both refs move, or neither. Never throws.
 */
export async function pushCompaction(
  target: TransportTarget,
  snapshot: string,
  expected: string,
  archiveRef: string,
): Promise<PushOutcome> {
  const url = resolveRemoteUrl(target.root, target.remote, 'push');
  if (url === null) return missingRemote(target.remote);
  const run = await runGit(
    [
      '--git-dir',
      target.storeDir,
      'push',
      '--quiet',
      '--no-verify',
      '--porcelain',
      '--atomic',
      `--force-with-lease=${target.remoteRef}:${expected}`,
      url,
      `${expected}:${archiveRef}`,
      `${snapshot}:${target.remoteRef}`,
    ],
    { cwd: target.root, timeoutMs: target.timeoutMs },
  );
  if (run.status === 0) return { ok: true };
  const text = output(run);
  if (
    /\[rejected\]|stale info|non-fast-forward|fetch first|cannot lock ref|failed to lock|but expected|atomic push failed/i.test(
      text,
    )
  ) {
    return { ok: false, reason: 'rejected', message: `the remote team ref moved on: ${firstLine(text)}` };
  }
  if (/\[remote rejected\]|protected branch|pre-receive hook declined|denied/i.test(text)) {
    return { ok: false, reason: 'denied', message: `the remote refused the compaction: ${firstLine(text)}` };
  }
  return classifyFailure(run, target.timeoutMs);
}

function classifyFailure(run: GitRun, timeoutMs: number): TransportFailure {
  if (run.spawnError !== undefined)
    return { ok: false, reason: 'failed', message: `cannot run git: ${run.spawnError}` };
  if (run.timedOut) {
    return {
      ok: false,
      reason: 'offline',
      message: `the remote did not answer within ${Math.round(timeoutMs / 1000)}s`,
    };
  }
  const text = output(run);
  const offline =
    /could not read from remote|does not appear to be a git repository|could not resolve host|connection (refused|timed out|reset)|network is unreachable|unable to access|failed to connect|no route to host|authentication failed|permission denied|repository not found|not found|host key verification failed|terminal prompts disabled|early eof/i;
  if (offline.test(text))
    return { ok: false, reason: 'offline', message: `the remote is unreachable: ${firstLine(text)}` };
  return { ok: false, reason: 'failed', message: `git failed (exit ${run.status ?? 'killed'}): ${firstLine(text)}` };
}

function missingRemote(remote: string): TransportFailure {
  return { ok: false, reason: 'remote-missing', message: `this clone has no remote named "${remote}"` };
}

function isUrlLike(url: string): boolean {
  // scheme://..., or scp-like user@host:path / host:path (but not a Windows drive letter).
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^[^/\\]{2,}:/.test(url) || /^[^/\\:]+@[^/\\:]+:/.test(url);
}

const PROGRESS_LINE = /^(?:remote: )?(Counting|Compressing|Receiving|Resolving|Enumerating|Total)\b[^\n]*$/;

/** Returns a stderr listener that turns git's "Receiving objects: 45% (450/1000)" into progress reports. */
export function fetchProgress(progress: Progress, label: string): (chunk: string) => void {
  return (chunk) => {
    for (const line of chunk.split(/[\r\n]+/)) {
      const counted =
        /(?:remote: )?(Counting|Compressing|Receiving|Resolving) (objects|deltas):\s+\d+% \((\d+)\/(\d+)\)/.exec(line);
      if (counted)
        progress(`${label}: ${counted[1]?.toLowerCase()} ${counted[2]}`, Number(counted[3]), Number(counted[4]));
    }
  };
}

/** Returns git's stderr without its progress lines (each rewritten with \r), as --quiet would have left it. */
export function withoutProgress(stderr: string): string {
  return stderr
    .split('\n')
    .map((line) => line.split('\r').at(-1) ?? '')
    .filter((line) => line.trim() !== '' && !PROGRESS_LINE.test(line.trim()))
    .join('\n');
}

function output(run: GitRun): string {
  return `${run.stderr}\n${run.stdout}`.trim();
}

function firstLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.replace(/^(fatal|error|remote):\s*/i, '').trim())
    .filter((line) => line !== '' && !/^To |^Done$/.test(line));
  const meaningful = lines.find((line) => /rejected|fatal|error|denied|unable|could not|refused|not found/i.test(line));
  return (meaningful ?? lines[0] ?? 'no output').slice(0, 300);
}
