/**
 * Twin runs of the team sync: the same state synced twice, once with the incremental merge
 * allowed and once with `incremental: false` (the full merge), and everything the two leave
 * behind, read back for comparison. The incremental merge is only trustworthy if, on every state,
 * it leaves exactly what the full merge leaves.
 *
 * A scenario is one directory holding a bare remote and two initialised clones (alice, bob), so a
 * whole team state is copied with one `cp -a` (the copy's clones, and any linked worktree under
 * the root, are pointed at the copy's own remote and at each other). Use from a focused test:
 *
 *   const { a, b } = await twinSync((team) => { addEntry(team.alice, 'x1', 'One new entry.'); });
 *   expectTwinsAgree({ a, b });                 // b.state toEqual a.state, with a readable diff
 *   expect(a.report?.merge).toBe('incremental');
 *
 * or, to twin several steps of one history, `makeTwinScenario()`, then prepare and
 * `twinRun(scenario, { who })` as often as needed; `syncInProcess` is a plain (untwinned) sync for
 * the steps in between. Call `cleanupTempDirs()` and `removeTwinTemplate()` in afterAll.
 *
 * Side a runs in the scenario's own directory and side b in a `cp -a` copy. Why not two copies: a
 * copy keeps mtimes but gets new inodes and ctimes, so every file stamp mem recorded (render stamp,
 * committed stamp) stops holding there; an incremental path that trusts its stamps would always
 * fall back in a copy. Side a keeps them, as a real clone would; side b's merge is the full one
 * anyway. After a twin run the scenario (side a) goes on, so a test can prepare and twin again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { expect } from 'vitest';
import { teamStorePath } from '../../src/core/git/team-store-location.js';
import { syncTeamMemory, type SyncOptions, type SyncReport } from '../../src/team/sync.js';
import { git, makeTempDir, runMem, testEnv } from './temp-repo.js';

/** Whose sync: a clone, or any other working tree under the scenario's root by its directory name (a linked worktree). */
export type Clone = 'alice' | 'bob' | (string & {});
/** One team state on disk: `root` holds `remote.git`, `alice` and `bob`. */
export type TwinScenario = { root: string; remote: string; alice: string; bob: string };

/** What one side of a twin run left behind, with paths made copy-independent (compare with toEqual). */
export type TwinState = {
  /** Every file under the synced clone's .memory/ and .claude/ (locks left out), stamps stripped. */
  files: Record<string, string>;
  /** Every ref and its commit (as `for-each-ref` lists them) of the clone's team store (team ref as fetched, base ref), and of the remote. */
  storeRefs: string;
  remoteRefs: string;
  /** The clone's own files outside .git/, .memory/ and .claude/ (CLAUDE.md, .gitignore…): sync never writes a tracked file. */
  tracked: Record<string, string>;
  /** The sync's report without `merge` (which names the path taken, the one thing allowed to differ), or what it threw. */
  report: unknown;
};

export type TwinSide = { dir: TwinScenario; report: SyncReport | null; state: TwinState };
export type Twins = { a: TwinSide; b: TwinSide };

export type TwinOptions = {
  /** Whose sync is twinned (default alice). */
  who?: Clone;
  /** Passed to both sides so their commits are identical; default: this second. */
  now?: Date;
  /** More sync options for both sides (`incremental` is set per side). */
  sync?: Omit<SyncOptions, 'incremental' | 'now'>;
  /** Changes side b's copy before its sync: only for proving the comparison sees a difference. */
  tamperWithB?: (copy: TwinScenario) => void;
};

/** How many twin runs there were in this process, and in how many side a took the incremental merge. */
export const twinCounts = { runs: 0, incremental: 0 };

let template: string | null = null;

/**
 * Returns a new scenario: a bare remote seeded with main, Alice's clone with mem set up (committed
 * and pushed, as the README says), Bob's clone of that with `mem init` too. Built once per process
 * and copied (mem init is the slow part).
 */
export function makeTwinScenario(): TwinScenario {
  // Note: built again when gone (a cleanup of the temp directory between tests removes it too).
  if (template === null || !existsSync(template)) template = buildTemplate();
  return copyScenario(scenarioAt(template), makeTempDir('mem-twin-'));
}

/** Removes the template scenarios are copied from (cleanupTempDirs leaves it, so a test may clean up between cases). */
export function removeTwinTemplate(): void {
  if (template !== null) rmSync(dirname(template), { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  template = null;
}

function buildTemplate(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'mem-twin-template-')), 'team');
  mkdirSync(root);
  const remote = join(root, 'remote.git');
  git(root, ['init', '-q', '--bare', '-b', 'main', remote]);
  for (const user of ['alice', 'bob'] as const) {
    git(root, ['clone', '-q', remote, user]);
    const dir = join(root, user);
    git(dir, ['config', 'user.name', user]);
    git(dir, ['config', 'user.email', `${user}@example.com`]);
    if (user === 'alice') {
      git(dir, ['commit', '-q', '--allow-empty', '-m', 'initial']);
      expectOk(runMem(['init', '--yes'], { cwd: dir }), 'alice: mem init');
      git(dir, ['add', '-A']);
      git(dir, ['commit', '-q', '-m', 'Set up mem']);
      git(dir, ['push', '-q', '--no-verify', 'origin', 'main']);
    } else {
      expectOk(runMem(['init', '--yes'], { cwd: dir }), 'bob: mem init');
    }
  }
  // Note: git's sample hooks are a quarter of the files every twin run copies, and nothing runs them.
  for (const hooks of [join(remote, 'hooks'), join(root, 'alice', '.git', 'hooks'), join(root, 'bob', '.git', 'hooks')]) {
    for (const name of readdirSync(hooks)) if (name.endsWith('.sample')) rmSync(join(hooks, name));
  }
  return root;
}

function expectOk(result: { status: number; stdout: string; stderr: string }, what: string): void {
  expect(result.status, `${what}\n${result.stdout}\n${result.stderr}`).toBe(0);
}

function treeOf(scenario: TwinScenario, who: Clone): string {
  if (who === 'alice') return scenario.alice;
  if (who === 'bob') return scenario.bob;
  return join(scenario.root, who);
}

function scenarioAt(root: string): TwinScenario {
  return { root, remote: join(root, 'remote.git'), alice: join(root, 'alice'), bob: join(root, 'bob') };
}

/** Copies the whole scenario (`cp -a`: mtimes kept) into `parent` and points the clones' origin at the copy's remote (an offline url is left as it is). */
export function copyScenario(from: TwinScenario, parent: string): TwinScenario {
  const root = join(parent, 'team');
  execFileSync('cp', ['-a', from.root, root]);
  const to = scenarioAt(root);
  // Note: a linked worktree and its clone name each other by absolute path (`.git` file, `gitdir`).
  for (const user of ['alice', 'bob'] as const) {
    const worktrees = join(to[user], '.git', 'worktrees');
    for (const name of existsSync(worktrees) ? readdirSync(worktrees) : []) {
      const back = join(worktrees, name, 'gitdir');
      const tree = dirname(readFileSync(back, 'utf8').trim());
      const moved = join(root, relative(from.root, tree));
      writeFileSync(back, `${join(moved, '.git')}\n`);
      writeFileSync(join(moved, '.git'), `gitdir: ${join(to[user], '.git', 'worktrees', name)}\n`);
    }
  }
  for (const user of ['alice', 'bob'] as const) {
    // Note: the config edited as text, as `git remote set-url` would: four git processes per copy fewer.
    const config = join(to[user], '.git', 'config');
    const text = readFileSync(config, 'utf8');
    const next = text.replace(`\turl = ${from.remote}\n`, `\turl = ${to.remote}\n`);
    if (next !== text) writeFileSync(config, next);
    // A copy still pushing to the original's remote would hide every difference in what it pushes.
    if (next.includes(from.remote)) throw new Error(`${config} still names ${from.remote}`);
  }
  return to;
}

/**
 * Runs one sync of `who` on the state `scenario` is in, twice: side a in the scenario (incremental
 * allowed), side b in a copy taken just before (`incremental: false`), and reads back what each
 * left. Never asserts; see expectTwinsAgree.
 */
export async function twinRun(scenario: TwinScenario, options: TwinOptions = {}): Promise<Twins> {
  const who = options.who ?? 'alice';
  const now = options.now ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const copy = copyScenario(scenario, makeTempDir('mem-twin-b-'));
  options.tamperWithB?.(copy);
  const a = await runSide(scenario, who, { ...options.sync, now, retryDelayMs: () => 0 });
  const b = await runSide(copy, who, { ...options.sync, now, retryDelayMs: () => 0, incremental: false });
  twinCounts.runs += 1;
  if (a.report?.merge === 'incremental') twinCounts.incremental += 1;
  return { a, b };
}

/** A fresh scenario, prepared by `prepare`, then one twin run (of alice's sync unless `options.who`). */
export async function twinSync(prepare: (team: TwinScenario) => void | Promise<void>, options: TwinOptions = {}): Promise<Twins> {
  const scenario = makeTwinScenario();
  await prepare(scenario);
  return twinRun(scenario, options);
}

/** Asserts both sides left the same bytes everywhere (a diff of the first difference on failure). */
export function expectTwinsAgree(twins: Twins, label = ''): void {
  expect(twins.b.state, `${label}: the full merge (b) left something else than the incremental one (a)`).toEqual(twins.a.state);
}

async function runSide(scenario: TwinScenario, who: Clone, options: SyncOptions): Promise<TwinSide> {
  const dir = treeOf(scenario, who);
  let report: SyncReport | null = null;
  let thrown: string | null = null;
  try {
    report = await inTestEnv(() => syncTeamMemory(dir, options));
  } catch (error) {
    thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  const roots = rootForms(scenario.root);
  const clean = (text: string) => roots.reduce((acc, form) => acc.split(form).join('<scenario>'), text);
  let shown: unknown = { thrown: thrown === null ? null : clean(thrown) };
  if (report !== null) {
    const rest: Partial<SyncReport> = { ...report };
    delete rest.merge;
    shown = JSON.parse(clean(JSON.stringify(rest))) as unknown;
  }
  return { dir: scenario, report, state: readState(scenario, who, clean, shown) };
}

/** The scenario root as it may appear in text (as given and resolved), longest first. */
function rootForms(root: string): string[] {
  const forms = new Set([root, realpathSync(root)]);
  return [...forms].sort((x, y) => y.length - x.length);
}

function readState(scenario: TwinScenario, who: Clone, clean: (text: string) => string, report: unknown): TwinState {
  const dir = treeOf(scenario, who);
  const files: Record<string, string> = {};
  for (const top of ['.memory', '.claude']) {
    for (const file of walk(join(dir, top))) files[relative(dir, file)] = normalise(file, clean(readFileSync(file, 'utf8')));
  }
  const tracked: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (name === '.git' || name === '.memory' || name === '.claude') continue;
    for (const file of walk(join(dir, name))) tracked[relative(dir, file)] = clean(readFileSync(file, 'utf8'));
  }
  const store = teamStorePath(dir);
  return { files, storeRefs: existsSync(store) ? refs(store) : '(no store)', remoteRefs: refs(scenario.remote), tracked, report };
}

/**
 * Every ref of a bare repository and the commit it names, as `for-each-ref` lists them, read from
 * the ref files (loose, then packed-refs) so that no git process is started: a twin file starts
 * thousands, each a fork of this large test process.
 */
function refs(gitDir: string): string {
  const found = new Map<string, string>();
  const packed = join(gitDir, 'packed-refs');
  if (existsSync(packed)) {
    for (const line of readFileSync(packed, 'utf8').split('\n')) {
      const match = /^([0-9a-f]{40}) (refs\/\S+)$/.exec(line);
      if (match) found.set(match[2] as string, match[1] as string);
    }
  }
  for (const file of walk(join(gitDir, 'refs'))) found.set(relative(gitDir, file).split(sep).join('/'), readFileSync(file, 'utf8').trim());
  return [...found.entries()]
    .filter(([name]) => !name.startsWith('refs/mem/tmp/'))
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([name, oid]) => `${oid} ${name}`)
    .join('\n');
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) return [dir];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      // Note: lock files exist only while a command runs; their directory's leftovers are not state.
      if (name !== 'locks') out.push(...walk(full));
    } else out.push(full);
  }
  return out;
}

const STAMP = /^(absent|\d+:\d+:\d+:\d+)$/;

/**
 * File stamps (size, times, inode) and the time they were taken differ between a directory and
 * its copy by construction, and say nothing about what a merge produced: they are dropped from
 * JSON files. Everything else is compared as it is.
 */
function normalise(file: string, text: string): string {
  if (!file.endsWith('.json')) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  // Note: the sync snapshot's `text` is the stat of its text file (inode, times), which two twins never share.
  if (file.endsWith('team-synced.json') && parsed !== null && typeof parsed === 'object') delete (parsed as Record<string, unknown>)['text'];
  return `${JSON.stringify(stripStamps(parsed), null, 1)}\n`;
}

function stripStamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripStamps);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const files = record['files'];
  const isStampSet = files !== null && typeof files === 'object' && !Array.isArray(files) && Object.values(files).every((v) => typeof v === 'string' && STAMP.test(v));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) {
    if (key === 'stamps') continue;
    if (isStampSet && (key === 'files' || key === 'at')) continue;
    out[key] = stripStamps(inner);
  }
  return out;
}

/**
 * Runs `fn` with process.env as the built CLI sees it under test (testEnv: hermetic git config,
 * no MEM_/GIT_ variables of the outer shell), restoring it after: syncTeamMemory in process reads
 * process.env for every git it starts.
 */
export async function inTestEnv<T>(fn: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  const wanted = testEnv();
  for (const key of Object.keys(process.env)) if (!(key in wanted)) delete process.env[key];
  Object.assign(process.env, wanted);
  try {
    return await fn();
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

/** One plain sync of `dir` in process (a step of preparing a state, not twinned). */
export async function syncInProcess(dir: string, options: SyncOptions = {}): Promise<SyncReport> {
  return inTestEnv(() => syncTeamMemory(dir, { retryDelayMs: () => 0, ...options }));
}
