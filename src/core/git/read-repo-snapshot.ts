/**
 * The git side of anchors: the committed tree at a commit (one `ls-tree`), the manifests asked for
 * (one `cat-file --batch`), git's renames between two commits (one `diff`), and where HEAD points
 * (read from the ref files: no process).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isManifestKind,
  manifestPaths,
  parseLsTree,
  type ManifestKind,
  type RepoSnapshot,
} from '../anchors/repo-snapshot.js';
import { resolveCommonGitDir, resolveGitDir } from './repo-root.js';
import { runGit } from './run-git.js';

const TIMEOUT_MS = 20_000;

/** Returns the commit HEAD points at, read from the ref files, or null (no commit yet, unreadable). */
export function readHeadCommit(root: string): string | null {
  try {
    const head = readFileSync(join(resolveGitDir(root), 'HEAD'), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head;
    const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
    if (ref === undefined) return null;
    for (const dir of new Set([resolveGitDir(root), resolveCommonGitDir(root)])) {
      const file = join(dir, ref);
      if (existsSync(file)) return readFileSync(file, 'utf8').trim() || null;
    }
    const packed = join(resolveCommonGitDir(root), 'packed-refs');
    if (!existsSync(packed)) return null;
    for (const line of readFileSync(packed, 'utf8').split('\n')) if (line.endsWith(` ${ref}`)) return line.slice(0, 40);
    return null;
  } catch {
    return null;
  }
}

/** Returns the commit `rev` names (`git rev-parse --verify <rev>^{commit}`), or null when it names none. */
export async function resolveCommit(root: string, rev: string): Promise<string | null> {
  const run = await runGit(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], {
    cwd: root,
    timeoutMs: TIMEOUT_MS,
  });
  return run.status === 0 ? run.stdout.trim() : null;
}

/** Returns the committed state at `commit`, with the manifests of `kinds` read; null when git cannot list it. */
export async function readRepoSnapshot(
  root: string,
  commit: string,
  kinds: Iterable<ManifestKind> = [],
): Promise<RepoSnapshot | null> {
  const run = await runGit(['ls-tree', '-r', '-t', '-z', '--full-tree', commit], { cwd: root, timeoutMs: TIMEOUT_MS });
  if (run.status !== 0) return null;
  return withManifests(root, { commit, objects: parseLsTree(run.stdout), manifests: new Map() }, kinds);
}

/** Returns `snapshot` with the manifests of `kinds` read too (one `cat-file --batch`). */
export async function withManifests(
  root: string,
  snapshot: RepoSnapshot,
  kinds: Iterable<ManifestKind>,
): Promise<RepoSnapshot> {
  const { commit, objects } = snapshot;
  const manifests = new Map(snapshot.manifests);
  const paths = manifestPaths(objects, kinds).filter((path) => !manifests.has(path));
  if (paths.length > 0) {
    const batch = await runGit(['cat-file', '--batch'], {
      cwd: root,
      timeoutMs: TIMEOUT_MS,
      input: paths.map((path) => `${objects.get(path)?.oid}\n`).join(''),
    });
    const texts = splitBatch(batch.stdout);
    paths.forEach((path, index) => {
      const text = texts[index];
      if (text !== undefined) manifests.set(path, text);
    });
  }
  return { commit, objects, manifests };
}

/** The bodies of `git cat-file --batch` output, in order (a missing object gives undefined). */
function splitBatch(output: string): Array<string | undefined> {
  const texts: Array<string | undefined> = [];
  const bytes = Buffer.from(output, 'utf8');
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(0x0a, at);
    if (end < 0) break;
    const header = bytes.subarray(at, end).toString('utf8').split(' ');
    if (header[1] === 'missing' || header.length < 3) {
      texts.push(undefined);
      at = end + 1;
      continue;
    }
    const size = Number(header[2]);
    texts.push(bytes.subarray(end + 1, end + 1 + size).toString('utf8'));
    at = end + 1 + size + 1;
  }
  return texts;
}

/** Returns git's renames from `from` to `to` (old path → new path); empty when git cannot tell. */
export async function readRenames(root: string, from: string, to: string): Promise<Map<string, string>> {
  const run = await runGit(['diff', '--no-ext-diff', '--name-status', '-z', '-M', '--diff-filter=R', from, to], {
    cwd: root,
    timeoutMs: TIMEOUT_MS,
  });
  const renames = new Map<string, string>();
  if (run.status !== 0) return renames;
  const parts = run.stdout.split('\0');
  for (let i = 0; i + 2 < parts.length; i += 3)
    if ((parts[i] ?? '').startsWith('R')) renames.set(parts[i + 1] as string, parts[i + 2] as string);
  return renames;
}

/** Returns the paths changed from `from` to `to` (`git diff --name-only`), or null when git cannot tell (unknown commit). */
export async function readChangedPaths(root: string, from: string, to: string): Promise<Set<string> | null> {
  const run = await runGit(['diff', '--no-ext-diff', '--name-only', '-z', '--no-renames', from, to], {
    cwd: root,
    timeoutMs: TIMEOUT_MS,
  });
  return run.status === 0 ? new Set(run.stdout.split('\0').filter((path) => path !== '')) : null;
}

/** Returns the committed state at HEAD with the manifests of `kinds`, or null (no commit yet, git failed). */
export async function readHeadSnapshot(root: string, kinds: Iterable<string>): Promise<RepoSnapshot | null> {
  const head = readHeadCommit(root);
  return head === null ? null : readRepoSnapshot(root, head, [...kinds].filter(isManifestKind));
}

/** Returns the newest commit in `from..to` that changed `path` (`git log -1`), as its short id and subject, or null. */
export async function readLastChange(
  root: string,
  from: string,
  to: string,
  path: string,
): Promise<{ commit: string; subject: string } | null> {
  const run = await runGit(['log', '-1', '--format=%h%x00%s', `${from}..${to}`, '--', path], {
    cwd: root,
    timeoutMs: TIMEOUT_MS,
  });
  const [commit, subject] = run.status === 0 ? run.stdout.trim().split('\0') : [];
  return commit ? { commit, subject: subject ?? '' } : null;
}

/** Returns the text of file `path` at `commit`, or null when it has none. */
export async function readFileAt(root: string, commit: string, path: string): Promise<string | null> {
  const run = await runGit(['cat-file', 'blob', `${commit}:${path}`], { cwd: root, timeoutMs: TIMEOUT_MS });
  return run.status === 0 ? run.stdout : null;
}
