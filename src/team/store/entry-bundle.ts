/**
 * The team ref keeps each shard's entries in one file, `entries/<xx>.jsonl` (a bundle), instead of
 * one file per entry under `entries/<xx>/`. Why: git walks every file of the team's tree twice per
 * push — the remote's connectivity check and this clone's after a fetch — and at 20,000 entries
 * that walk (256 trees, stored as deltas up to 50 deep) cost a sync ~40 ms of its ~200; with
 * bundles the tree has 256 files and the walk reads two trees.
 *
 * Everything above the store still sees one file per entry: `entries/<xx>/<id>.json` with the
 * blob id git would give that file's text (a virtual file). A bundle line is the entry's id and
 * that exact text, so a virtual file of a bundle and the loose file of an older ref are the same
 * file, and a ref whose shards are partly loose (an older mem, or one moving over) reads as one:
 * per shard, the bundle's entries overlaid by its loose files. Every write of this mem folds the
 * loose files it finds into bundles, so a ref written by older clones moves over in one commit.
 *
 * A bundle comes from the remote: each line is checked on its own; a line that is not an entry of
 * this shard becomes a virtual file with a name no entry has, which the merge quarantines as it
 * does any malformed path.
 */
import type { StoredObject } from './batch-answer.js';
import { parseTree, type TreeEntry } from './tree-object.js';
import { ENTRY_DIR, MAX_ENTRY_FILE_BYTES, blobOid, isValidId, shardOf } from './team-record.js';

export const BUNDLE_SUFFIX = '.jsonl';

const SHARD_RE = /^[0-9a-f]{2}$/;

export type TreeFile = { path: string; oid: string; mode: string; type: string };

/** `entries/<shard>.jsonl`. */
export function bundlePath(shard: string): string {
  return `${ENTRY_DIR}/${shard}${BUNDLE_SUFFIX}`;
}

/** The shard a path of the team tree belongs to: its bundle, or a file or directory in its loose directory; null for anything else. */
export function shardOfPath(path: string): string | null {
  if (!path.startsWith(`${ENTRY_DIR}/`)) return null;
  const rest = path.slice(ENTRY_DIR.length + 1);
  if (rest.length === 2 + BUNDLE_SUFFIX.length && rest.endsWith(BUNDLE_SUFFIX)) {
    const shard = rest.slice(0, 2);
    return SHARD_RE.test(shard) ? shard : null;
  }
  const slash = rest.indexOf('/');
  return slash === 2 && SHARD_RE.test(rest.slice(0, 2)) ? rest.slice(0, 2) : null;
}

/** The contents of virtual files read from bundles, by blob id: what readBlobs answers without asking git (git has no such blob). */
const virtualBlobs = new Map<string, Buffer>();

/** The bytes of a virtual file read from a bundle in this process, if any. */
export function virtualBlob(oid: string): Buffer | undefined {
  return virtualBlobs.get(oid);
}

/** One line of a bundle: an entry id of the shard and the text of its file, or a line that is not one, and why. */
type BundleLine = { id: string; text: string } | { id: null; raw: string; problem: string };

/** The lines of a bundle's bytes, each checked (a bundle not in UTF-8 is one bad line, `utf8` false). */
function bundleLines(bytes: Buffer, shard: string): BundleLine[] & { utf8?: false } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return Object.assign([{ id: null, raw: bytes.toString('latin1'), problem: 'not UTF-8 text' }] as BundleLine[], {
      utf8: false as const,
    });
  }
  const lines: BundleLine[] = [];
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const entry = parseLine(line, shard);
    if (entry.id !== null && seen.has(entry.id))
      lines.push({ id: null, raw: line, problem: 'the same id twice in its bundle' });
    else {
      if (entry.id !== null) seen.add(entry.id);
      lines.push(entry);
    }
  }
  return lines;
}

function parseLine(line: string, shard: string): BundleLine {
  // Note: a line longer than any entry file can be is not parsed at all.
  if (line.length > 2 * MAX_ENTRY_FILE_BYTES + 200)
    return {
      id: null,
      raw: line,
      problem: `oversized (${Buffer.byteLength(line)} bytes, limit ${MAX_ENTRY_FILE_BYTES})`,
    };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string')
    return { id: null, raw: line, problem: 'not a bundle line (["<id>", "<entry file>"])' };
  const [id, text] = value as [string, string];
  if (!isValidId(id)) return { id: null, raw: line, problem: 'not a valid entry id' };
  if (shardOf(id) !== shard) return { id: null, raw: line, problem: 'in the wrong shard' };
  return { id, text };
}

/** Why each bad bundle line read in this process was refused, by its virtual path. */
const badLineProblems = new Map<string, string>();

/** Why the bundle line read as the virtual file `path` is not an entry; undefined when `path` is no such line. */
export function badLineProblem(path: string): string | undefined {
  return badLineProblems.get(path);
}

/** The virtual file of a bad bundle line: a name no entry can have (classifyPath reads it as malformed), stable while the line is. */
function badLineFile(shard: string, raw: string, problem: string): TreeFile {
  const oid = blobOid(raw);
  const path = `${ENTRY_DIR}/${shard}/!line-${oid.slice(0, 12)}`;
  // Note: as virtualBlobs, kept while the process runs; a bad line is rare and each is one short string.
  badLineProblems.set(path, problem);
  return { path, oid, mode: '100644', type: 'blob' };
}

/** The virtual files of a bundle (its contents remembered for readBlobs). */
export function bundleFiles(bytes: Buffer, shard: string): TreeFile[] {
  return bundleLines(bytes, shard).map((line) => fileOfLine(shard, line));
}

function fileOfLine(shard: string, line: BundleLine): TreeFile {
  if (line.id === null) return badLineFile(shard, line.raw, line.problem);
  const oid = blobOid(line.text);
  // Note: never dropped while the process runs: git has no such blob to answer for it later. A
  // process holds what it read, at most the team's entries (~2.4 MB at 20,000).
  if (!virtualBlobs.has(oid)) virtualBlobs.set(oid, Buffer.from(line.text, 'utf8'));
  return { path: `${ENTRY_DIR}/${shard}/${line.id}.json`, oid, mode: '100644', type: 'blob' };
}

/**
 * The lines of a bundle in the form mem writes (UTF-8, each line `["<id>",` with a valid id, no
 * id twice), by id, found without parsing a line; null for any other bundle (the caller then reads
 * it line by line). In that form a line's meaning depends on that line alone, so a line both
 * bundles hold means the same in both, and a line can be read on its own.
 */
function canonicalLines(bytes: Buffer | null): Map<string, string> | null {
  const byId = new Map<string, string>();
  if (bytes === null) return byId;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const end = line.indexOf('",', 2);
    if (!line.startsWith('["') || end < 0) return null;
    const id = line.slice(2, end);
    if (!isValidId(id) || byId.has(id)) return null;
    byId.set(id, line);
  }
  return byId;
}

/** The virtual file of entry `id` in a bundle in mem's form, undefined when it holds none; null when the bundle is not in that form. */
export function bundleFileOf(bytes: Buffer | null, shard: string, id: string): TreeFile | undefined | null {
  const lines = canonicalLines(bytes);
  if (lines === null) return null;
  const line = lines.get(id);
  return line === undefined ? undefined : fileOfLine(shard, parseLine(line, shard));
}

/**
 * What a write of a shard starts from: its entries' texts by id, and the lines that are not
 * entries, kept as they are (mem never drops what it cannot read; a bundle that is not UTF-8 has
 * no line it could keep).
 */
export function bundleTexts(bytes: Buffer | null, shard: string): { texts: Map<string, string>; kept: string[] } {
  const texts = new Map<string, string>();
  const kept: string[] = [];
  if (bytes === null) return { texts, kept };
  const lines = bundleLines(bytes, shard);
  for (const line of lines) {
    if (line.id !== null) texts.set(line.id, line.text);
    else if (lines.utf8 !== false) kept.push(line.raw);
  }
  return { texts, kept };
}

/**
 * The bytes of a bundle holding `texts` (id → file text): one line per entry, by id in byte order,
 * so the same entries always give the same blob; then `kept` lines, as they were.
 */
export function serializeBundle(texts: ReadonlyMap<string, string>, kept: readonly string[] = []): string {
  const ids = [...texts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...ids.map((id) => JSON.stringify([id, texts.get(id) as string])), ...kept]
    .map((line) => `${line}\n`)
    .join('');
}

/** A shard as one commit holds it: its bundle's bytes and its loose directory's entries (null: none). */
export type ShardState = { bundle: Buffer | null; loose: TreeEntry[] | null };

/** The virtual files of a shard: the bundle's entries, overlaid by its loose files (a loose file is an older mem's newer write). */
export function shardFiles(shard: string, state: ShardState): Map<string, TreeFile> {
  const files = new Map<string, TreeFile>();
  if (state.bundle !== null) for (const file of bundleFiles(state.bundle, shard)) files.set(file.path, file);
  for (const entry of state.loose ?? []) {
    const directory = entry.mode === '40000' || entry.mode === '040000';
    // Note: a directory inside a shard holds nothing mem reads; it shows as one malformed path.
    const path = `${ENTRY_DIR}/${shard}/${entry.name}${directory ? '/' : ''}`;
    files.set(path, {
      path,
      oid: entry.oid,
      mode: directory ? '40000' : entry.mode,
      type: directory ? 'tree' : 'blob',
    });
  }
  return files;
}

/** What cat-file is asked for a shard of `treeish` (a commit or a tree id): its bundle and its loose directory. */
export function shardSpecs(treeish: string, shard: string): [string, string] {
  return [`${treeish}:${bundlePath(shard)}`, `${treeish}:${ENTRY_DIR}/${shard}`];
}

/** A shard's state from cat-file's answers to shardSpecs. */
export function shardState(bundle: StoredObject, loose: StoredObject): ShardState {
  return {
    bundle: bundle !== null && bundle.type === 'blob' ? bundle.body : null,
    loose: loose !== null && loose.type === 'tree' ? parseTree(loose.body) : null,
  };
}

export type VirtualChange = {
  path: string;
  oldOid: string | null;
  newOid: string | null;
  oldMode: string | null;
  newMode: string | null;
};

/**
 * The virtual files that differ between two states of a shard, by path. Two bundles in mem's form
 * (and no loose files) are compared by lines, and only the lines that differ are read.
 */
export function diffShard(shard: string, before: ShardState, after: ShardState): VirtualChange[] {
  const quick = before.loose === null && after.loose === null ? canonicalPair(before.bundle, after.bundle) : null;
  const old = quick !== null ? filesOfLines(shard, quick.removed) : shardFiles(shard, before);
  const now = quick !== null ? filesOfLines(shard, quick.added) : shardFiles(shard, after);
  const changes: VirtualChange[] = [];
  for (const path of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(path);
    const b = now.get(path);
    if (a !== undefined && b !== undefined && a.oid === b.oid && a.mode === b.mode) continue;
    changes.push({
      path,
      oldOid: a?.oid ?? null,
      newOid: b?.oid ?? null,
      oldMode: a?.mode ?? null,
      newMode: b?.mode ?? null,
    });
  }
  return changes;
}

/** The lines only one of two bundles in mem's form holds; null when either is not in that form. */
function canonicalPair(before: Buffer | null, after: Buffer | null): { removed: string[]; added: string[] } | null {
  const old = canonicalLines(before);
  const now = old === null ? null : canonicalLines(after);
  if (old === null || now === null) return null;
  const oldSet = new Set(old.values());
  const newSet = new Set(now.values());
  return {
    removed: [...oldSet].filter((line) => !newSet.has(line)),
    added: [...newSet].filter((line) => !oldSet.has(line)),
  };
}

function filesOfLines(shard: string, lines: readonly string[]): Map<string, TreeFile> {
  const files = new Map<string, TreeFile>();
  for (const line of lines) {
    const file = fileOfLine(shard, parseLine(line, shard));
    files.set(file.path, file);
  }
  return files;
}

/**
 * The ids whose line differs between two bundles, without parsing or hashing the lines both hold
 * (who changed what, over hundreds of commits); null when either bundle is not in mem's form or
 * names an id of another shard (then the caller diffs the shard in full).
 */
export function changedBundleIds(shard: string, before: Buffer | null, after: Buffer | null): Set<string> | null {
  const pair = canonicalPair(before, after);
  if (pair === null) return null;
  const ids = new Set<string>();
  for (const line of [...pair.removed, ...pair.added]) {
    // Note: a line in mem's form starts ["<id>", (canonicalLines checked it).
    const id = line.slice(2, line.indexOf('",', 2));
    if (shardOf(id) !== shard) return null;
    ids.add(id);
  }
  return ids;
}
