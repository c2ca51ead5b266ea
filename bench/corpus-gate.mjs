// Shared by bench/secrets-corpus.mjs and bench/injection-corpus.mjs: offers one text to the real
// `mem remember --force` in a fresh initialised repository and reports what became of it, plus
// every byte mem left on disk (files, logs, git objects of the repo and the team store, HOME).
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BIN, ROOT, filesUnder, initGitRepo } from './lib.mjs';

export const CORPUS_DIR = resolve(ROOT, '..', 'shared', 'corpus');

/** The rows of a JSON Lines file of the corpus (`secrets.jsonl`). */
export function readJsonl(file) {
  return readJsonlFile(join(CORPUS_DIR, file));
}

/** The rows of a JSON Lines file anywhere (a held-out proxy given with --rows). */
export function readJsonlFile(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** The environment of a run with its own HOME: no inherited git, agent or mem variables. */
export function gateEnv(home) {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (key.startsWith('GIT_') || key.startsWith('CLAUDE') || key.startsWith('MEM_')) delete env[key];
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    MEM_NO_BACKGROUND_SYNC: '1',
    NO_COLOR: '1',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
    GIT_TERMINAL_PROMPT: '0',
  };
}

/**
 * One initialised repository (git init, a first commit, `mem init --yes`) with its own HOME; each
 * case runs in a byte-for-byte copy of it, which is the same as a fresh `mem init` and 3× faster.
 */
export function makeTemplate() {
  if (!existsSync(join(ROOT, 'dist', 'cli.cjs'))) throw new Error('dist/ is missing: run `npm run build` first');
  const base = mkdtempSync(join(tmpdir(), 'mem-gate-corpus-'));
  const template = join(base, 'template');
  const home = join(template, 'home');
  const repo = join(template, 'repo');
  mkdirSync(home, { recursive: true });
  mkdirSync(repo);
  const env = gateEnv(home);
  initGitRepo(repo, env);
  execFileSync(process.execPath, [BIN, 'init', '--yes'], { cwd: repo, env, stdio: 'ignore' });
  return { base, template };
}

function gitDirsUnder(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory() || name === 'objects') continue;
    if (existsSync(join(path, 'HEAD')) && existsSync(join(path, 'objects'))) out.push(path);
    gitDirsUnder(path, out);
  }
  return out;
}

function run(command, args, options) {
  return new Promise((done) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('latin1').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('latin1').on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/**
 * Runs `mem remember --force --json <text>` in a fresh copy of the template. Returns
 * { status, exit, reasons, disk } where disk is every file's bytes (latin1) under the case's
 * repository and HOME, git objects decompressed, and `files` lists the files with content.
 */
export async function rememberInFreshRepo(setup, index, text) {
  const work = join(setup.base, `case-${index}`);
  cpSync(setup.template, work, { recursive: true });
  const home = join(work, 'home');
  const repo = join(work, 'repo');
  const env = gateEnv(home);
  try {
    const result = await run(process.execPath, [BIN, 'remember', '--force', '--json', text], { cwd: repo, env });
    let outcome = null;
    try {
      outcome = JSON.parse(result.stdout);
    } catch {
      outcome = null;
    }
    const parts = [];
    for (const file of filesUnder(work))
      if (!/\/objects\/(?:[0-9a-f]{2}|pack)\//.test(file)) parts.push({ file, text: readFileSync(file, 'latin1') });
    for (const gitDir of gitDirsUnder(work)) {
      const all = await run('git', ['--git-dir', gitDir, 'cat-file', '--batch-all-objects', '--batch'], { env });
      parts.push({ file: `${gitDir} (objects)`, text: all.stdout });
    }
    return {
      status: outcome?.status ?? `exit-${result.status}`,
      exit: result.status,
      reasons: (outcome?.reasons ?? []).map((reason) => reason.code),
      explanations: (outcome?.reasons ?? []).map((reason) => reason.explanation),
      stderr: result.stderr,
      disk: parts,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs `fn(item, index)` over `items` with at most `jobs` in flight; results in input order. */
export async function mapLimit(items, jobs, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

/** The files (latin1 text) of `disk` that contain `needle` as is or JSON-escaped. */
export function filesContaining(disk, needle) {
  const escaped = JSON.stringify(needle).slice(1, -1);
  return disk.filter((part) => part.text.includes(needle) || part.text.includes(escaped)).map((part) => part.file);
}

export function flag(name, fallback) {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  return process.argv[at + 1];
}

export const pct = (part, whole) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`);
