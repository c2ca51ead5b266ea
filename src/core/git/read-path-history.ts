/**
 * What git saw go: the removals (and renames) of paths, and when files were first added, read from
 * the newest commits in one `git log` and one `git show`. The one reader of a path's fate: `mem lint`
 * asks it of the paths an agent file names and cannot find, `mem check` of the committed agent
 * files' references that no longer resolve; and the package scripts and make targets git saw removed.
 */
import { spawnSync } from 'node:child_process';
import { NO_HISTORY, parsePathHistory, withRenames, type PathHistory } from './path-history.js';
import { parseRemovedScripts, parseRemovedTargets } from './script-history.js';

/** Removing commits whose renames are read (one `git show` for all). */
const MAX_RENAME_COMMITS = 20;
/** The newest commits read for removals (agent files are young; every removal judged on real checkouts was within 1,000): older history costs a walk as long as the repository's. */
const HISTORY_COMMITS = 2000;

/**
 * The removals of `paths` and the first additions of `files` in the newest commits of `at` (HEAD); none
 * without git, commits or history (a shallow clone knows only its own commits). Merges are not
 * diffed: their removals are their parents'.
 */
export function readPathHistory(
  root: string,
  paths: readonly string[],
  files: readonly string[],
  at = 'HEAD',
): PathHistory {
  if (paths.length === 0) return NO_HISTORY;
  const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const boundary = git(['rev-list', '--max-count=1', `--skip=${HISTORY_COMMITS}`, at]);
  if (boundary.status !== 0 || typeof boundary.stdout !== 'string') return NO_HISTORY;
  const oldest = boundary.stdout.trim();
  const pathspecs = [...paths, ...files].map((path) => `:(literal)${path}`);
  const log = git([
    'log',
    '--format=%x01%h %ct',
    '--name-status',
    '--no-renames',
    '--diff-filter=AD',
    oldest === '' ? at : `${oldest}..${at}`,
    '--',
    ...pathspecs,
  ]);
  if (log.status !== 0 || typeof log.stdout !== 'string') return NO_HISTORY;
  const history = parsePathHistory(log.stdout, paths, files);
  const commits = [...new Set([...history.removed.values()].map((removal) => removal.commit))].slice(
    0,
    MAX_RENAME_COMMITS,
  );
  if (commits.length === 0) return history;
  const show = git(['show', '-M', '--name-status', '--format=%x01%h %ct', ...commits]);
  return show.status === 0 && typeof show.stdout === 'string' ? withRenames(history, show.stdout) : history;
}

/**
 * The scripts (make targets) of `names` that a package.json (a Makefile) lost in the newest commits of
 * HEAD (name → removing commit): one `git log -p -G` over those files; none without git, commits or history.
 */
export function readRemovedDefinitions(
  root: string,
  kind: 'script' | 'make',
  names: readonly string[],
): ReadonlyMap<string, string> {
  if (names.length === 0) return new Map();
  const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const boundary = git(['rev-list', '--max-count=1', `--skip=${HISTORY_COMMITS}`, 'HEAD']);
  if (boundary.status !== 0 || typeof boundary.stdout !== 'string') return new Map();
  const oldest = boundary.stdout.trim();
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const log = git([
    'log',
    '-p',
    '--no-ext-diff',
    '--format=%x01%h %ct',
    '-G',
    kind === 'script' ? `"(${escaped.join('|')})"[[:space:]]*:` : `(^|[[:space:]])(${escaped.join('|')})[^:=]*:`,
    oldest === '' ? 'HEAD' : `${oldest}..HEAD`,
    '--',
    ...(kind === 'script'
      ? [':(glob)**/package.json']
      : [':(glob)**/Makefile', ':(glob)**/makefile', ':(glob)**/GNUmakefile', ':(glob)**/*.mk']),
  ]);
  if (log.status !== 0 || typeof log.stdout !== 'string') return new Map();
  return kind === 'script' ? parseRemovedScripts(log.stdout, names) : parseRemovedTargets(log.stdout, names);
}
