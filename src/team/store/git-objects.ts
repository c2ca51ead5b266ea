/**
 * Reading and writing the team store with the system git, in a handful of bounded processes per
 * sync: the one kept-open `cat-file --batch` (object-reads.ts) reads the trees (tree-walk.ts: a
 * diff reads only the directories that differ), only the blobs that changed and the bundles a new
 * commit is built from, `fast-import` writes a commit (its pack rolled up with the others by
 * store-maintenance.ts), and `log` over the new commits only tells who changed which entry.
 * Nothing here loads a packfile into the Node process, so memory stays flat whatever the size of
 * the team's history.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { MemError } from '../../core/errors.js';
import { gitEnv } from '../../core/git/run-git.js';
import type { StoredObject } from './batch-answer.js';
import { readObjects } from './object-reads.js';
import { parseTree as parseTreeObject, type TreeEntry } from './tree-object.js';
import { compareTrees, walkTree, type TreeChange } from './tree-walk.js';
import { planChangedPaths, planChanges, type Plan } from './bundle-changes.js';
import {
  BUNDLE_SUFFIX,
  bundleFileOf,
  bundleFiles,
  bundlePath,
  bundleTexts,
  serializeBundle,
  shardFiles,
  shardOfPath,
  virtualBlob,
  type TreeFile,
} from './entry-bundle.js';
import { RAW_LOG_ARGS, parseRawLog, type CommitAuthor, type LoggedCommit } from './raw-log.js';
import { ENTRY_DIR, MAX_ENTRY_FILE_BYTES, isValidId, shardOf } from './team-record.js';

const OID_RE = /^[0-9a-f]{40}$/;

function git(storeDir: string, args: string[], input?: Buffer | string, env: NodeJS.ProcessEnv = {}): Buffer {
  const result = spawnSync('git', ['--git-dir', storeDir, ...args], {
    input,
    env: gitEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 512 * 1024 * 1024,
    timeout: 120_000,
  });
  if (result.error)
    throw new MemError('GIT_FAILED', `git ${args[0]} in the team store failed: ${result.error.message}`);
  if (result.status !== 0) {
    throw new MemError(
      'GIT_FAILED',
      `git ${args[0]} in the team store failed: ${result.stderr.toString('utf8').trim().split('\n')[0] ?? ''}`,
    );
  }
  return result.stdout;
}

/**
 * Starts `git` in the store and resolves with its stdout (rejects as git() throws): a sync starts
 * the reads that do not depend on one another at once, and reads the working copy meanwhile.
 */
function gitAsync(storeDir: string, args: string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['--git-dir', storeDir, ...args], {
      env: gitEnv(),
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    }) as ChildProcessByStdio<Writable | null, Readable, Readable>;
    if (input !== undefined && child.stdin !== null) {
      // Note: git gone early (killed, failed) closes its stdin; what it said is reported on close.
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
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
      else
        reject(
          new MemError(
            'GIT_FAILED',
            `git ${args[0]} in the team store failed: ${Buffer.concat(err).toString('utf8').trim().split('\n')[0] ?? ''}`,
          ),
        );
    });
  });
}

/** A started read: the promise is marked handled, so one the sync ends up not needing never reports an unhandled rejection. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export type { TreeFile } from './entry-bundle.js';

/**
 * Returns every file of `commit`'s tree under `dirs` (recursively), keyed by path; a shard's bundle
 * is listed as its entries' files (entry-bundle.ts). Started now: a sync starts the reads that do
 * not depend on one another at once.
 */
export function listTree(storeDir: string, commit: string, dirs: readonly string[]): Promise<Map<string, TreeFile>> {
  return started(
    walkTree(storeDir, commit, dirs).then((listed) => {
      const plan = planListing(new Map(listed.map((file) => [file.path, file])));
      return readObjects(storeDir, plan.specs).then((objects) => plan.answer(objects));
    }),
  );
}

/** The bundles of a listing read, and the listing with each bundle replaced by its entries' files (a loose file of the same entry wins), in path order. */
function planListing(files: Map<string, TreeFile>): Plan<Map<string, TreeFile>> {
  const bundles = [...files.values()].filter(
    (file) => file.type === 'blob' && file.path.endsWith(BUNDLE_SUFFIX) && shardOfPath(file.path) !== null,
  );
  if (bundles.length === 0) return { specs: [], answer: () => files };
  return {
    specs: bundles.map((file) => file.oid),
    answer(objects) {
      const out = new Map<string, TreeFile>();
      const bundlePaths = new Set(bundles.map((file) => file.path));
      for (const file of files.values()) if (!bundlePaths.has(file.path)) out.set(file.path, file);
      bundles.forEach((file, index) => {
        const object = objects[index] ?? null;
        if (object === null || object.type !== 'blob')
          throw new MemError('GIT_FAILED', `git cat-file in the team store: missing blob ${file.oid} (${file.path})`);
        for (const entry of bundleFiles(object.body, shardOfPath(file.path) as string))
          if (!out.has(entry.path)) out.set(entry.path, entry);
      });
      return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    },
  };
}

export type { TreeChange } from './tree-walk.js';

/** Returns the files that differ between two commits' trees under `dirs`; started now. */
export function diffTrees(storeDir: string, from: string, to: string, dirs: readonly string[]): Promise<TreeChange[]> {
  return started(
    compareTrees(storeDir, from, to, dirs).then((changes) => {
      const plan = planChanges([{ from, to, changes }]);
      return readObjects(storeDir, plan.specs).then((objects) => withoutOldModes(plan.answer(objects)[0] ?? []));
    }),
  );
}

function withoutOldModes(changes: ReadonlyArray<TreeChange & { oldMode?: string | null }>): TreeChange[] {
  return changes.map(({ path, oldOid, newOid, newMode }) => ({ path, oldOid, newOid, newMode }));
}

/**
 * readBlobs, read as git answers: `onBlobs` is given each run of blobs as it arrives (entries of
 * bundles read in this process first, at once; then git's, in the order asked), while git reads
 * the rest. Why: an older mem's ref has a blob per entry (a new clone's first sync of 20,000: git
 * took ~290 ms), and checking them takes as long again; checked as they arrive, the two overlap.
 * Resolves with every blob read; rejects as readBlobs throws.
 */
export function streamBlobs(
  storeDir: string,
  oids: Iterable<string>,
  onBlobs: (blobs: ReadonlyArray<readonly [string, Buffer]>) => void,
): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  const wanted: string[] = [];
  const known: Array<readonly [string, Buffer]> = [];
  for (const oid of new Set(oids)) {
    if (!OID_RE.test(oid)) continue;
    // Note: an entry of a bundle read in this process is not a blob of the store (entry-bundle.ts).
    const bytes = virtualBlob(oid);
    if (bytes === undefined) wanted.push(oid);
    else {
      blobs.set(oid, bytes);
      known.push([oid, bytes]);
    }
  }
  if (known.length > 0) {
    try {
      onBlobs(known);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return readObjects(storeDir, wanted, (answers) => {
    const arrived: Array<readonly [string, Buffer]> = [];
    for (const object of answers)
      if (object !== null && object.type === 'blob') {
        blobs.set(object.oid, object.body);
        arrived.push([object.oid, object.body]);
      }
    if (arrived.length > 0) onBlobs(arrived);
  }).then(() => blobs);
}

/** Returns the bytes of each blob (missing or non-blob objects are absent from the map). */
export async function readBlobs(storeDir: string, oids: Iterable<string>): Promise<Map<string, Buffer>> {
  return (await readBlobsAndTrees(storeDir, oids, null, [])).blobs;
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
): Promise<BlobsAndTrees> {
  const plan = planBlobsAndTrees(oids, commit, dirs, files);
  return readObjects(storeDir, plan.specs).then((objects) => plan.answer(objects));
}

/** `bundles`: the bundles of the shards among `dirs` (null: the shard has none), read with their directories. */
export type BlobsAndTrees = {
  blobs: Map<string, Buffer>;
  trees: Map<string, TreeEntry[] | null>;
  bundles: Map<string, Buffer | null>;
  files: Map<string, string>;
};

/** What readBlobsAndTrees asks cat-file, and how it reads the answers. */
function planBlobsAndTrees(
  oids: Iterable<string>,
  commit: string | null,
  dirs: readonly string[],
  files?: { commit: string; paths: readonly string[] },
): { specs: string[]; answer: (answers: readonly StoredObject[]) => BlobsAndTrees } {
  const known = new Map<string, Buffer>();
  const wanted: string[] = [];
  for (const oid of new Set(oids)) {
    if (!OID_RE.test(oid)) continue;
    const bytes = virtualBlob(oid);
    if (bytes === undefined) wanted.push(oid);
    else known.set(oid, bytes);
  }
  const treeSpecs: Array<{ commit: string; dir: string }> = [];
  const asked = new Set<string>();
  const ask = (of: string, dir: string): void => {
    if (asked.has(`${of}\u0000${dir}`)) return;
    asked.add(`${of}\u0000${dir}`);
    treeSpecs.push({ commit: of, dir });
  };
  if (commit !== null) for (const dir of dirs) ask(commit, dir);
  if (files !== undefined) for (const dir of directoriesOf(files.paths)) ask(files.commit, dir);
  // Note: a shard's directory is read with its bundle (entry-bundle.ts): the two hold its entries.
  const bundleSpecs = treeSpecs.filter((tree) => shardDirectory(tree.dir) !== null);
  const specs = [
    ...wanted,
    ...treeSpecs.map((tree) => (tree.dir === '' ? `${tree.commit}^{tree}` : `${tree.commit}:${tree.dir}`)),
    ...bundleSpecs.map((tree) => `${tree.commit}:${bundlePath(shardDirectory(tree.dir) as string)}`),
  ];
  const answer = (answers: readonly StoredObject[]): BlobsAndTrees => {
    const blobs = new Map<string, Buffer>(known);
    const read = new Map<string, Map<string, TreeEntry[] | null>>();
    const readBundles = new Map<string, Map<string, Buffer | null>>();
    answers.forEach((object, index) => {
      if (index < wanted.length) {
        if (object !== null && object.type === 'blob') blobs.set(object.oid, object.body);
        return;
      }
      if (index >= wanted.length + treeSpecs.length) {
        const tree = bundleSpecs[index - wanted.length - treeSpecs.length] as { commit: string; dir: string };
        let of = readBundles.get(tree.commit);
        if (of === undefined) readBundles.set(tree.commit, (of = new Map()));
        of.set(shardDirectory(tree.dir) as string, object !== null && object.type === 'blob' ? object.body : null);
        return;
      }
      const tree = treeSpecs[index - wanted.length] as { commit: string; dir: string };
      let of = read.get(tree.commit);
      if (of === undefined) read.set(tree.commit, (of = new Map()));
      of.set(tree.dir, object !== null && object.type === 'tree' ? parseTreeObject(object.body) : null);
    });
    for (const [of, trees] of read) expectWholeTrees(of, trees, readBundles.get(of) ?? new Map());
    const trees = new Map<string, TreeEntry[] | null>(
      dirs.map((dir) => [dir, commit === null ? null : (read.get(commit)?.get(dir) ?? null)]),
    );
    const bundles = new Map<string, Buffer | null>(commit === null ? [] : (readBundles.get(commit) ?? new Map()));
    return {
      blobs,
      trees,
      bundles,
      files:
        files === undefined
          ? new Map()
          : filesIn(read.get(files.commit) ?? new Map(), readBundles.get(files.commit) ?? new Map(), files.paths),
    };
  };
  return { specs, answer };
}

/** The shard of a directory that is a shard's loose directory (`entries/<xx>`), else null. */
function shardDirectory(dir: string): string | null {
  return dir.length === ENTRY_DIR.length + 3 && dir.startsWith(`${ENTRY_DIR}/`) ? shardOfPath(`${dir}/`) : null;
}

/** The blob ids of `paths` in trees (and shards' bundles) read by directory (absent: no such file, or a directory by that name), in ls-tree's order (for mem's paths, their byte order). */
function filesIn(
  trees: ReadonlyMap<string, TreeEntry[] | null>,
  bundles: ReadonlyMap<string, Buffer | null>,
  paths: readonly string[],
): Map<string, string> {
  const found = new Map<string, string>();
  const shards = new Map<string, Map<string, TreeFile>>();
  for (const path of [...new Set(paths)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const slash = path.lastIndexOf('/');
    const dir = slash < 0 ? '' : path.slice(0, slash);
    const shard = shardDirectory(dir);
    if (shard !== null && (trees.get(dir) ?? null) === null) {
      // Note: the entry's own line, when the bundle is in mem's form (no other line is read).
      const id = path.endsWith('.json') ? path.slice(dir.length + 1, -5) : '';
      const file = bundleFileOf(bundles.get(shard) ?? null, shard, id);
      if (file !== null) {
        if (file !== undefined && file.path === path) found.set(path, file.oid);
        continue;
      }
    }
    if (shard !== null) {
      let files = shards.get(shard);
      if (files === undefined)
        shards.set(
          shard,
          (files = shardFiles(shard, { bundle: bundles.get(shard) ?? null, loose: trees.get(dir) ?? null })),
        );
      const file = files.get(path);
      if (file !== undefined && file.mode !== '40000') found.set(path, file.oid);
      continue;
    }
    const entry = trees.get(dir)?.find((item) => item.name === path.slice(slash + 1));
    if (entry !== undefined && entry.mode !== '40000') found.set(path, entry.oid);
  }
  return found;
}

/**
 * Throws when a tree of `commit` is gone from the store: its root, or a directory its parent
 * (read with it) lists; or a shard's bundle its `entries` directory lists. A directory no parent
 * lists is simply not there.
 */
function expectWholeTrees(
  commit: string,
  trees: ReadonlyMap<string, TreeEntry[] | null>,
  bundles: ReadonlyMap<string, Buffer | null>,
): void {
  for (const [dir, entries] of trees) {
    if (entries !== null) continue;
    const slash = dir.lastIndexOf('/');
    const listed =
      dir === ''
        ? true
        : trees
            .get(slash < 0 ? '' : dir.slice(0, slash))
            ?.some((entry) => entry.name === dir.slice(slash + 1) && entry.mode === '40000');
    if (listed === true)
      throw new MemError(
        'GIT_FAILED',
        `git cat-file in the team store: missing tree ${dir === '' ? `of ${commit}` : `${commit}:${dir}`}`,
      );
  }
  for (const [shard, bundle] of bundles) {
    if (bundle !== null) continue;
    const listed = trees
      .get(ENTRY_DIR)
      ?.some((entry) => entry.name === `${shard}${BUNDLE_SUFFIX}` && entry.mode !== '40000');
    if (listed === true)
      throw new MemError('GIT_FAILED', `git cat-file in the team store: missing blob ${commit}:${bundlePath(shard)}`);
  }
}

export type { CommitAuthor } from './raw-log.js';

export type Attribution = { commit: string; author: CommitAuthor };

/**
 * Returns, for each path under `dirs` that commits in `head` but not in `exclude` changed, the
 * newest such commit and its git author; plus every walked commit's author. Only new commits are
 * walked (`exclude` is what this clone had already seen). A commit's change to a shard's bundle
 * is the entries whose lines differ (bundle-changes.ts), read in rounds of cat-file.
 */
export function attributeChanges(
  storeDir: string,
  head: string,
  exclude: string | readonly string[] | null,
  dirs: readonly string[],
): Promise<{ byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> }> {
  return started(
    gitAsync(storeDir, attributionArgs(storeDir, head, exclude, dirs)).then(async (out) => {
      const attribution = newAttribution(logged(out), dirs);
      for (const plan of attribution.plans()) plan.answer(await readObjects(storeDir, plan.specs));
      return attribution.result;
    }),
  );
}

function attributionArgs(
  storeDir: string,
  head: string,
  exclude: string | readonly string[] | null,
  dirs: readonly string[],
): string[] {
  const args = [...RAW_LOG_ARGS, head];
  for (const excluded of exclude === null ? [] : typeof exclude === 'string' ? [exclude] : exclude)
    args.push(`^${excluded}`);
  // Note: in a shallow store (a first sync fetches only recent commits) a boundary commit looks as
  // if it added every file: what it changed is unknown, so it attributes nothing.
  for (const boundary of shallowCommits(storeDir)) args.push(`^${boundary}`);
  args.push('--', ...dirs);
  return args;
}

function logged(out: Buffer): LoggedCommit[] {
  const commits = parseRawLog(out.toString('utf8'));
  if (commits === null) throw new MemError('GIT_FAILED', 'git log in the team store: unexpected output');
  return commits;
}

/** Commits whose bundles one round of cat-file reads (a whole history is read in rounds, so memory stays flat). */
const ATTRIBUTION_ROUND = 200;

/** Who changed what, from logged commits (newest first): the rounds of cat-file questions to ask, and the result they fill. */
function newAttribution(
  commits: readonly LoggedCommit[],
  dirs: readonly string[],
): { plans(): Iterable<Plan<void>>; result: { byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> } } {
  const byPath = new Map<string, Attribution>();
  const authors = new Map<string, CommitAuthor>();
  const under = (path: string) => dirs.some((dir) => path.startsWith(`${dir}/`));
  for (const commit of commits) authors.set(commit.commit, commit.author);
  // Note: git log --raw lists a merge commit's changes only with -m; as --name-only did, it attributes nothing.
  const plain = commits.filter((commit) => commit.parents.length <= 1);
  function* plans(): Iterable<Plan<void>> {
    for (let start = 0; start < plain.length; start += ATTRIBUTION_ROUND) {
      const round = plain.slice(start, start + ATTRIBUTION_ROUND);
      const plan = planChangedPaths(
        round.map((commit) => ({ from: commit.parents[0] ?? null, to: commit.commit, changes: commit.changes })),
        under,
      );
      yield {
        specs: plan.specs,
        answer(objects) {
          plan.answer(objects).forEach((paths, index) => {
            const commit = round[index] as LoggedCommit;
            for (const path of paths)
              if (!byPath.has(path)) byPath.set(path, { commit: commit.commit, author: commit.author });
          });
        },
      };
    }
  }
  return { plans, result: { byPath, authors } };
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
    const out = git(storeDir, ['log', '--no-walk=unsorted', '--format=%H%x1f%an%x1f%ae%x1f%aI', ...wanted]).toString(
      'utf8',
    );
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

/** Returns true when the store has the commit `oid`; false when git cannot tell. */
export async function hasObject(storeDir: string, oid: string): Promise<boolean> {
  if (!OID_RE.test(oid)) return false;
  try {
    const [object] = await readObjects(storeDir, [`${oid}^{commit}`]);
    return object?.type === 'commit';
  } catch {
    return false;
  }
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
      return {
        oid: newline < 0 ? clean : clean.slice(0, newline),
        message: newline < 0 ? '' : clean.slice(newline + 1),
      };
    })
    .filter((root) => OID_RE.test(root.oid));
}

/** Writes a parentless commit with the tree of `commit` (a squashed snapshot of the team ref) and returns its id. */
export function writeSnapshotCommit(
  storeDir: string,
  spec: { commit: string; message: string; author: { name: string; email: string }; timestamp: number },
): string {
  const name = clean(spec.author.name);
  const email = clean(spec.author.email);
  const date = `${spec.timestamp} +0000`;
  const env = {
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: name,
    GIT_COMMITTER_EMAIL: email,
    GIT_COMMITTER_DATE: date,
  };
  return git(storeDir, ['commit-tree', `${spec.commit}^{tree}`], spec.message, env)
    .toString('utf8')
    .trim();
}

/** isAncestor, started now (resolves false when git cannot tell, as isAncestor returns). */
export function startIsAncestor(storeDir: string, ancestor: string, descendant: string): Promise<boolean> {
  if (ancestor === descendant) return Promise.resolve(true);
  return started(
    gitAsync(storeDir, ['merge-base', '--is-ancestor', ancestor, descendant]).then(
      () => true,
      () => false,
    ),
  );
}

/** Returns true when `ancestor` is `descendant` or one of its ancestors (git walks only as far as it must). */
export function isAncestor(storeDir: string, ancestor: string, descendant: string): boolean {
  if (ancestor === descendant) return true;
  const result = spawnSync('git', ['--git-dir', storeDir, 'merge-base', '--is-ancestor', ancestor, descendant], {
    env: gitEnv(),
    stdio: 'ignore',
    timeout: 60_000,
  });
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

/** The directories on the way to `paths`: each path's parent directories, the root (`''`) first. */
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
 * directory left empty goes) and returns its id: one `git fast-import`, which builds the trees from
 * the parent's. Throws GIT_FAILED when the store cannot be read or written.
 *
 * Writes of entry files (`entries/<xx>/<id>.json`) are written into their shard's bundle
 * (entry-bundle.ts), read from the parent (`trees` and `bundles` when the caller read them
 * already); every shard that still has loose files, written by an older mem, is folded into its
 * bundle in the same commit, so a team ref moves over to bundles at its first write.
 */
export async function writeCommit(
  storeDir: string,
  spec: CommitSpec,
  trees?: ReadonlyMap<string, TreeEntry[] | null>,
  bundles?: ReadonlyMap<string, Buffer | null>,
): Promise<string> {
  const byShard = new Map<string, FileWrite[]>();
  const plainWrites: FileWrite[] = [];
  for (const write of spec.writes) {
    const shard = write.path.endsWith(BUNDLE_SUFFIX) ? null : shardOfPath(write.path);
    if (shard === null) plainWrites.push(write);
    else byShard.set(shard, [...(byShard.get(shard) ?? []), write]);
  }
  // Note: the parent's entries directory, and the shards this commit writes, in one cat-file (a
  // second one, in writeBundles, only for loose shards an older mem left).
  if (spec.parent !== null && trees?.has(ENTRY_DIR) !== true) {
    const read = await readBlobsAndTrees(storeDir, [], spec.parent, [
      '',
      ENTRY_DIR,
      ...[...byShard.keys()].map((shard) => `${ENTRY_DIR}/${shard}`),
    ]);
    trees = new Map([...(trees ?? []), ...read.trees]);
    bundles = new Map([...(bundles ?? []), ...read.bundles]);
  }
  const entriesDir = spec.parent === null ? [] : (trees?.get(ENTRY_DIR) ?? []);
  const shardEntries = new Map(entriesDir.map((entry) => [entry.name, entry]));
  const ops: Array<string | Buffer> = [];
  const put = (path: string, content: string) => {
    const bytes = Buffer.from(content, 'utf8');
    ops.push(`M 100644 inline ${path}\ndata ${bytes.length}\n`, bytes, '\n');
  };
  for (const write of plainWrites) {
    if (write.content === null) ops.push(`D ${write.path}\n`);
    else put(write.path, write.content);
  }
  for (const [shard, written] of await writeBundles(storeDir, spec.parent, byShard, shardEntries, trees, bundles)) {
    if (written.bundle === null) ops.push(`D ${bundlePath(shard)}\n`);
    else put(bundlePath(shard), written.bundle);
    // Note: what in a loose directory is no entry file stays there, untouched.
    if (shardEntries.has(shard)) ops.push(`D ${ENTRY_DIR}/${shard}\n`);
    for (const entry of written.kept)
      ops.push(
        `M ${entry.mode === '40000' ? '040000' : entry.mode} ${entry.oid} ${ENTRY_DIR}/${shard}/${entry.name}\n`,
      );
  }
  const person = `${clean(spec.author.name)} <${clean(spec.author.email)}> ${spec.timestamp} +0000`;
  const message = Buffer.from(spec.message, 'utf8');
  // Note: fast-import commits onto a ref; a scratch one of this process, removed once the id is known.
  const scratch = `refs/mem/scratch/${process.pid}`;
  const head = `reset ${scratch}\ncommit ${scratch}\nmark :1\nauthor ${person}\ncommitter ${person}\ndata ${message.length}\n`;
  const input = Buffer.concat([
    Buffer.from(head),
    message,
    Buffer.from(`\n${spec.parent === null ? '' : `from ${spec.parent}\n`}`),
    ...ops.map((op) => (typeof op === 'string' ? Buffer.from(op, 'utf8') : op)),
    Buffer.from('\nget-mark :1\n'),
  ]);
  try {
    // Note: always a pack (not loose objects below 100): store-maintenance.ts counts packs to roll them up.
    const commit = git(
      storeDir,
      ['-c', 'fastimport.unpackLimit=0', 'fast-import', '--quiet', '--force', '--date-format=raw'],
      input,
    )
      .toString('utf8')
      .trim();
    if (!OID_RE.test(commit))
      throw new MemError(
        'GIT_FAILED',
        `git fast-import in the team store answered "${commit.slice(0, 60)}" for a commit`,
      );
    return commit;
  } finally {
    // Note: unlink, not rmSync, which in Node 20 loads its recursive-removal module at first use (~5 ms of a sync).
    try {
      unlinkSync(join(storeDir, scratch));
    } catch {
      /* not written (fast-import failed) or already gone */
    }
  }
}

/**
 * The new bundle of each shard `byShard` writes and of each shard `parent` still has loose files
 * of (`entries`: the parent's `entries` directory): the parent's bundle, overlaid by its loose
 * entry files, with the writes applied (null: the shard is left empty). What the caller did not
 * read is read here: the shards' bundles and directories, then the loose files' texts.
 */
async function writeBundles(
  storeDir: string,
  parent: string | null,
  byShard: ReadonlyMap<string, readonly FileWrite[]>,
  entries: ReadonlyMap<string, TreeEntry>,
  trees: ReadonlyMap<string, TreeEntry[] | null> | undefined,
  bundles: ReadonlyMap<string, Buffer | null> | undefined,
): Promise<Map<string, { bundle: string | null; kept: TreeEntry[] }>> {
  const loose = [...entries.values()]
    .filter((entry) => entry.mode === '40000' && shardOfPath(`${ENTRY_DIR}/${entry.name}/`) !== null)
    .map((entry) => entry.name);
  const shards = [...new Set([...byShard.keys(), ...loose])].sort();
  if (shards.length === 0) return new Map();
  const dirOf = (shard: string) => `${ENTRY_DIR}/${shard}`;
  const unread =
    parent === null ? [] : shards.filter((shard) => bundles?.has(shard) !== true || trees?.has(dirOf(shard)) !== true);
  const read =
    unread.length === 0 ? null : await readBlobsAndTrees(storeDir, [], parent, ['', ENTRY_DIR, ...unread.map(dirOf)]);
  const bundleOf = (shard: string) =>
    read?.bundles.has(shard) ? (read.bundles.get(shard) ?? null) : (bundles?.get(shard) ?? null);
  const looseOf = (shard: string) =>
    read?.trees.has(dirOf(shard)) ? (read.trees.get(dirOf(shard)) ?? null) : (trees?.get(dirOf(shard)) ?? null);
  // Note: only a store a previous mem wrote into has loose files; their texts are read once, to fold them.
  const foldable = (shard: string, entry: TreeEntry): string | null => {
    const id = entry.name.endsWith('.json') ? entry.name.slice(0, -5) : '';
    return (entry.mode === '100644' || entry.mode === '100755') && isValidId(id) && shardOf(id) === shard ? id : null;
  };
  const looseFiles = shards.flatMap((shard) =>
    (looseOf(shard) ?? []).flatMap((entry) => {
      const id = foldable(shard, entry);
      return id === null ? [] : [{ shard, id, oid: entry.oid }];
    }),
  );
  const looseTexts =
    looseFiles.length === 0
      ? new Map<string, Buffer>()
      : await readBlobs(
          storeDir,
          looseFiles.map((file) => file.oid),
        );
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const out = new Map<string, { bundle: string | null; kept: TreeEntry[] }>();
  for (const shard of shards) {
    const { texts, kept } = bundleTexts(bundleOf(shard), shard);
    const keptLoose = (looseOf(shard) ?? []).filter((entry) => foldable(shard, entry) === null);
    for (const file of looseFiles) {
      if (file.shard !== shard) continue;
      const bytes = looseTexts.get(file.oid);
      if (bytes === undefined)
        throw new MemError(
          'GIT_FAILED',
          `git cat-file in the team store: missing blob ${file.oid} (${dirOf(shard)}/${file.id}.json)`,
        );
      // Note: a file no bundle line can hold (oversized, not UTF-8) stays where it is, as it is.
      const text = bytes.length > MAX_ENTRY_FILE_BYTES ? null : decodeOrNull(decoder, bytes);
      if (text === null)
        keptLoose.push(
          ...(looseOf(shard) ?? []).filter((entry) => entry.oid === file.oid && entry.name === `${file.id}.json`),
        );
      else texts.set(file.id, text);
    }
    for (const write of byShard.get(shard) ?? []) {
      const name = write.path.slice(write.path.lastIndexOf('/') + 1);
      const id = name.endsWith('.json') ? name.slice(0, -5) : name;
      if (write.content === null) texts.delete(id);
      else texts.set(id, write.content);
    }
    // Note: an entry written now replaces a loose file of it that stayed.
    const written = new Set(
      (byShard.get(shard) ?? []).map((write) => write.path.slice(write.path.lastIndexOf('/') + 1)),
    );
    const stays = keptLoose.filter((entry) => !written.has(entry.name));
    out.set(shard, {
      bundle: texts.size === 0 && kept.length === 0 ? null : serializeBundle(texts, kept),
      kept: stays,
    });
  }
  return out;
}

function decodeOrNull(decoder: InstanceType<typeof TextDecoder>, bytes: Buffer): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

function clean(value: string): string {
  return value.replace(/[<>\n\r]/g, '').trim() || 'unknown';
}
