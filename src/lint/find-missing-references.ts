/**
 * References that no longer resolve, read by the anchor engine's finder (core/anchors/find-references.ts)
 * and, for commands, resolved by its resolver (core/anchors/resolve-anchors.ts) against the working
 * tree's manifests:
 * - `missing-path`: a path with a "/" whose first part exists, relative to the repository root or
 *   to the file, that is not in the working tree (package names, `org/repo` and paths of other
 *   machines are left alone);
 * - `missing-script` / `missing-target`: a package script (`npm run X`, `pnpm X`…) or a make or
 *   just target written as code (a code span or block: in prose "make sure" is English) that no
 *   package.json, Makefile or justfile of the repository defines, when the repository has one.
 * (The engine's rename detection, against a commit's tree, would also say where a file went: not used.)
 */
import { posix } from 'node:path';
import type { LintFinding } from './lint-report.js';
import type { LintDocument, LintSource } from './lint-document.js';
import { findRepositoryPaths } from '../core/text/repository-paths.js';
import { findReferences } from '../core/anchors/find-references.js';
import { resolveReference } from '../core/anchors/resolve-anchors.js';
import { isManifestKind, isManifestOf, type ManifestKind, type RepoSnapshot } from '../core/anchors/repo-snapshot.js';

/** The working tree as the check reads it: existence of repository-relative paths, and the manifests with their text. */
export type ReferenceView = {
  exists: (path: string) => boolean;
  manifests: ReadonlyMap<string, string>;
  /** Which of the repository-relative paths git ignores (build output, per-user settings): asked once, for all. */
  ignored: (paths: readonly string[]) => ReadonlySet<string>;
};

/** Returns a finding per referenced path, script or target that does not resolve in `view`; never throws. */
export function findMissingReferences(sources: readonly LintSource[], view: ReferenceView): LintFinding[] {
  // The engine's resolver answers with the manifest that defines a command, so the manifests are the snapshot's objects.
  const snapshot: RepoSnapshot = {
    commit: '',
    objects: new Map([...view.manifests.keys()].map((path) => [path, { type: 'blob', oid: '' }])),
    manifests: view.manifests,
  };
  const has = (kind: ManifestKind) => [...view.manifests.keys()].some((path) => isManifestOf(path, kind));
  const dependencies = dependencyNames(view.manifests);
  const out: LintFinding[] = [];
  // Missing paths wait for one question to git: which of them it ignores.
  const missing: { path: string; at: number; finding: LintFinding }[] = [];
  for (const source of sources) {
    const seen = new Set<string>();
    for (const doc of source.documents) {
      for (const reference of findRepositoryPaths(doc.text)) {
        if (seen.has(reference)) continue;
        seen.add(reference);
        const path = missingPath(reference, source.path, view.exists);
        if (path !== null && !isNoFileMeant(reference, doc.text, view.exists))
          missing.push({
            path,
            at: out.length,
            finding: {
              code: 'missing-path',
              level: 'warning',
              file: source.path,
              line: doc.line,
              message: `${reference} does not exist in the repository: the agent is sent to a file that is gone`,
            },
          });
      }
      for (const reference of commandsWrittenAsCode(doc)) {
        const key = `${reference.kind}:${reference.value}`;
        // `npm start` / `pnpm start` with no start script runs `node server.js`: no command fails.
        if (
          seen.has(key) ||
          !has(reference.kind) ||
          (reference.kind === 'script' && (reference.value === 'start' || dependencies.has(reference.value)))
        )
          continue;
        seen.add(key);
        if (resolveReference(reference, snapshot) !== null) continue;
        const [code, what, where] =
          reference.kind === 'script'
            ? ['missing-script', 'the script', 'package.json']
            : reference.kind === 'make'
              ? ['missing-target', 'the make target', 'Makefile']
              : ['missing-target', 'the just recipe', 'justfile'];
        out.push({
          code,
          level: 'warning',
          file: source.path,
          line: doc.line,
          message: `${what} ${reference.value} is defined in no ${where} of the repository: the agent is told to run a command that fails`,
        });
      }
    }
  }
  const ignored = missing.length === 0 ? new Set<string>() : view.ignored(missing.map((entry) => entry.path));
  const paths = missing.filter((entry) => !ignored.has(entry.path) && !isBuildOutput(entry.path));
  return [...paths.map((entry) => entry.finding), ...out];
}

/**
 * The packages the repository depends on: `pnpm turbo`, `yarn vitest` run a dependency's binary when
 * no script has the name. (A binary named unlike its package, `tsc` of typescript, is still read as a script.)
 */
function dependencyNames(manifests: ReadonlyMap<string, string>): Set<string> {
  const names = new Set<string>();
  for (const [path, text] of manifests) {
    if (!path.endsWith('package.json')) continue;
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
        const deps = parsed[field];
        if (deps !== null && typeof deps === 'object') for (const name of Object.keys(deps)) names.add(name);
      }
    } catch {
      // A package.json that is no JSON names no dependency.
    }
  }
  return names;
}

/**
 * Returns the repository-relative path `reference` would be when it is missing, or null. Git's own
 * files (hooks, info/exclude) are made per clone; a name without a folder says too little to call missing.
 */
function missingPath(reference: string, file: string, exists: (path: string) => boolean): string | null {
  if (reference.startsWith('.git/') || !reference.includes('/')) return null;
  const bases =
    reference.startsWith('./') || reference.startsWith('../') ? [posix.dirname(file)] : ['.', posix.dirname(file)];
  const candidates = bases
    .map((base) => posix.normalize(posix.join(base, reference)))
    .filter((path) => !path.startsWith('..'));
  if (candidates.length === 0 || candidates.some((path) => exists(path))) return null;
  // Only a path into a folder the repository has: `org/repo`, `feature/x` or a path on another machine says nothing here.
  const top = reference.replace(/^\/+/, '').split('/')[0] ?? '';
  const base = bases.find((b) => exists(posix.normalize(posix.join(b, top))));
  return base === undefined ? null : posix.normalize(posix.join(base, reference.replace(/^\/+/, '')));
}

/** Folders that builds and installs make: named by a file, they are there after a build, not before. */
const BUILD_OUTPUT = new Set(['dist', 'build', 'node_modules', 'storybook-static', 'coverage', '.next', '__pycache__']);

const isBuildOutput = (path: string) => path.split('/').some((part) => BUILD_OUTPUT.has(part));

/** Stems of made-up file names: `tests/path/to/test.py`, `foo.ts`, `test_specific_file.py`. */
const PLACEHOLDER_WORDS = new Set([
  'path',
  'foo',
  'bar',
  'baz',
  'qux',
  'example',
  'placeholder',
  'your',
  'my',
  'some',
  'specific',
  'xxx',
]);

/**
 * Whether a missing `reference` in `text` names no file anyone means to be there: a placeholder, an
 * example ("e.g."), a negated mention ("ships no `x`"), two sibling folders as alternatives
 * ("web/worker logs"), or a `module.symbol` whose module exists.
 */
function isNoFileMeant(reference: string, text: string, exists: (path: string) => boolean): boolean {
  const parts = reference
    .replace(/^\.?\/+/, '')
    .replace(/\/$/, '')
    .split('/');
  const words = parts.flatMap((part) =>
    part
      .replace(/\.[^.]*$/, '')
      .toLowerCase()
      .split(/[-_.]+/),
  );
  if (
    words.some((word) => PLACEHOLDER_WORDS.has(word)) ||
    /[-_]file$/i.test(parts.at(-1)?.replace(/\.[^.]*$/, '') ?? '')
  )
    return true;
  const at = text.indexOf(reference);
  const before = at < 0 ? '' : text.slice(Math.max(0, at - 40), at);
  if (/\b(e\.g\.|eg\.|for example|for instance|such as)[^.;\n]*$/i.test(before)) return true;
  if (/\b(no|without)\s*[`'"*]*$/i.test(before)) return true;
  const last = parts.at(-1) ?? '';
  if (parts.length === 2 && !reference.endsWith('/') && posix.extname(last) === '' && exists(parts[0]!) && exists(last))
    return true;
  const dot = reference.lastIndexOf('.');
  if (dot > reference.lastIndexOf('/')) {
    const module = reference.slice(0, dot);
    if (exists(module) || SOURCE_EXTENSIONS.some((ext) => exists(`${module}${ext}`))) return true;
  }
  return false;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.py', '.go', '.rs', '.rb', '.java', '.kt'];

/** The script, make and just references of `doc` that are written as code: the whole of a code block, the code spans of other text. */
function commandsWrittenAsCode(doc: LintDocument): { kind: ManifestKind; value: string }[] {
  const pieces = doc.code === true ? [doc.text] : [...doc.text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
  return pieces.flatMap((piece) =>
    findReferences(piece).flatMap((reference) =>
      isManifestKind(reference.kind) ? [{ kind: reference.kind, value: reference.value }] : [],
    ),
  );
}
