#!/usr/bin/env node
// Search and recall timings against the budgets of PRODUCT.md §9, as ratios to F = `node -e 0`
// measured in the same run, interleaved (F, then the command) so machine noise hits both.
// Corpora of 1,000 and 10,000 entries are generated in temp git repos, shaped like a real repo:
// a root CLAUDE.md at the region's size budget, nested CLAUDE.md files, rules, the shared memory's working copy and
// many session handoffs (the bulk at 10k).
// Usage: node bench/search-bench.mjs [--runs 20] [--sizes 1000,10000]
import { buildDist } from '../scripts/build.mjs';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeTeamMemory } from './search-quality.mjs';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 20;
const SIZES = args.includes('--sizes') ? args[args.indexOf('--sizes') + 1].split(',').map(Number) : [1000, 10000];

const WORDS = (
  'api build cache ci client cluster commit config container database db deploy docker env error fastify feature fixture flag ' +
  'graphql handler image index job lint lockfile log login migration mock module monorepo network node npm package pnpm postgres ' +
  'prisma proxy queue redis release repo request retry route schema script secret server service session snapshot staging storage ' +
  'stripe tailwind terraform test timeout token turbo typecheck typescript upload user vitest webhook worker yarn zod checkout cart ' +
  'payment invoice tenant billing search reindex cron backup restore latency p95 memory leak sharp resize thumbnail cdn locale ' +
  'translation i18n accessibility aria keyboard focus modal toast form validation sanitize escape csrf cors header cookie jwt oauth'
).split(' ');
const VERBS =
  'use run never always prefer avoid keep add remove check restart rebuild regenerate document pin upgrade'.split(' ');
const SECTIONS = ['Conventions', 'Commands', 'Decisions', 'Gotchas', 'Preferences', 'References'];

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (list) => list[Math.floor(rand() * list.length)];

export function sentence() {
  const n = 7 + Math.floor(rand() * 12);
  const words = [pick(VERBS)];
  for (let i = 0; i < n; i++)
    words.push(rand() < 0.08 ? `\`${pick(WORDS)}-${Math.floor(rand() * 900 + 100)}\`` : pick(WORDS));
  return `${words.join(' ')}.`;
}

let entryNo = 0;
function entry() {
  entryNo += 1;
  const day = String(1 + (entryNo % 28)).padStart(2, '0');
  return `- ${sentence()} <!-- mem:id=e${entryNo} by=${pick(['alice', 'bob', 'carol'])} at=2026-10-${day}T10:00:00Z -->`;
}

function region(count) {
  const lines = ['<!-- mem:begin v=1 -->'];
  for (let i = 0; i < count; i++) {
    if (i % Math.ceil(count / SECTIONS.length) === 0)
      lines.push(`## ${SECTIONS[Math.floor(i / Math.ceil(count / SECTIONS.length))]}`);
    lines.push(entry());
  }
  lines.push('<!-- mem:end -->');
  return lines.join('\n');
}

function git(cwd, argv) {
  const r = spawnSync('git', argv, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
  if (r.status !== 0) throw new Error(`git ${argv.join(' ')}: ${r.stderr}`);
}

/** Writes a repo with `total` entries and returns its root and the files a bench run modifies. */
export function makeCorpus(parent, total) {
  const root = join(parent, `repo-${total}`);
  mkdirSync(root, { recursive: true });
  git(root, ['init', '-q', '-b', 'main']);
  let left = total;
  const take = (n) => {
    const k = Math.min(n, left);
    left -= k;
    return k;
  };
  writeFileSync(
    join(root, 'CLAUDE.md'),
    `# Project\n\nHuman-written intro about the project.\n\n${region(take(120))}\n`,
  );
  // The shared memory's working copy: the entries mem wrote (the markers come from writeTeamMemory).
  writeTeamMemory(
    root,
    `${region(take(Math.round(total * 0.1)))
      .split('\n')
      .slice(1, -1)
      .join('\n')}\n`,
  );
  const nested = Math.max(4, Math.round(total / 400));
  for (let d = 0; d < nested; d++) {
    const dir = join(root, 'packages', `pkg-${d}`);
    mkdirSync(dir, { recursive: true });
    const lines = [`# Package ${d}`, ''];
    for (let i = take(20); i > 0; i--) lines.push(entry());
    writeFileSync(join(dir, 'CLAUDE.md'), `${lines.join('\n')}\n`);
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', 'index.ts'), 'export {};\n');
  }
  mkdirSync(join(root, '.claude', 'rules'), { recursive: true });
  for (let r = 0; r < 4; r++) {
    const lines = [`# Rule ${r}`, ''];
    for (let i = take(15); i > 0; i--) lines.push(entry());
    writeFileSync(join(root, '.claude', 'rules', `rule-${r}.md`), `${lines.join('\n')}\n`);
  }
  const sessions = join(root, '.memory', 'sessions');
  mkdirSync(sessions, { recursive: true });
  let s = 0;
  while (left > 0) {
    s += 1;
    const lines = ['# Session handoff', '', '## Current State', sentence(), '', '## Completed'];
    left -= 1;
    for (let i = take(12); i > 0; i--) lines.push(`- ${sentence()}`);
    lines.push('', '## Notes for Next Session');
    for (let i = take(6); i > 0; i--) lines.push(`- ${sentence()}`);
    writeFileSync(join(sessions, `2026-11-${String(1 + (s % 28)).padStart(2, '0')}-s${s}.md`), `${lines.join('\n')}\n`);
  }
  return { root, changed: join(root, 'CLAUDE.md') };
}

/**
 * A private build of the CLI in `work` (the shared dist/ is rebuilt by others while a bench runs):
 * the bundles of scripts/build.mjs and this repository's bin/, plus a bin/run-oclif.js that sends
 * `search` through oclif, for comparison.
 */
export async function privateCli(work) {
  const dir = join(work, 'cli');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  cpSync(join(PROJECT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(PROJECT, 'node_modules'), join(dir, 'node_modules'));
  cpSync(join(PROJECT, 'bin'), join(dir, 'bin'), { recursive: true });
  await buildDist(join(dir, 'dist'));
  // Without the fast path, `search` goes through oclif like every other command.
  const oclifOnly = join(dir, 'bin', 'run-oclif.js');
  writeFileSync(
    oclifOnly,
    readFileSync(join(PROJECT, 'bin', 'run.js'), 'utf8').replace(/argv\[0\] === 'search'/g, "argv[0] === '\u0000'"),
  );
  return { run: join(dir, 'bin', 'run.js'), oclifOnly };
}

function timeOnce(argv, options) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { stdio: ['pipe', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Median of `command` and of `node -e 0`, interleaved; `before` runs untimed before each command run. */
function measure(label, argvOf, options, before = () => undefined) {
  const optionsOf = typeof options === 'function' ? options : () => options;
  timeOnce(argvOf(0), optionsOf(0)); // warm the page cache and the index
  const base = [];
  const cmd = [];
  for (let i = 0; i < RUNS; i++) {
    base.push(timeOnce(['-e', '0'], {}).ms);
    before(i);
    cmd.push(timeOnce(argvOf(i + 1), optionsOf(i + 1)).ms);
  }
  const f = median(base);
  const m = median(cmd);
  return { label, f, m, ratio: m / f };
}

const QUERIES = [
  'docker postgres migration',
  'redis timeout',
  'pnpm lockfile',
  'webhook retry stripe',
  'flaky test snapshot',
];

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'mem-search-bench-'));
  const rows = [];
  try {
    const cli = await privateCli(work);
    for (const size of SIZES) {
      const { root, changed } = makeCorpus(work, size);
      const q = (i) => QUERIES[i % QUERIES.length];
      const budget = size >= 10000 ? 3 : 2;
      // For comparison only: what the same search would cost through oclif (not the shipped path).
      rows.push({
        ...measure(
          `\`mem search\` warm, through oclif (comparison, not shipped), ${size}`,
          (i) => [cli.oclifOnly, 'search', q(i)],
          { cwd: root },
        ),
      });
      rows.push({
        ...measure(`\`mem search\` warm, fast path, ${size}`, (i) => [cli.run, 'search', q(i)], { cwd: root }),
        budget,
      });
      rows.push({
        ...measure(
          `\`mem search\` after root CLAUDE.md changed, fast path, ${size}`,
          (i) => [cli.run, 'search', q(i)],
          { cwd: root },
          (i) => appendFileSync(changed, `- added during the bench run ${i}: ${sentence()}\n`),
        ),
        budget: size >= 10000 ? 4 : undefined,
      });
      const session = join(root, '.memory', 'sessions', '2026-11-02-s1.md');
      rows.push({
        ...measure(
          `\`mem search\` after a session file changed, fast path, ${size}`,
          (i) => [cli.run, 'search', q(i)],
          { cwd: root },
          (i) => appendFileSync(session, `- note ${i}: ${sentence()}\n`),
        ),
        budget: size >= 10000 ? 4 : undefined,
      });
      // Each run adds a new session file: the search cache's delta grows run after run (and is
      // compacted into the main index once it passes its threshold).
      rows.push({
        ...measure(
          `\`mem search\` after a new session file was added, fast path, ${size}`,
          (i) => [cli.run, 'search', q(i)],
          { cwd: root },
          (i) =>
            writeFileSync(
              join(root, '.memory', 'sessions', `2026-12-01-bench-${i}.md`),
              `# Session handoff\n\n## Completed\n${Array.from({ length: 12 }, () => `- ${sentence()}`).join('\n')}\n`,
            ),
        ),
        budget: size >= 10000 ? 4 : undefined,
      });
      if (size <= 1000) {
        const payload = (i) =>
          JSON.stringify({
            session_id: `bench-${i}`,
            hook_event_name: 'UserPromptSubmit',
            cwd: root,
            prompt: `why does the ${q(i)} keep failing in ci?`,
          });
        // Each run is a new session so the recall record never short-cuts the work.
        const row = measure(
          `\`mem hook user-prompt-submit\` (recall), ${size}`,
          () => [cli.run, 'hook', 'user-prompt-submit'],
          (i) => ({ cwd: root, input: payload(i) }),
        );
        rows.push({ ...row, budget: 2 });
      }
    }
    console.log(`# mem search bench (${RUNS} runs each, medians; F = node -e 0 in the same run)\n`);
    console.log('| operation | F (ms) | median (ms) | ratio | budget |\n|---|---|---|---|---|');
    for (const r of rows) {
      const verdict = r.budget === undefined ? '' : `≤ ${r.budget}×F ${r.ratio <= r.budget ? 'ok' : 'OVER'}`;
      console.log(`| ${r.label} | ${r.f.toFixed(1)} | ${r.m.toFixed(1)} | ${r.ratio.toFixed(2)}×F | ${verdict} |`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
