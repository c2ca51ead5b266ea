/**
 * What git saw go: the removals (and renames) of paths, and when files were first added, read from
 * the newest commits in one `git log` and one `git show`. The one reader of a path's fate: `mem lint`
 * asks it of the paths an agent file names and cannot find, `mem check` of the committed agent
 * files' references that no longer resolve; and the package scripts and make targets git saw removed.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { escapeRegExp } from '../text/escape-regexp.js';
import { NO_HISTORY, parsePathHistory, withRenames, type PathHistory } from './path-history.js';
import {
  parseRemovedScripts,
  parseRemovedTargets,
  splitManifestLog,
  type DefinitionNames,
  type RemovedDefinitions,
} from './script-history.js';

/** Removing commits whose renames are read (one `git show` for all). */
const MAX_RENAME_COMMITS = 20;
/** The newest commits read for removals (agent files are young; every removal judged on real checkouts was within 1,000): older history costs a walk as long as the repository's. */
const HISTORY_COMMITS = 2000;

type Git = (args: string[]) => SpawnSyncReturns<string>;

function gitIn(root: string): Git {
  return (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The revision range of the newest HISTORY_COMMITS commits of `at`; null without git or commits. */
function recentCommits(git: Git, at: string): string | null {
  const boundary = git(['rev-list', '--max-count=1', `--skip=${HISTORY_COMMITS}`, at]);
  if (boundary.status !== 0 || typeof boundary.stdout !== 'string') return null;
  const oldest = boundary.stdout.trim();
  return oldest === '' ? at : `${oldest}..${at}`;
}

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
  const git = gitIn(root);
  const range = recentCommits(git, at);
  if (range === null) return NO_HISTORY;
  const pathspecs = [...paths, ...files].map((path) => `:(literal)${path}`);
  const log = git([
    'log',
    '--format=%x01%h %ct',
    '--name-status',
    '--no-renames',
    '--diff-filter=AD',
    range,
    '--',
    ...pathspecs,
  ]);
  if (log.status !== 0 || typeof log.stdout !== 'string') return NO_HISTORY;
  const history = parsePathHistory(log.stdout, paths, files);
  // The removing commits first; then the earlier drains of drained folders, to tell a queue filed away each time
  // from a folder moved once (path-history.ts).
  const removals = [...history.removed.values()];
  const commits = [
    ...new Set([
      ...removals.map((removal) => removal.commit),
      ...removals.flatMap((removal) => (removal.drainedIn === undefined ? [] : [removal.drainedIn])),
    ]),
  ].slice(0, MAX_RENAME_COMMITS);
  if (commits.length === 0) return history;
  const show = git(['show', '-M', '--name-status', '--format=%x01%h %ct', ...commits]);
  return show.status === 0 && typeof show.stdout === 'string' ? withRenames(history, show.stdout) : history;
}

/**
 * A path named whole in a text (an extended regular expression for git): not the tail of a longer path (`cli/src/`)
 * nor the start of a path into it (`src/cli.mts` is no mention of `src/` alone); `./` or a root `/` may lead, and
 * any mark but a name's may follow, a sentence's full stop too.
 */
function wholePathPattern(path: string): string {
  return `(^|[^A-Za-z0-9_.~/-])(\\.?/)?${escapeRegExp(path)}($|[^A-Za-z0-9_.-]|\\.($|[^A-Za-z0-9_-]))`;
}

/**
 * When `file` first held `text` at its path (commit time, seconds): the oldest commit of the newest ones that
 * changed how often the file says it (`git log -S`); with `asPath`, how often it names the path `text` whole
 * (wholePathPattern). A line edited later for another reason keeps its first time.
 * Renames are not followed: the caller asks only of a file that was at its path before what it compares with.
 * Undefined without git, commits or such a commit.
 */
export function readFirstNamed(
  root: string,
  file: string,
  text: string,
  { asPath = false, at = 'HEAD' }: { asPath?: boolean; at?: string } = {},
): number | undefined {
  const git = gitIn(root);
  const range = recentCommits(git, at);
  if (range === null || text === '') return undefined;
  const pickaxe = asPath ? [`-S${wholePathPattern(text)}`, '--pickaxe-regex'] : [`-S${text}`];
  const log = git(['log', '--format=%ct', ...pickaxe, range, '--', file]);
  if (log.status !== 0 || typeof log.stdout !== 'string') return undefined;
  const oldest = log.stdout.trim().split('\n').at(-1) ?? '';
  return oldest === '' ? undefined : Number(oldest);
}

/**
 * Files whose rules make reads: a Makefile under its three names, `*.mk` and `Makefile.<part>`, the fragments a Makefile
 * split into includes (set 144's thingino-firmware: `include $(BR2_EXTERNAL)/Makefile.targets`, the commit that split
 * the Makefile moved `update:` and `fast:` there). A rule moved into one is added by the commit that removed it.
 */
const MAKEFILES = [
  ':(glob)**/Makefile',
  ':(glob)**/makefile',
  ':(glob)**/GNUmakefile',
  ':(glob)**/*.mk',
  ':(glob)**/Makefile.*',
];

/**
 * The scripts (make targets) of `names` that a package.json (a Makefile) lost in the newest commits of
 * HEAD (name → removing commit): one `git log -p -G` over those files for both kinds, its pattern the
 * alternation of each kind's (git keeps one -G; a file's diff the other kind's pattern let in adds no
 * line its own parser reads for its names); none without git, commits or history.
 */
export function readRemovedDefinitions(root: string, names: DefinitionNames): RemovedDefinitions {
  const none: RemovedDefinitions = { script: new Map(), make: new Map() };
  if (names.script.length === 0 && names.make.length === 0) return none;
  const git = gitIn(root);
  const range = recentCommits(git, 'HEAD');
  if (range === null) return none;
  const alternation = (list: readonly string[]) =>
    list.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const patterns: string[] = [];
  const pathspecs: string[] = [];
  if (names.script.length > 0) {
    patterns.push(`"(${alternation(names.script)})"[[:space:]]*:`);
    pathspecs.push(':(glob)**/package.json');
  }
  if (names.make.length > 0) {
    patterns.push(`(^|[[:space:]])(${alternation(names.make)})[^:=]*:`);
    pathspecs.push(...MAKEFILES);
  }
  const pattern = patterns.length === 1 ? (patterns[0] ?? '') : patterns.map((one) => `(${one})`).join('|');
  const log = git(['log', '-p', '--no-ext-diff', '--format=%x01%h %ct', '-G', pattern, range, '--', ...pathspecs]);
  if (log.status !== 0 || typeof log.stdout !== 'string') return none;
  const split = splitManifestLog(log.stdout);
  return {
    script: names.script.length === 0 ? none.script : parseRemovedScripts(split.script, names.script),
    make: names.make.length === 0 ? none.make : parseRemovedTargets(split.make, names.make),
  };
}
