/**
 * The committed state of a repository at one commit, as the anchors see it: every file and folder
 * with its object id (from `git ls-tree -r -t`), and the text of the manifests (package.json,
 * Makefile, justfile) where asked for. A file being edited right now is not in it, by design.
 */
import { nodeCrypto } from '../lazy-builtins.js';

export type RepoObject = { type: 'blob' | 'tree'; oid: string };

export type RepoSnapshot = {
  commit: string;
  /** Every path at the commit, files and folders, without a trailing `/`. */
  objects: ReadonlyMap<string, RepoObject>;
  /** Manifest texts by path; only those read (see manifestPaths). */
  manifests: ReadonlyMap<string, string>;
};

/** Returns the objects listed by `git ls-tree -r -t -z --full-tree` output; lines it cannot read are skipped. */
export function parseLsTree(output: string): Map<string, RepoObject> {
  const objects = new Map<string, RepoObject>();
  for (const line of output.split('\0')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const [, type, oid] = line.slice(0, tab).split(' ');
    if ((type === 'blob' || type === 'tree') && oid !== undefined) objects.set(line.slice(tab + 1), { type, oid });
  }
  return objects;
}

/** The manifest files a script, make or just reference is looked up in, by the kind it serves. */
const MANIFEST_NAMES: Record<'script' | 'make' | 'just', readonly string[]> = {
  script: ['package.json'],
  make: ['Makefile', 'makefile', 'GNUmakefile'],
  just: ['justfile', 'Justfile', '.justfile'],
};

export type ManifestKind = keyof typeof MANIFEST_NAMES;

/** Returns true when `kind` is resolved by reading manifests. */
export function isManifestKind(kind: string): kind is ManifestKind {
  return kind in MANIFEST_NAMES;
}

/**
 * Returns the manifest paths of `kinds` in a snapshot, the root's first, then by depth and name.
 * Note: vendored trees (node_modules, vendor) are no one's workspace packages and are left out.
 */
export function manifestPaths(objects: ReadonlyMap<string, RepoObject>, kinds: Iterable<ManifestKind>): string[] {
  const names = new Set([...kinds].flatMap((kind) => MANIFEST_NAMES[kind]));
  if (names.size === 0) return [];
  const paths: string[] = [];
  for (const [path, object] of objects) {
    if (object.type !== 'blob' || /(?:^|\/)(?:node_modules|vendor)\//.test(path)) continue;
    if (names.has(path.slice(path.lastIndexOf('/') + 1))) paths.push(path);
  }
  const depth = (path: string) => path.split('/').length;
  return paths.sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, MAX_MANIFESTS);
}

/** More manifests than a monorepo has are not read (a repository of fixtures would cost seconds). */
const MAX_MANIFESTS = 400;

/** Returns true when manifest `path` serves `kind`. */
export function isManifestOf(path: string, kind: ManifestKind): boolean {
  return MANIFEST_NAMES[kind].includes(path.slice(path.lastIndexOf('/') + 1));
}

/** Returns a regular expression for a glob (`**` any folders, `*` within a name, `?` one character). */
export function globRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === '*' && glob[i + 1] === '*') {
      out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else out += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}/?$`);
}

/** Returns a digest of what a glob matched (path and object id of each match, in order). */
export function digestMatches(matches: ReadonlyArray<readonly [string, RepoObject]>): string {
  const hash = nodeCrypto().createHash('sha1');
  for (const [path, object] of matches) hash.update(`${path}\0${object.oid}\n`);
  return hash.digest('hex');
}
