/**
 * References resolved against a snapshot: what each names at that commit (the path that holds it
 * and its object id), or nothing. A reference that names nothing in the repository gets no anchor
 * and is never flagged.
 */
import { posix } from 'node:path';
import type { Anchor, Reference } from './anchor.js';
import { SLASH_COMMAND_RE } from './find-references.js';
import {
  digestMatches,
  globRegExp,
  isManifestKind,
  isManifestOf,
  type RepoObject,
  type RepoSnapshot,
} from './repo-snapshot.js';

/** Returns the anchors of the references that resolve in `snapshot`, in order; never fails. */
export function resolveAnchors(references: readonly Reference[], snapshot: RepoSnapshot): Anchor[] {
  const anchors: Anchor[] = [];
  for (const reference of references) {
    const anchor = resolveReference(reference, snapshot);
    if (
      anchor !== null &&
      !anchors.some((known) => known.kind === anchor.kind && known.path === anchor.path && known.value === anchor.value)
    )
      anchors.push(anchor);
  }
  return anchors;
}

/** Returns the anchor `reference` resolves to in `snapshot`, or null when it names nothing there. */
export function resolveReference(reference: Reference, snapshot: RepoSnapshot): Anchor | null {
  const { kind, value } = reference;
  const at = (path: string | null): Anchor | null => {
    const object = path === null ? undefined : snapshot.objects.get(path);
    return path === null || object === undefined ? null : { kind, value, path, oid: object.oid };
  };
  switch (kind) {
    case 'path':
      return at(SLASH_COMMAND_RE.test(value) ? findCommand(value.slice(1), snapshot) : findPath(value, snapshot));
    case 'go-package': {
      const folder = value.replace(/^\.\//, '').replace(/\/+$/, '');
      return snapshot.objects.get(folder)?.type === 'tree' ? at(folder) : null;
    }
    case 'python-module': {
      const base = value.replace(/\./g, '/');
      const candidates = [`${base}.py`, `${base}/__init__.py`, `src/${base}.py`, `src/${base}/__init__.py`];
      return at(candidates.find((path) => snapshot.objects.get(path)?.type === 'blob') ?? null);
    }
    case 'glob': {
      const pattern = globRegExp(value.replace(/^\.\//, ''));
      const matches = [...snapshot.objects]
        .filter(([path, object]) => object.type === 'blob' && pattern.test(path))
        .sort(([a], [b]) => (a < b ? -1 : 1));
      return matches.length === 0 ? null : { kind, value, path: value, oid: digestMatches(matches) };
    }
    default:
      return isManifestKind(kind) ? at(findInManifests(kind, value, snapshot)) : null;
  }
}

/** The path `value` names: exactly, or the one path that ends with it (a name given without its folders). */
function findPath(value: string, snapshot: RepoSnapshot): string | null {
  const path = value.replace(/\/+$/, '');
  const wantsFolder = value.endsWith('/');
  const fits = (object: RepoObject | undefined) => object !== undefined && (!wantsFolder || object.type === 'tree');
  if (fits(snapshot.objects.get(path))) return path;
  let only: string | null = null;
  for (const [candidate, object] of pathsEndingWith(snapshot, path)) {
    if (!fits(object)) continue;
    if (only !== null) return null;
    only = candidate;
  }
  return only;
}

/**
 * What `/name` names: the root file or folder `name` (`/docs`), else the file or folder that
 * defines the command: a `commands/name.md` or `.toml` (Claude Code, Gemini CLI, plugins), a
 * `prompts/name.md` (Codex), a skill folder `name/` holding SKILL.md. The one nearest the root
 * wins; null when nothing defines it (a built-in such as `/compact` names nothing here).
 */
function findCommand(name: string, snapshot: RepoSnapshot): string | null {
  if (snapshot.objects.has(name)) return name;
  const commandFiles = [`${name}.md`, `${name}.toml`]
    .flatMap((file) => pathsEndingWith(snapshot, file))
    .map(([path]) => path)
    .filter((path) => /(?:^|\/)(?:commands|prompts)\/[^/]+$/.test(path));
  const skillFolders = pathsEndingWith(snapshot, `${name}/SKILL.md`).map(([path]) => posix.dirname(path));
  const depth = (path: string) => path.split('/').length;
  const defining = [...commandFiles, ...skillFolders].sort(
    (a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return defining[0] ?? null;
}

/** Paths by their last component, built once per snapshot. */
const byName = new WeakMap<RepoSnapshot, Map<string, string[]>>();

function pathsEndingWith(snapshot: RepoSnapshot, suffix: string): Array<[string, RepoObject]> {
  let index = byName.get(snapshot);
  if (index === undefined) {
    index = new Map();
    for (const path of snapshot.objects.keys()) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      const list = index.get(name);
      if (list === undefined) index.set(name, [path]);
      else list.push(path);
    }
    byName.set(snapshot, index);
  }
  const name = suffix.slice(suffix.lastIndexOf('/') + 1);
  const out: Array<[string, RepoObject]> = [];
  for (const path of index.get(name) ?? [])
    if (path.endsWith(`/${suffix}`)) out.push([path, snapshot.objects.get(path) as RepoObject]);
  return out;
}

/**
 * The manifest that defines script, make or just target `value` (`dir:target` for `make -C dir`):
 * the nearest to the root that has it, or null.
 */
function findInManifests(kind: 'script' | 'make' | 'just', value: string, snapshot: RepoSnapshot): string | null {
  const colon = kind === 'make' ? value.lastIndexOf(':') : -1;
  const folder = colon < 0 ? null : value.slice(0, colon);
  const name = colon < 0 ? value : value.slice(colon + 1);
  for (const [path, text] of snapshot.manifests) {
    if (!isManifestOf(path, kind)) continue;
    if (folder !== null && path.slice(0, path.lastIndexOf('/')) !== folder) continue;
    if (definesName(kind, text, name)) return path;
  }
  return null;
}

function definesName(kind: 'script' | 'make' | 'just', text: string, name: string): boolean {
  if (kind === 'script') {
    try {
      const scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
      return typeof scripts === 'object' && scripts !== null && Object.hasOwn(scripts, name);
    } catch {
      return false;
    }
  }
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (kind === 'make' && definesByPattern(text, name)) return true;
  // make: `name:` or `a name b:` (not `name :=`); just: `name:`, `@name:`, `name arg='x' *rest='':`, `alias name := recipe`.
  const rule =
    kind === 'make'
      ? `^(?:[^\\s:#=][^:#=]*\\s)?${escaped}(?:\\s[^:#=]*)?::?(?!=)`
      : `^(?:@?${escaped}(?:\\s[^:\\n]*)?:(?!=)|alias\\s+${escaped}\\s*:=)`;
  return new RegExp(rule, 'm').test(text);
}

/**
 * Whether a Makefile rule whose target is built from a variable or a pattern defines `name`: `test_%:`, or
 * `test_$(1):` in a `define` that `$(foreach app,$(APPS),$(eval $(call …,$(app))))` turns into `test_ex_unit:` and
 * `test_eex:`. The target's literal parts must match and each `%`, `$(…)` or `${…}` stands for any text. A target that
 * is a variable alone (`$(BUILD_DIR):`) is most often a file or a folder to make, not a family of names: it defines
 * none here. Which names make expands is not read: a name that fits is taken as defined.
 */
function definesByPattern(text: string, name: string): boolean {
  for (const match of text.matchAll(/^([^\s:#=][^:#=\n]*?)\s*::?(?!=)/gm))
    for (const target of match[1]!.split(/\s+/)) {
      if (!/[%$]/.test(target)) continue;
      const parts = target.split(/(%|\$\([^)]*\)|\$\{[^}]*\})/);
      if (parts.every((part, index) => index % 2 === 1 || part === '')) continue;
      const pattern = parts
        .map((part, index) => (index % 2 === 1 ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      if (new RegExp(`^${pattern}$`).test(name)) return true;
    }
  return false;
}
