/**
 * The files of a commit's tree, and the files that differ between two commits' trees, read
 * through the store's one kept-open `cat-file --batch` (object-reads.ts) a level of directories at
 * a time, as `git ls-tree -r` and `git diff-tree -r` would list them. Why not those two commands:
 * each is a process, and starting one blocked a sync 10–40 ms (a spawn waits until the child has
 * started), where the trees they read are a few small objects (the team tree is `entries/` with
 * one bundle per shard, and `tombstones/`). A diff reads only the directories whose ids differ.
 */
import { MemError } from '../../core/errors.js';
import { readObjects } from './object-reads.js';
import type { TreeFile } from './entry-bundle.js';
import { parseTree, type TreeEntry } from './tree-object.js';

/** A file that differs between two trees, as `diff-tree -r` lists it (null: absent on that side). */
export type TreeChange = { path: string; oldOid: string | null; newOid: string | null; newMode: string | null };

const TREE_MODE = '40000';

/** True when `path` is one of `paths` or under one of them (a pathspec of plain paths, as git matches it). */
function isSelected(path: string, paths: readonly string[]): boolean {
  return paths.some((wanted) => path === wanted || path.startsWith(`${wanted}/`));
}

/** True when the directory `dir` is selected or holds a selected path: it has to be read. */
function isOnTheWay(dir: string, paths: readonly string[]): boolean {
  return isSelected(dir, paths) || paths.some((wanted) => wanted.startsWith(`${dir}/`));
}

function join(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** Git's order of tree entries: by name, a directory's name as if followed by `/`. */
function orderKey(entry: TreeEntry): string {
  return entry.mode === TREE_MODE ? `${entry.name}/` : entry.name;
}

/**
 * Returns the tree objects `specs` names (`<commit>^{tree}` or a tree id), parsed and keyed by
 * their ids, in one round; throws GIT_FAILED, in the words the damaged-store check knows, when one
 * is gone from the store (read as empty, a commit built on it would leave out every file under it).
 */
async function readTrees(
  storeDir: string,
  specs: readonly string[],
): Promise<Array<{ oid: string; entries: TreeEntry[] }>> {
  const objects = await readObjects(storeDir, specs);
  return specs.map((spec, index) => {
    const object = objects[index] ?? null;
    if (object === null || object.type !== 'tree')
      throw new MemError('GIT_FAILED', `git cat-file in the team store: missing tree ${spec}`);
    return { oid: object.oid, entries: parseTree(object.body) };
  });
}

/**
 * Returns every file of `commit`'s tree at or under `paths` (recursively), in the tree's order, as
 * `ls-tree -r` lists them (type `blob`, or `commit` for a submodule);
 * rejects with GIT_FAILED when the commit or a tree it names cannot be read.
 */
export async function walkTree(storeDir: string, commit: string, paths: readonly string[]): Promise<TreeFile[]> {
  const [root] = await readTrees(storeDir, [`${commit}^{tree}`]);
  const trees = new Map<string, TreeEntry[]>([['', root?.entries ?? []]]);
  for (let level = ['']; level.length > 0;) {
    const next = level.flatMap((dir) =>
      (trees.get(dir) ?? [])
        .filter((entry) => entry.mode === TREE_MODE && isOnTheWay(join(dir, entry.name), paths))
        .map((entry) => ({ dir: join(dir, entry.name), oid: entry.oid })),
    );
    const read = await readTrees(
      storeDir,
      next.map((tree) => tree.oid),
    );
    next.forEach((tree, index) => trees.set(tree.dir, read[index]?.entries ?? []));
    level = next.map((tree) => tree.dir);
  }
  const files: TreeFile[] = [];
  const visit = (dir: string): void => {
    for (const entry of trees.get(dir) ?? []) {
      const path = join(dir, entry.name);
      if (entry.mode === TREE_MODE) {
        if (trees.has(path)) visit(path);
      } else if (isSelected(path, paths))
        files.push({ path, oid: entry.oid, mode: entry.mode, type: entry.mode === '160000' ? 'commit' : 'blob' });
    }
  };
  visit('');
  return files;
}

/** A directory of both trees: its entries on each side, by name, in git's order. */
type Row = { name: string; from: TreeEntry | null; to: TreeEntry | null };

/**
 * Returns the files at or under `paths` that differ between the trees of commits `from` and `to`
 * (content or mode), in the trees' order; directories with the same id on both sides are not read.
 * Rejects with GIT_FAILED when a commit or a tree one names cannot be read.
 */
export async function compareTrees(
  storeDir: string,
  from: string,
  to: string,
  paths: readonly string[],
): Promise<TreeChange[]> {
  const roots = await readTrees(storeDir, [`${from}^{tree}`, `${to}^{tree}`]);
  const trees = new Map<string, TreeEntry[]>(roots.map((root) => [root.oid, root.entries]));
  const rows = new Map<string, Row[]>();
  for (let level = [{ dir: '', from: roots[0]?.oid ?? null, to: roots[1]?.oid ?? null }]; level.length > 0;) {
    const next: typeof level = [];
    for (const pair of level) {
      const merged = mergeEntries(trees.get(pair.from ?? '') ?? [], trees.get(pair.to ?? '') ?? []);
      rows.set(pair.dir, merged);
      for (const row of merged) {
        const dir = join(pair.dir, row.name);
        const fromTree = row.from?.mode === TREE_MODE ? row.from.oid : null;
        const toTree = row.to?.mode === TREE_MODE ? row.to.oid : null;
        if (fromTree !== toTree && isOnTheWay(dir, paths)) next.push({ dir, from: fromTree, to: toTree });
      }
    }
    const unread = [...new Set(next.flatMap((pair) => [pair.from, pair.to]))].filter(
      (oid): oid is string => oid !== null && !trees.has(oid),
    );
    for (const tree of await readTrees(storeDir, unread)) trees.set(tree.oid, tree.entries);
    level = next;
  }
  const changes: TreeChange[] = [];
  const visit = (dir: string): void => {
    for (const { name, from: a, to: b } of rows.get(dir) ?? []) {
      const path = join(dir, name);
      const fromFile = a !== null && a.mode !== TREE_MODE ? a : null;
      const toFile = b !== null && b.mode !== TREE_MODE ? b : null;
      if (
        (fromFile !== null || toFile !== null) &&
        (fromFile?.oid !== toFile?.oid || fromFile?.mode !== toFile?.mode) &&
        isSelected(path, paths)
      )
        changes.push({
          path,
          oldOid: fromFile?.oid ?? null,
          newOid: toFile?.oid ?? null,
          newMode: toFile?.mode ?? null,
        });
      // Note: only a directory's row leads into it, so its files come at the directory's place.
      if ((a?.mode === TREE_MODE || b?.mode === TREE_MODE) && rows.has(path)) visit(path);
    }
  };
  visit('');
  return changes;
}

/**
 * The entries of two trees side by side, in git's order. A name that is a file on one side and a
 * directory on the other makes two rows, as in git's diff: the file sorts as `a`, the directory as
 * `a/`, so `a-b` falls between them.
 */
function mergeEntries(from: readonly TreeEntry[], to: readonly TreeEntry[]): Row[] {
  const rows = new Map<string, Row & { key: string }>();
  for (const entry of from)
    rows.set(orderKey(entry), { name: entry.name, from: entry, to: null, key: orderKey(entry) });
  for (const entry of to) {
    const key = orderKey(entry);
    const row = rows.get(key);
    if (row === undefined) rows.set(key, { name: entry.name, from: null, to: entry, key });
    else row.to = entry;
  }
  return [...rows.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ name, from, to }) => ({ name, from, to }));
}
