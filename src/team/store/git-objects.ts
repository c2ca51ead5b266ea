/**
 * Reading and writing the team store with the system git, in a handful of bounded processes per
 * sync: `ls-tree` and `diff-tree` compare trees without reading blobs, `cat-file --batch` reads
 * only the blobs that changed (and the trees a new commit is built from), a commit's blobs, trees
 * and commit object are written from this process as one small pack (pack-writer.ts, rolled up
 * with the others by store-maintenance.ts), and `log --name-only` over the new commits only tells who
 * changed which entry. Nothing here loads a packfile into the Node process, so memory stays flat
 * whatever the size of the team's history.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemError } from '../../core/errors.js';
import { gitEnv } from '../../core/git/run-git.js';
import { batchAnswer, type ObjectReader, type StoredObject } from './object-reader.js';
import { encodeTree, gitObject, parseTree as parseTreeObject, writePack, type GitObject, type TreeEntry } from './pack-writer.js';

const OID_RE = /^[0-9a-f]{40}$/;

function git(storeDir: string, args: string[], input?: Buffer | string, env: NodeJS.ProcessEnv = {}): Buffer {
  const result = spawnSync('git', ['--git-dir', storeDir, ...args], {
    input,
    env: gitEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 512 * 1024 * 1024,
    timeout: 120_000,
  });
  if (result.error) throw new MemError('GIT_FAILED', `git ${args[0]} in the team store failed: ${result.error.message}`);
  if (result.status !== 0) {
    throw new MemError('GIT_FAILED', `git ${args[0]} in the team store failed: ${result.stderr.toString('utf8').trim().split('\n')[0] ?? ''}`);
  }
  return result.stdout;
}

/**
 * Starts `git` in the store and resolves with its stdout (rejects as git() throws): a sync starts
 * the reads that do not depend on one another at once, and reads the working copy meanwhile.
 */
export function gitAsync(storeDir: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['--git-dir', storeDir, ...args], { env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MemError('GIT_FAILED', `git ${args[0]} in the team store failed: ${error.message}`));
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      if (status === 0) resolve(Buffer.concat(out));
      else reject(new MemError('GIT_FAILED', `git ${args[0]} in the team store failed: ${Buffer.concat(err).toString('utf8').trim().split('\n')[0] ?? ''}`));
    });
  });
}

/** A started read: the promise is marked handled, so one the sync ends up not needing never reports an unhandled rejection. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export type TreeFile = { path: string; oid: string; mode: string; type: string };

/** Returns every file of `commit`'s tree under `dirs` (recursively), keyed by path. */
export function listTree(storeDir: string, commit: string, dirs: readonly string[]): Map<string, TreeFile> {
  return parseTreeListing(git(storeDir, lsTreeArgs(commit, dirs)));
}

/** listTree, started now. */
export function startListTree(storeDir: string, commit: string, dirs: readonly string[]): Promise<Map<string, TreeFile>> {
  return started(gitAsync(storeDir, lsTreeArgs(commit, dirs)).then(parseTreeListing));
}

function lsTreeArgs(commit: string, dirs: readonly string[]): string[] {
  return ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...dirs];
}

/** The files of `ls-tree -r -z` output, keyed by path. */
function parseTreeListing(bytes: Buffer): Map<string, TreeFile> {
  const files = new Map<string, TreeFile>();
  const out = bytes.toString('utf8');
  for (const record of out.split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    const [mode, type, oid] = record.slice(0, tab).split(' ') as [string, string, string];
    const path = record.slice(tab + 1);
    files.set(path, { path, oid, mode, type });
  }
  return files;
}

export type TreeChange = { path: string; oldOid: string | null; newOid: string | null; newMode: string | null };

/** Returns the files that differ between two commits' trees under `dirs`. */
export function diffTrees(storeDir: string, from: string, to: string, dirs: readonly string[]): TreeChange[] {
  return parseDiff(git(storeDir, diffTreeArgs(from, to, dirs)));
}

/** diffTrees, started now. */
export function startDiffTrees(storeDir: string, from: string, to: string, dirs: readonly string[]): Promise<TreeChange[]> {
  return started(gitAsync(storeDir, diffTreeArgs(from, to, dirs)).then(parseDiff));
}

function diffTreeArgs(from: string, to: string, dirs: readonly string[]): string[] {
  return ['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', from, to, '--', ...dirs];
}

function parseDiff(bytes: Buffer): TreeChange[] {
  const out = bytes.toString('utf8');
  const parts = out.split('\0');
  const changes: TreeChange[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const meta = parts[index] ?? '';
    const path = parts[index + 1] ?? '';
    if (!meta.startsWith(':')) continue;
    const [, newMode, oldOid, newOid] = meta.slice(1).split(' ') as [string, string, string, string];
    const zero = /^0+$/;
    changes.push({ path, oldOid: zero.test(oldOid) ? null : oldOid, newOid: zero.test(newOid) ? null : newOid, newMode: zero.test(newMode) ? null : newMode });
  }
  return changes;
}

/**
 * readBlobs, read as git answers: `onBlobs` is given each run of blobs as it arrives (in the order
 * asked), while git reads the rest. Why: a new clone's first sync reads every entry of the team
 * (20,000: git takes ~290 ms), and checking them takes as long again; checked as they arrive, the
 * two overlap. Resolves with every blob read; rejects as readBlobs throws.
 */
export function streamBlobs(storeDir: string, oids: Iterable<string>, onBlobs: (blobs: ReadonlyArray<readonly [string, Buffer]>) => void): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(oids)].filter((oid) => OID_RE.test(oid));
  const blobs = new Map<string, Buffer>();
  if (wanted.length === 0) return Promise.resolve(blobs);
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['--git-dir', storeDir, 'cat-file', '--batch'], { env: gitEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const err: Buffer[] = [];
    let rest: Buffer = Buffer.alloc(0);
    let answered = 0;
    let failure: Error | null = null;
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    // Note: cat-file answers in the order asked, one header line per oid ("<oid> missing" when absent).
    const take = (chunk: Buffer): void => {
      const data = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
      const arrived: Array<readonly [string, Buffer]> = [];
      let offset = 0;
      for (let answer = batchAnswer(data, offset); answer !== null && answered < wanted.length; answer = batchAnswer(data, offset)) {
        offset = answer.next;
        answered += 1;
        const [oid, type] = answer.header;
        if (answer.body !== null && type === 'blob' && oid) {
          blobs.set(oid, answer.body);
          arrived.push([oid, answer.body]);
        }
      }
      rest = data.subarray(offset);
      if (arrived.length === 0 || failure !== null) return;
      try {
        onBlobs(arrived);
      } catch (error) {
        failure = error as Error;
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    // Note: git gone early (killed, failed) closes its stdin; what it said is reported on close.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MemError('GIT_FAILED', `git cat-file in the team store failed: ${error.message}`));
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      if (failure !== null) reject(failure);
      else if (status === 0) resolve(blobs);
      else reject(new MemError('GIT_FAILED', `git cat-file in the team store failed: ${Buffer.concat(err).toString('utf8').trim().split('\n')[0] ?? ''}`));
    });
    child.stdin.end(`${wanted.join('\n')}\n`);
  });
}

/** Returns the bytes of each blob (missing or non-blob objects are absent from the map). */
export function readBlobs(storeDir: string, oids: Iterable<string>): Map<string, Buffer> {
  return readBlobsAndTrees(storeDir, oids, null, []).blobs;
}

/**
 * The blobs `oids` and the directories `dirs` of `commit`'s tree (`''`: the root; null: no such
 * directory) in one `cat-file --batch`: what a commit on `commit` that changes files in those
 * directories is built from (writeCommit), read with the blobs a sync reads anyway. `files`: also
 * the blob ids of those paths in that commit (absent: no such file), what `ls-tree` would list for
 * them, from the trees on the way to them read in the same process. Throws GIT_FAILED, in the words
 * the damaged-store check knows, when a tree a commit names is gone from the store: read as "no
 * such directory", a commit built on it would leave out every file under it.
 */
export function readBlobsAndTrees(
  storeDir: string,
  oids: Iterable<string>,
  commit: string | null,
  dirs: readonly string[],
  files?: { commit: string; paths: readonly string[] },
): BlobsAndTrees {
  const plan = planBlobsAndTrees(oids, commit, dirs, files);
  return plan.answer(plan.specs.length === 0 ? [] : answersOf(git(storeDir, ['cat-file', '--batch'], `${plan.specs.join('\n')}\n`), plan.specs.length));
}

/** readBlobsAndTrees, asked of a cat-file the sync keeps open (object-reader.ts). */
export async function readBlobsAndTreesFrom(
  reader: ObjectReader,
  oids: Iterable<string>,
  commit: string | null,
  dirs: readonly string[],
  files?: { commit: string; paths: readonly string[] },
): Promise<BlobsAndTrees> {
  const plan = planBlobsAndTrees(oids, commit, dirs, files);
  return plan.answer(await reader.read(plan.specs));
}

export type BlobsAndTrees = { blobs: Map<string, Buffer>; trees: Map<string, TreeEntry[] | null>; files: Map<string, string> };

/** The answers of one `cat-file --batch` output to `count` specs, in order. */
function answersOf(out: Buffer, count: number): StoredObject[] {
  const answers: StoredObject[] = [];
  let offset = 0;
  for (let index = 0; index < count; index += 1) {
    const answer = batchAnswer(out, offset);
    if (answer === null) break;
    offset = answer.next;
    const [oid, type] = answer.header;
    answers.push(answer.body === null || oid === undefined || type === undefined ? null : { oid, type, body: answer.body });
  }
  return answers;
}

/** What readBlobsAndTrees asks cat-file, and how it reads the answers. */
function planBlobsAndTrees(
  oids: Iterable<string>,
  commit: string | null,
  dirs: readonly string[],
  files?: { commit: string; paths: readonly string[] },
): { specs: string[]; answer: (answers: readonly StoredObject[]) => BlobsAndTrees } {
  const wanted = [...new Set(oids)].filter((oid) => OID_RE.test(oid));
  const treeSpecs: Array<{ commit: string; dir: string }> = [];
  const asked = new Set<string>();
  const ask = (of: string, dir: string): void => {
    if (asked.has(`${of}\u0000${dir}`)) return;
    asked.add(`${of}\u0000${dir}`);
    treeSpecs.push({ commit: of, dir });
  };
  if (commit !== null) for (const dir of dirs) ask(commit, dir);
  if (files !== undefined) for (const dir of directoriesOf(files.paths)) ask(files.commit, dir);
  const specs = [...wanted, ...treeSpecs.map((tree) => (tree.dir === '' ? `${tree.commit}^{tree}` : `${tree.commit}:${tree.dir}`))];
  const answer = (answers: readonly StoredObject[]): BlobsAndTrees => {
    const blobs = new Map<string, Buffer>();
    const read = new Map<string, Map<string, TreeEntry[] | null>>();
    answers.forEach((object, index) => {
      const tree = index >= wanted.length ? (treeSpecs[index - wanted.length] as { commit: string; dir: string }) : null;
      if (tree === null) {
        if (object !== null && object.type === 'blob') blobs.set(object.oid, object.body);
        return;
      }
      let of = read.get(tree.commit);
      if (of === undefined) read.set(tree.commit, (of = new Map()));
      of.set(tree.dir, object !== null && object.type === 'tree' ? parseTreeObject(object.body) : null);
    });
    for (const [of, trees] of read) expectWholeTrees(of, trees);
    const trees = new Map<string, TreeEntry[] | null>(dirs.map((dir) => [dir, commit === null ? null : (read.get(commit)?.get(dir) ?? null)]));
    return { blobs, trees, files: files === undefined ? new Map() : filesIn(read.get(files.commit) ?? new Map(), files.paths) };
  };
  return { specs, answer };
}

/** The blob ids of `paths` in trees read by directory (absent: no such file, or a directory by that name), in ls-tree's order (for mem's paths, their byte order). */
function filesIn(trees: ReadonlyMap<string, TreeEntry[] | null>, paths: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of [...new Set(paths)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const slash = path.lastIndexOf('/');
    const entry = trees.get(slash < 0 ? '' : path.slice(0, slash))?.find((item) => item.name === path.slice(slash + 1));
    if (entry !== undefined && entry.mode !== '40000') found.set(path, entry.oid);
  }
  return found;
}

/**
 * Throws when a tree of `commit` is gone from the store: its root, or a directory its parent
 * (read with it) lists. A directory no parent lists is simply not there.
 */
function expectWholeTrees(commit: string, trees: ReadonlyMap<string, TreeEntry[] | null>): void {
  for (const [dir, entries] of trees) {
    if (entries !== null) continue;
    const slash = dir.lastIndexOf('/');
    const listed = dir === '' ? true : trees.get(slash < 0 ? '' : dir.slice(0, slash))?.some((entry) => entry.name === dir.slice(slash + 1) && entry.mode === '40000');
    if (listed === true) throw new MemError('GIT_FAILED', `git cat-file in the team store: missing tree ${dir === '' ? `of ${commit}` : `${commit}:${dir}`}`);
  }
}

export type CommitAuthor = { name: string; email: string; at: string };

export type Attribution = { commit: string; author: CommitAuthor };

/**
 * Returns, for each path under `dirs` that commits in `head` but not in `exclude` changed, the
 * newest such commit and its git author; plus every walked commit's author. Only new commits are
 * walked (`exclude` is what this clone had already seen).
 */
export function attributeChanges(
  storeDir: string,
  head: string,
  exclude: string | readonly string[] | null,
  dirs: readonly string[],
): { byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> } {
  return parseAttribution(git(storeDir, attributionArgs(storeDir, head, exclude, dirs)));
}

/** attributeChanges, started now. */
export function startAttributeChanges(storeDir: string, head: string, exclude: string | readonly string[] | null, dirs: readonly string[]): Promise<{ byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> }> {
  return started(gitAsync(storeDir, attributionArgs(storeDir, head, exclude, dirs)).then(parseAttribution));
}

function attributionArgs(storeDir: string, head: string, exclude: string | readonly string[] | null, dirs: readonly string[]): string[] {
  const args = ['log', '-z', '--no-renames', '--name-only', '--format=%x01%H%x1f%an%x1f%ae%x1f%aI', head];
  for (const excluded of exclude === null ? [] : typeof exclude === 'string' ? [exclude] : exclude) args.push(`^${excluded}`);
  // Note: in a shallow store (a first sync fetches only recent commits) a boundary commit looks as
  // if it added every file: what it changed is unknown, so it attributes nothing.
  for (const boundary of shallowCommits(storeDir)) args.push(`^${boundary}`);
  args.push('--', ...dirs);
  return args;
}

function parseAttribution(bytes: Buffer): { byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> } {
  const out = bytes.toString('utf8');
  const byPath = new Map<string, Attribution>();
  const authors = new Map<string, CommitAuthor>();
  let current: Attribution | null = null;
  for (const token of out.split(/\0/)) {
    const chunk = token.replace(/^\n/, '');
    if (chunk.startsWith('\u0001')) {
      const [headerLine, ...rest] = chunk.slice(1).split('\n');
      const [commit, name, email, at] = (headerLine ?? '').split('\u001f');
      current = commit ? { commit, author: { name: name ?? '', email: email ?? '', at: at ?? '' } } : null;
      if (current) authors.set(current.commit, current.author);
      const first = rest.join('\n').trim();
      if (first !== '' && current && !byPath.has(first)) byPath.set(first, current);
      continue;
    }
    if (chunk !== '' && current && !byPath.has(chunk)) byPath.set(chunk, current);
  }
  return { byPath, authors };
}

/** Returns the boundary commits of a shallow store (none for a full one); never throws. */
export function shallowCommits(storeDir: string): string[] {
  try {
    return readFileSync(join(storeDir, 'shallow'), 'utf8')
      .split('\n')
      .filter((line) => OID_RE.test(line));
  } catch {
    return [];
  }
}

/** Returns the git authors of the given commits (unknown ones are absent). */
export function readCommitAuthors(storeDir: string, commits: Iterable<string>): Map<string, CommitAuthor> {
  const wanted = [...new Set(commits)].filter((oid) => OID_RE.test(oid));
  const authors = new Map<string, CommitAuthor>();
  if (wanted.length === 0) return authors;
  try {
    const out = git(storeDir, ['log', '--no-walk=unsorted', '--format=%H%x1f%an%x1f%ae%x1f%aI', ...wanted]).toString('utf8');
    for (const line of out.split('\n')) {
      const [commit, name, email, at] = line.split('\u001f');
      if (commit && OID_RE.test(commit)) authors.set(commit, { name: name ?? '', email: email ?? '', at: at ?? '' });
    }
  } catch {
    /* a version whose commit is unknown here shows without a name */
  }
  return authors;
}

/** Returns how many commits `head`'s history has in the store (a shallow store counts what it has). */
export function countCommits(storeDir: string, head: string): number {
  return Number(git(storeDir, ['rev-list', '--count', head]).toString('utf8').trim()) || 0;
}

/** Returns true when the store has the object `oid`. */
export function hasObject(storeDir: string, oid: string): boolean {
  if (!OID_RE.test(oid)) return false;
  return spawnSync('git', ['--git-dir', storeDir, 'cat-file', '-e', `${oid}^{commit}`], { env: gitEnv(), stdio: 'ignore', timeout: 30_000 }).status === 0;
}

/** Returns the root commits of `head`'s history (a compaction snapshot is one), with their messages. */
export function rootCommits(storeDir: string, head: string): Array<{ oid: string; message: string }> {
  const out = git(storeDir, ['log', '--max-parents=0', '-z', '--format=%H%n%B', head]).toString('utf8');
  return out
    .split('\0')
    .filter((chunk) => chunk.trim() !== '')
    .map((chunk) => {
      const clean = chunk.replace(/^\n/, '');
      const newline = clean.indexOf('\n');
      return { oid: newline < 0 ? clean : clean.slice(0, newline), message: newline < 0 ? '' : clean.slice(newline + 1) };
    })
    .filter((root) => OID_RE.test(root.oid));
}

/** Writes a parentless commit with the tree of `commit` (a squashed snapshot of the team ref) and returns its id. */
export function writeSnapshotCommit(storeDir: string, spec: { commit: string; message: string; author: { name: string; email: string }; timestamp: number }): string {
  const name = clean(spec.author.name);
  const email = clean(spec.author.email);
  const date = `${spec.timestamp} +0000`;
  const env = { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email, GIT_COMMITTER_DATE: date };
  return git(storeDir, ['commit-tree', `${spec.commit}^{tree}`], spec.message, env).toString('utf8').trim();
}

/** isAncestor, started now (resolves false when git cannot tell, as isAncestor returns). */
export function startIsAncestor(storeDir: string, ancestor: string, descendant: string): Promise<boolean> {
  if (ancestor === descendant) return Promise.resolve(true);
  return started(gitAsync(storeDir, ['merge-base', '--is-ancestor', ancestor, descendant]).then(() => true, () => false));
}

/** Returns true when `ancestor` is `descendant` or one of its ancestors (git walks only as far as it must). */
export function isAncestor(storeDir: string, ancestor: string, descendant: string): boolean {
  if (ancestor === descendant) return true;
  const result = spawnSync('git', ['--git-dir', storeDir, 'merge-base', '--is-ancestor', ancestor, descendant], { env: gitEnv(), stdio: 'ignore', timeout: 60_000 });
  return result.status === 0;
}

export type FileWrite = { path: string; content: string | null };

export type CommitSpec = {
  parent: string | null;
  writes: readonly FileWrite[];
  message: string;
  author: { name: string; email: string };
  /** Seconds since the epoch. */
  timestamp: number;
};

/** The directories a commit changing `paths` rebuilds: each path's parent directories, the root (`''`) first. */
export function directoriesOf(paths: Iterable<string>): string[] {
  const dirs = new Set<string>(['']);
  for (const path of paths) {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) dirs.add(parts.slice(0, depth).join('/'));
  }
  return [...dirs];
}

/**
 * Writes one commit on top of `parent` changing only `writes` (content null deletes the file; a
 * directory left empty goes) and returns its id. The blobs, the rebuilt trees and the commit are
 * hashed here and written as one small pack (pack-writer.ts), from `parent`'s trees on the way to
 * each written path: `trees` when the caller read them with its blobs (readBlobsAndTrees), else
 * read here with one `cat-file`. Throws GIT_FAILED when the store cannot be read or written.
 */
export function writeCommit(storeDir: string, spec: CommitSpec, trees?: ReadonlyMap<string, TreeEntry[] | null>): string {
  const dirs = directoriesOf(spec.writes.map((write) => write.path));
  const known = trees !== undefined && dirs.every((dir) => trees.has(dir)) ? trees : readBlobsAndTrees(storeDir, [], spec.parent, dirs).trees;
  const objects: GitObject[] = [];
  // Each directory's entries by name, changed bottom-up: files first, then the subtrees rebuilt below.
  const entries = new Map<string, Map<string, TreeEntry>>(dirs.map((dir) => [dir, new Map((known.get(dir) ?? []).map((entry) => [entry.name, entry]))]));
  for (const write of spec.writes) {
    const slash = write.path.lastIndexOf('/');
    const dir = slash < 0 ? '' : write.path.slice(0, slash);
    const name = write.path.slice(slash + 1);
    const files = entries.get(dir) as Map<string, TreeEntry>;
    if (write.content === null) files.delete(name);
    else {
      const blob = gitObject('blob', Buffer.from(write.content, 'utf8'));
      objects.push(blob);
      files.set(name, { mode: '100644', name, oid: blob.oid });
    }
  }
  let root = '';
  const depth = (dir: string) => (dir === '' ? 0 : dir.split('/').length);
  for (const dir of [...dirs].sort((a, b) => depth(b) - depth(a) || (a < b ? -1 : 1))) {
    const inside = entries.get(dir) as Map<string, TreeEntry>;
    const tree = gitObject('tree', encodeTree([...inside.values()]));
    if (dir === '') {
      objects.push(tree);
      root = tree.oid;
      continue;
    }
    const slash = dir.lastIndexOf('/');
    const parent = entries.get(slash < 0 ? '' : dir.slice(0, slash)) as Map<string, TreeEntry>;
    const name = dir.slice(slash + 1);
    // Note: git keeps no empty directory; one emptied by these writes leaves its parent.
    if (inside.size === 0) parent.delete(name);
    else {
      objects.push(tree);
      parent.set(name, { mode: '40000', name, oid: tree.oid });
    }
  }
  const person = `${clean(spec.author.name)} <${clean(spec.author.email)}> ${spec.timestamp} +0000`;
  const commit = gitObject('commit', Buffer.from(`tree ${root}\n${spec.parent === null ? '' : `parent ${spec.parent}\n`}author ${person}\ncommitter ${person}\n\n${spec.message}`, 'utf8'));
  objects.push(commit);
  try {
    writePack(storeDir, objects);
  } catch (error) {
    throw new MemError('GIT_FAILED', `writing a commit into the team store failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return commit.oid;
}

function clean(value: string): string {
  return value.replace(/[<>\n\r]/g, '').trim() || 'unknown';
}
