/**
 * What git says changed between two trees, in the entries' terms (entry-bundle.ts): a change to a
 * shard's bundle or loose directory becomes the entries of that shard that differ, with the blob
 * ids their files have. Git's own answers (diff-tree, log --raw, the commit walk) name changed
 * paths; the shards they touch are then read in one round of cat-file, both sides of every pair.
 */
import { MemError } from '../../core/errors.js';
import {
  BUNDLE_SUFFIX,
  bundlePath,
  changedBundleIds,
  diffShard,
  shardOfPath,
  shardSpecs,
  shardState,
  type ShardState,
  type VirtualChange,
} from './entry-bundle.js';
import type { StoredObject } from './batch-answer.js';
import { parseTree } from './tree-object.js';
import { ENTRY_DIR, entryPath } from './team-record.js';

/** A change git lists (its old mode only where git says it). */
export type RawChange = {
  path: string;
  oldOid: string | null;
  newOid: string | null;
  newMode: string | null;
  oldMode?: string | null;
};

/** Two trees (commits or tree ids; `from` null: an empty tree) and what git lists as changed between them. */
export type ChangedPair<T extends RawChange> = { from: string | null; to: string; changes: readonly T[] };

/** A plan of cat-file questions and how their answers turn into changes. */
export type Plan<R> = { specs: string[]; answer(objects: readonly StoredObject[]): R };

/** The shards each pair's changes touch. */
function touchedShards(changes: readonly RawChange[]): Set<string> {
  const shards = new Set<string>();
  for (const change of changes) {
    const shard = shardOfPath(change.path);
    if (shard !== null) shards.add(shard);
  }
  return shards;
}

/**
 * The cat-file questions for the states of `shards` in each of `treeishes`, deduplicated, and a
 * reader of their answers. Each treeish's `entries` directory is asked too: a bundle or loose
 * directory it lists that cat-file does not have is a damaged store (throws GIT_FAILED in the
 * words damaged-store.ts knows), never a shard read as empty.
 */
function planStates(
  wanted: ReadonlyArray<{ treeish: string; shard: string }>,
): Plan<(treeish: string | null, shard: string) => ShardState> {
  const keys: Array<{ treeish: string; shard: string }> = [];
  const treeishes: string[] = [];
  const seen = new Set<string>();
  for (const { treeish, shard } of wanted) {
    if (!seen.has(treeish)) {
      seen.add(treeish);
      treeishes.push(treeish);
    }
    const key = `${treeish}\u0000${shard}`;
    if (seen.has(key)) continue;
    seen.add(key);
    keys.push({ treeish, shard });
  }
  const specs = [
    ...treeishes.map((treeish) => `${treeish}:${ENTRY_DIR}`),
    ...keys.flatMap(({ treeish, shard }) => shardSpecs(treeish, shard)),
  ];
  return {
    specs,
    answer(objects) {
      const listed = new Map<string, Map<string, string>>();
      treeishes.forEach((treeish, index) => {
        const tree = objects[index] ?? null;
        listed.set(
          treeish,
          new Map(
            tree !== null && tree.type === 'tree' ? parseTree(tree.body).map((entry) => [entry.name, entry.mode]) : [],
          ),
        );
      });
      const states = new Map<string, ShardState>();
      keys.forEach(({ treeish, shard }, index) => {
        const bundle = objects[treeishes.length + 2 * index] ?? null;
        const loose = objects[treeishes.length + 2 * index + 1] ?? null;
        const names = listed.get(treeish) as Map<string, string>;
        if (
          bundle === null &&
          names.has(`${shard}${BUNDLE_SUFFIX}`) &&
          names.get(`${shard}${BUNDLE_SUFFIX}`) !== '40000'
        )
          throw missing('blob', `${treeish}:${bundlePath(shard)}`);
        if (loose === null && names.get(shard) === '40000') throw missing('tree', `${treeish}:${ENTRY_DIR}/${shard}`);
        states.set(`${treeish}\u0000${shard}`, shardState(bundle, loose));
      });
      return (treeish, shard) => (treeish === null ? EMPTY : (states.get(`${treeish}\u0000${shard}`) ?? EMPTY));
    },
  };
}

function missing(kind: 'blob' | 'tree', spec: string): MemError {
  return new MemError('GIT_FAILED', `git cat-file in the team store: missing ${kind} ${spec}`);
}

const EMPTY: ShardState = { bundle: null, loose: null };

/**
 * Each pair's changes with every change inside a shard replaced by the entries of that shard that
 * differ (virtual files); changes outside the shards (tombstones, stray paths) as git gave them.
 * In path order, the order diff-tree gives one file per entry.
 */
export function planChanges<T extends RawChange>(pairs: ReadonlyArray<ChangedPair<T>>): Plan<VirtualChange[][]> {
  const touched = pairs.map((pair) => touchedShards(pair.changes));
  const states = planStates(
    pairs.flatMap((pair, index) =>
      [...(touched[index] as Set<string>)].flatMap((shard) => [
        ...(pair.from === null ? [] : [{ treeish: pair.from, shard }]),
        { treeish: pair.to, shard },
      ]),
    ),
  );
  return {
    specs: states.specs,
    answer(objects) {
      const stateOf = states.answer(objects);
      return pairs.map((pair, index) => {
        const shards = touched[index] as Set<string>;
        const out: VirtualChange[] = [];
        for (const change of pair.changes) {
          if (shardOfPath(change.path) !== null) continue;
          out.push({
            path: change.path,
            oldOid: change.oldOid,
            newOid: change.newOid,
            oldMode: change.oldMode ?? null,
            newMode: change.newMode,
          });
        }
        for (const shard of shards) out.push(...diffShard(shard, stateOf(pair.from, shard), stateOf(pair.to, shard)));
        return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      });
    },
  };
}

/**
 * The entry paths each pair changed, for who-changed-what over many commits: a shard whose only
 * change is its bundle (what every commit of this mem is) has its two bundles read by blob id, once
 * each, and compared by lines only (no parsing, no hashing); anything else is diffed in full. Why
 * by id: `<commit>:<path>` makes cat-file read the commit and its trees again for each question
 * (a new clone's first sync: 1,000 of them took 590 ms, its 337 bundles by id 45 ms). A loose file
 * an older mem left in both trees and could not be folded (oversized, not UTF-8) may make an entry
 * named as changed when only its bundle line did: who changed it is only a label on a quarantined entry.
 */
export function planChangedPaths<T extends RawChange>(
  pairs: ReadonlyArray<ChangedPair<T>>,
  under: (path: string) => boolean,
): Plan<string[][]> {
  const byShard = pairs.map((pair) => {
    const shards = new Map<string, RawChange[]>();
    for (const change of pair.changes) {
      const shard = shardOfPath(change.path);
      if (shard !== null) shards.set(shard, [...(shards.get(shard) ?? []), change]);
    }
    return shards;
  });
  const bundleOnly = (shard: string, changes: readonly RawChange[]): RawChange | null => {
    const [change] = changes;
    return changes.length === 1 &&
      change !== undefined &&
      change.path === bundlePath(shard) &&
      regularOrNone(change.oldMode) &&
      regularOrNone(change.newMode)
      ? change
      : null;
  };
  const oids = new Set<string>();
  const full: Array<{ treeish: string; shard: string }> = [];
  pairs.forEach((pair, index) => {
    for (const [shard, changes] of byShard[index] as Map<string, RawChange[]>) {
      const change = bundleOnly(shard, changes);
      if (change === null)
        full.push(...(pair.from === null ? [] : [{ treeish: pair.from, shard }]), { treeish: pair.to, shard });
      else for (const oid of [change.oldOid, change.newOid]) if (oid !== null) oids.add(oid);
    }
  });
  const blobs = [...oids];
  const states = planStates(full);
  return {
    specs: [...blobs, ...states.specs],
    answer(objects) {
      const read = new Map<string, Buffer>();
      blobs.forEach((oid, index) => {
        const object = objects[index] ?? null;
        if (object === null || object.type !== 'blob') throw missing('blob', oid);
        read.set(oid, object.body);
      });
      const stateOf = states.answer(objects.slice(blobs.length));
      return pairs.map((pair, index) => {
        const paths: string[] = [];
        for (const change of pair.changes)
          if (shardOfPath(change.path) === null && under(change.path)) paths.push(change.path);
        for (const [shard, changes] of byShard[index] as Map<string, RawChange[]>) {
          const change = bundleOnly(shard, changes);
          if (change === null) {
            for (const virtual of diffShard(shard, stateOf(pair.from, shard), stateOf(pair.to, shard)))
              paths.push(virtual.path);
            continue;
          }
          const before = change.oldOid === null ? null : (read.get(change.oldOid) as Buffer);
          const after = change.newOid === null ? null : (read.get(change.newOid) as Buffer);
          const ids = changedBundleIds(shard, before, after);
          if (ids !== null) for (const id of ids) paths.push(entryPath(id));
          else
            for (const virtual of diffShard(shard, { bundle: before, loose: null }, { bundle: after, loose: null }))
              paths.push(virtual.path);
        }
        return paths;
      });
    },
  };
}

/** A mode of a regular file, or none (the file is added or deleted). */
function regularOrNone(mode: string | null | undefined): boolean {
  return mode === null || mode === undefined || mode === '100644' || mode === '100755';
}
