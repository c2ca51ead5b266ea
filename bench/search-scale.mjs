#!/usr/bin/env node
// Search at scale: generated repositories of 50k and 100k entries (the shape of search-bench.mjs:
// root CLAUDE.md, nested packages, rules, the shared memory's working copy, the bulk in session handoffs), measured
// through a private build of the CLI:
//   - `mem search` warm, as a ratio to `node -e 0` (interleaved medians);
//   - a cold rebuild: the cache removed, then one `mem search`;
//   - the prompt hook (`mem hook user-prompt-submit`) with a warm index, with no index at all
//     (it must answer inside its budget without building one, and the index must appear without
//     anyone waiting for it), and with a stale index (a nested CLAUDE.md changed).
// Long: run it once and record the figures. Usage: node bench/search-scale.mjs [--runs 9] [--sizes 50000,100000]
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCorpus, privateCli } from './search-bench.mjs';
import { benchEnv, median, fmt } from './lib.mjs';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 9;
const SIZES = args.includes('--sizes') ? args[args.indexOf('--sizes') + 1].split(',').map(Number) : [50000, 100000];
/** The user-prompt-submit hook's own deadline (src run-hook HOOK_DEADLINES_MS). */
const HOOK_BUDGET_MS = 2500;

/** The hook as on a user's machine: detached processes allowed (benchEnv turns them off for the other benches). */
const HOOK_ENV = benchEnv({ MEM_NO_BACKGROUND_SYNC: '0' });

function run(argv, { cwd, input, env = benchEnv() } = {}) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { cwd, input, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

const nodeE0 = () => run(['-e', '0']).ms;

function paired(fn) {
  fn(0);
  const f = [];
  const x = [];
  for (let i = 0; i < RUNS; i++) {
    f.push(nodeE0());
    x.push(fn(i + 1));
  }
  return { f: median(f), m: median(x), ratio: median(x) / median(f) };
}

/** Milliseconds until `probe` holds (polled every 100 ms), or null after `limitMs`. */
function waitFor(probe, limitMs) {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if (probe()) return Date.now() - start;
    spawnSync('sleep', ['0.1']);
  }
  return null;
}

const QUERIES = [
  'docker postgres migration',
  'redis timeout',
  'pnpm lockfile',
  'webhook retry stripe',
  'flaky test snapshot',
];

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'mem-search-scale-'));
  const rows = [];
  const note = (label, value, budget = '') => rows.push({ label, value, budget });
  try {
    const cli = await privateCli(work);
    for (const size of SIZES) {
      const { root } = makeCorpus(work, size);
      const cache = join(root, '.memory', 'cache');
      const q = (i) => QUERIES[i % QUERIES.length];
      const search = (i) => run([cli.run, 'search', q(i)], { cwd: root }).ms;
      const prompt = (i, session) =>
        JSON.stringify({
          session_id: session,
          hook_event_name: 'UserPromptSubmit',
          cwd: root,
          prompt: `why does the ${q(i)} keep failing in ci?`,
        });
      const hook = (i, session) =>
        run([cli.run, 'hook', 'user-prompt-submit'], { cwd: root, input: prompt(i, session), env: HOOK_ENV });

      rmSync(cache, { recursive: true, force: true });
      note(`cold rebuild (cache removed, one \`mem search\`), ${size}`, `${fmt(search(0), 0)} ms`);
      const warm = paired(search);
      note(
        `\`mem search\` warm, ${size}`,
        `${fmt(warm.ratio)}× (${fmt(warm.m, 1)} ms, F ${fmt(warm.f, 1)} ms)`,
        size <= 50000 ? '≤ 3×' : '',
      );

      let answered = 0;
      const hookWarm = paired((i) => {
        const r = hook(i, `scale-warm-${size}-${i}`);
        if (r.stdout.trim() !== '') answered += 1;
        return r.ms;
      });
      note(
        `prompt hook, warm index, ${size}`,
        `${fmt(hookWarm.ratio)}× (${fmt(hookWarm.m, 1)} ms); answered ${answered}/${RUNS + 1}`,
        '≤ 2×',
      );

      rmSync(cache, { recursive: true, force: true });
      const missing = hook(0, `scale-missing-${size}`);
      note(
        `prompt hook, no index, ${size}`,
        `${fmt(missing.ms, 0)} ms, ${missing.stdout.trim() ? 'answered' : 'nothing injected'}`,
        `< ${HOOK_BUDGET_MS} ms`,
      );
      const built = waitFor(() => existsSync(join(cache, 'search-index.bin')), 60_000);
      note(
        `… index written in the background after that hook, ${size}`,
        built === null ? 'not within 60 s' : `${built} ms after the hook returned`,
      );
      if (built === null) search(0); // the stale case below needs an index

      appendFileSync(
        join(root, 'packages', 'pkg-0', 'CLAUDE.md'),
        '- The zanzibar flamegraph exporter needs `--inline-frames` or the zanzibar traces come out empty.\n',
      );
      const staleStart = Date.now();
      const stale = run([cli.run, 'hook', 'user-prompt-submit'], {
        cwd: root,
        env: HOOK_ENV,
        input: JSON.stringify({
          session_id: `scale-stale-${size}`,
          hook_event_name: 'UserPromptSubmit',
          cwd: root,
          prompt: 'the zanzibar flamegraph traces are empty, why?',
        }),
      });
      note(
        `prompt hook, stale index (a nested CLAUDE.md changed), ${size}`,
        `${fmt(stale.ms, 0)} ms, ${stale.stdout.includes('zanzibar') ? 'answered with the new entry' : stale.stdout.trim() ? 'answered (without the new entry)' : 'nothing injected'}`,
        `< ${HOOK_BUDGET_MS} ms`,
      );
      // Fresh again when a cache file was rewritten after the hook started (inline or in the background).
      const rewritten = () =>
        ['search-index.bin', 'search-delta.bin'].some(
          (f) => existsSync(join(cache, f)) && statSync(join(cache, f)).mtimeMs >= staleStart,
        );
      const refreshed = waitFor(rewritten, 60_000);
      note(
        `… cache brought up to date, ${size}`,
        refreshed === null ? 'not within 60 s' : `${refreshed} ms after that hook returned`,
      );
    }
    console.log(`# mem search at scale (${RUNS} paired runs per ratio, medians; F = node -e 0)\n`);
    console.log('| case | figure | budget |\n|---|---|---|');
    for (const r of rows) console.log(`| ${r.label} | ${r.value} | ${r.budget} |`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
