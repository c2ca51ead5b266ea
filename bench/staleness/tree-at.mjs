// A read-only view of one commit of a mirrored repository, for the staleness set's labeller: the
// paths of the tree (files and folders with their object ids), the package.json scripts, the make
// and just targets. Reads git once per commit (ls-tree, one cat-file batch), nothing else.
import { execFileSync } from 'node:child_process';
import { posix } from 'node:path';

const git = (gitDir, args, input = '') =>
  execFileSync('git', ['--git-dir', gitDir, ...args], {
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['pipe', 'pipe', 'ignore'],
  });

/** Blob texts by object id (one `git cat-file --batch`). */
export function readBlobs(gitDir, oids) {
  const unique = [...new Set(oids)];
  if (unique.length === 0) return new Map();
  const out = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
    input: `${unique.join('\n')}\n`,
    maxBuffer: 1 << 30,
  });
  const texts = new Map();
  let at = 0;
  for (const oid of unique) {
    const headerEnd = out.indexOf(10, at);
    const [, type, size] = out.subarray(at, headerEnd).toString('utf8').split(' ');
    const start = headerEnd + 1;
    const length = type === 'missing' ? 0 : Number(size);
    texts.set(oid, type === 'blob' ? out.subarray(start, start + length).toString('utf8') : '');
    at = start + length + (type === 'missing' ? 0 : 1);
  }
  return texts;
}

const SCRIPT_FILES = /(^|\/)package\.json$/;
const MAKE_FILES = /(^|\/)(GNUmakefile|makefile|Makefile)$/;
const JUST_FILES = /(^|\/)(justfile|Justfile|\.justfile)$/;
const VENDORED = /(^|\/)(node_modules|vendor|third_party|\.git)\//;

/** Targets a Makefile defines (rule heads, not variable assignments or pattern rules). */
export function makeTargets(text) {
  const targets = new Set();
  for (const line of text.split('\n')) {
    const head = /^([A-Za-z0-9_.\-/ ]+?)\s*::?(?!=)/.exec(line);
    if (!head || line.startsWith('\t')) continue;
    for (const name of head[1].trim().split(/\s+/)) if (!name.startsWith('.') && !name.includes('%')) targets.add(name);
  }
  return targets;
}

/** Recipes a justfile defines. */
export function justRecipes(text) {
  const recipes = new Set();
  for (const line of text.split('\n')) {
    const head = /^@?([A-Za-z0-9_-]+)(?:\s+[^:]*)?:(?!=)/.exec(line);
    if (head) recipes.add(head[1]);
  }
  return recipes;
}

/** Everything the labeller needs to know about one commit. */
export function treeAt(gitDir, commit) {
  const entries = new Map();
  for (const line of git(gitDir, ['ls-tree', '-r', '-t', '--full-tree', commit]).split('\n')) {
    const match = /^\d+ (blob|tree|commit) ([0-9a-f]+)\t(.*)$/.exec(line);
    if (match) entries.set(unquote(match[3]), { type: match[1] === 'tree' ? 'tree' : 'blob', oid: match[2] });
  }
  const wanted = [...entries].filter(
    ([path, e]) =>
      e.type === 'blob' &&
      !VENDORED.test(path) &&
      (SCRIPT_FILES.test(path) || MAKE_FILES.test(path) || JUST_FILES.test(path)),
  );
  const texts = readBlobs(
    gitDir,
    wanted.map(([, e]) => e.oid),
  );
  /** script name -> Map(package.json path -> command) */
  const scripts = new Map();
  /** Makefile / justfile path -> Set of targets */
  const targets = new Map();
  /** manifest path -> text (package.json, Makefile, justfile) */
  const manifests = new Map();
  for (const [path, entry] of wanted) {
    const text = texts.get(entry.oid) ?? '';
    manifests.set(path, text);
    if (SCRIPT_FILES.test(path)) {
      let parsed = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      for (const [name, command] of Object.entries(parsed?.scripts ?? {})) {
        if (!scripts.has(name)) scripts.set(name, new Map());
        scripts.get(name).set(path, String(command));
      }
    } else targets.set(path, MAKE_FILES.test(path) ? makeTargets(text) : justRecipes(text));
  }
  const byBase = new Map();
  for (const [path, entry] of entries) {
    const base = posix.basename(path);
    if (!byBase.has(base)) byBase.set(base, []);
    byBase.get(base).push({ path, ...entry });
  }
  return { commit, entries, scripts, targets, byBase, manifests };
}

/** git quotes unusual paths in ls-tree output. */
function unquote(path) {
  if (!path.startsWith('"')) return path;
  return JSON.parse(
    path.replace(/\\([0-7]{3})/g, (_, oct) => `\\u00${Number.parseInt(oct, 8).toString(16).padStart(2, '0')}`),
  );
}

/** Blob ids of `oids` the mirror does not hold (snapshots leave out files of 4 MiB and more). */
export function missingObjects(gitDir, oids) {
  const unique = [...new Set(oids)];
  if (unique.length === 0) return new Set();
  const out = git(gitDir, ['cat-file', '--batch-check'], `${unique.join('\n')}\n`);
  return new Set(
    out
      .split('\n')
      .filter((line) => line.endsWith(' missing'))
      .map((line) => line.split(' ')[0]),
  );
}

/**
 * Paths renamed between two commits by git's rename detection (old -> new), files only. Blobs the
 * mirror lacks are left out of the comparison (git cannot read them), the rest is git's own -M.
 */
export function renamesBetween(gitDir, from, to) {
  const changed = git(gitDir, ['diff', '--no-renames', '--raw', '-z', '--abbrev=40', from, to]).split('\0');
  const paths = [];
  const oids = [];
  for (let i = 0; i + 1 < changed.length; i += 2) {
    const [, , before, after, status] = changed[i].split(' ');
    if (status !== 'A' && status !== 'D') continue;
    paths.push(changed[i + 1]);
    oids.push(status === 'A' ? after : before);
  }
  const missing = missingObjects(gitDir, oids);
  const wanted = paths.filter((_, i) => !missing.has(oids[i]));
  const renames = new Map();
  if (wanted.length === 0) return renames;
  // Literal pathspecs on the command line: this git (2.39) has no --pathspec-from-file for diff.
  const out = execFileSync(
    'git',
    ['--git-dir', gitDir, 'diff', '-M', '-l0', '--name-status', '--diff-filter=R', '-z', from, to, '--', ...wanted],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      env: { ...process.env, GIT_LITERAL_PATHSPECS: '1' },
    },
  );
  const parts = out.split('\0');
  for (let i = 0; i + 2 < parts.length; i += 3) if (parts[i].startsWith('R')) renames.set(parts[i + 1], parts[i + 2]);
  return renames;
}
