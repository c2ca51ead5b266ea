/**
 * What git says of each scoped branch in this clone (plan-branch-scopes.ts decides with it). Refs are
 * read from the git dir's files; git runs only for a branch whose tips or the default branch moved
 * since the last check (the answers are kept in `.memory/cache/branch-facts.json`), a few local
 * processes per branch: `cherry` (which commits are not in the default branch by patch), and for a
 * branch that has some, the patch-id of its whole diff against those of the default branch's new
 * commits (a squash merge).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCacheFileSync } from '../core/files/atomic-write.js';
import { resolveCommonGitDir } from '../core/git/repo-root.js';
import { runGit } from '../core/git/run-git.js';
import { readRefOid } from '../core/git/scope-view.js';
import type { BranchFacts } from './plan-branch-scopes.js';

type FactsCache = { version: 1; byBranch: Record<string, { key: string; facts: BranchFacts }> };

/** The tips of `branch` this clone knows: local branch first, then the remote-tracking ref. */
function tipsOf(common: string, remote: string, branch: string): { local: string | null; tracking: string | null } {
  return {
    local: readRefOid(common, `refs/heads/${branch}`),
    tracking: readRefOid(common, `refs/remotes/${remote}/${branch}`),
  };
}

/** Returns the facts of each branch in `branches` for the clone at `root`; never throws (what git cannot say is left unknown). */
export async function readBranchFacts(
  root: string,
  branches: readonly string[],
  options: { remote: string; defaultBranch: string | null; cacheFile: string },
): Promise<Map<string, BranchFacts>> {
  const facts = new Map<string, BranchFacts>();
  let common: string;
  try {
    common = resolveCommonGitDir(root);
  } catch {
    return facts;
  }
  const target =
    options.defaultBranch === null
      ? null
      : (readRefOid(common, `refs/remotes/${options.remote}/${options.defaultBranch}`) ??
        readRefOid(common, `refs/heads/${options.defaultBranch}`));
  const cache = readCache(options.cacheFile);
  const next: FactsCache = { version: 1, byBranch: {} };
  for (const branch of branches) {
    const { local, tracking } = tipsOf(common, options.remote, branch);
    const gone = local !== null && tracking === null && hasUpstream(common, branch);
    const createdAt = local === null ? null : reflogStart(common, branch);
    const key = [local, tracking, target, gone, createdAt].join(' ');
    const known = cache?.byBranch[branch];
    const found =
      known?.key === key
        ? known.facts
        : await askGit(
            root,
            [local, tracking].filter((tip): tip is string => tip !== null),
            target,
            gone,
            createdAt,
          );
    facts.set(branch, found);
    next.byBranch[branch] = { key, facts: found };
  }
  try {
    writeCacheFileSync(options.cacheFile, JSON.stringify(next));
  } catch {
    /* a cache: the next check asks git again */
  }
  return facts;
}

async function askGit(
  root: string,
  tips: string[],
  target: string | null,
  gone: boolean,
  createdAt: string | null,
): Promise<BranchFacts> {
  const facts: BranchFacts = { tips, gone, landed: null, ownWork: false, createdAt, lastCommitMs: null };
  if (tips.length === 0) return facts;
  const times = await git(root, ['show', '-s', '--format=%ct', ...tips]);
  if (times !== null)
    facts.lastCommitMs = Math.max(
      ...times
        .split('\n')
        .map((line) => Number(line) * 1000)
        .filter(Number.isFinite),
    );
  if (target === null) return facts;
  let landed = true;
  for (const tip of tips) {
    const cherry = await git(root, ['cherry', target, tip]);
    if (cherry === null) return facts;
    const lines = cherry.split('\n').filter((line) => line !== '');
    if (lines.length > 0) facts.ownWork = true;
    // Every commit of the branch is in the default branch, by id (merge commit, fast-forward) or by patch (rebase merge).
    if (lines.every((line) => line.startsWith('- '))) continue;
    if (!(await isSquashed(root, target, tip))) landed = false;
  }
  facts.landed = landed;
  return facts;
}

/** True when the branch's whole diff since it forked is, by patch-id, one commit of the default branch since then (a squash merge). */
async function isSquashed(root: string, target: string, tip: string): Promise<boolean> {
  const base = await git(root, ['merge-base', target, tip]);
  if (base === null || base === '') return false;
  const diff = await git(root, ['diff', ...PATCH_FLAGS, base, tip]);
  if (diff === null || diff === '') return false;
  const own = await patchIds(root, diff);
  if (own.length === 0) return false;
  const log = await git(root, ['log', '-p', ...PATCH_FLAGS, '--no-merges', '--format=commit %H', `${base}..${target}`]);
  if (log === null) return false;
  const landed = new Set(await patchIds(root, log));
  return own.every((id) => landed.has(id));
}

/** Patches as git's own format, whatever the user's diff settings (external tools, colour, prefixes). */
const PATCH_FLAGS = ['--binary', '--no-ext-diff', '--no-textconv', '--no-color', '--src-prefix=a/', '--dst-prefix=b/'];

async function patchIds(root: string, patch: string): Promise<string[]> {
  const out = await git(root, ['patch-id', '--stable'], patch);
  return out === null
    ? []
    : out
        .split('\n')
        .map((line) => line.split(' ')[0] ?? '')
        .filter((id) => id !== '');
}

async function git(root: string, args: string[], input?: string): Promise<string | null> {
  const run = await runGit(args, { cwd: root, timeoutMs: 30_000, ...(input === undefined ? {} : { input }) });
  return run.status === 0 ? run.stdout.replace(/\n$/, '') : null;
}

/** True when the clone's config gives `branch` an upstream (`branch.<name>.merge`). */
function hasUpstream(common: string, branch: string): boolean {
  try {
    const config = readFileSync(join(common, 'config'), 'utf8');
    const section = new RegExp(`^\\[branch "${branch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\]([^[]*)`, 'm').exec(
      config,
    );
    return section !== null && /^\s*merge\s*=/m.test(section[1] ?? '');
  } catch {
    return false;
  }
}

/** Where the local branch was created: the new id of the first entry of its reflog; null without one. */
function reflogStart(common: string, branch: string): string | null {
  const path = join(common, 'logs', 'refs', 'heads', branch);
  try {
    if (!existsSync(path)) return null;
    const first = readFileSync(path, 'utf8').split('\n', 1)[0] ?? '';
    return /^[0-9a-f]{40,64} ([0-9a-f]{40,64}) /.exec(first)?.[1] ?? null;
  } catch {
    return null;
  }
}

function readCache(file: string): FactsCache | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as FactsCache;
    return parsed.version === 1 && typeof parsed.byBranch === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
