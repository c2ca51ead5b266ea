// Instructions (valgrind callgrind) of a writing Stop: one new turn whose prompt asks for a lasting
// convention (the memorable turn of bench/hook-bench.mjs), appended to a session the hook has already read, so every gate runs on a short
// prompt. Counts the node process only (git children excluded), as bench/ab-instructions.mjs does.
// Usage: npm run build && env -u NODE_EXTRA_CA_CERTS node bench/stop-instructions.mjs [--runs N] [--out DIR]
// --out keeps each run's callgrind file there (for callgrind_annotate).
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BIN, benchEnv, callgrindInstructions, makeBenchRepo, median } from './lib.mjs';
import { lastingPrompt, taskPrompt, benchTurn } from './transcript.mjs';

const flag = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const runs = Number(flag('--runs')) || 3;
const out = flag('--out');
const env = benchEnv();

// Under valgrind a hook runs ~50x slower, and on a loaded machine its 10 s deadline and watchdog
// would cut the Stop short (it then writes nothing): its clock and timers are slowed to match (a
// constant cost, the same for both builds and for node -e 0).
const slowClock = join(mkdtempSync(join(tmpdir(), 'mem-slow-clock-')), 'slow-clock.cjs');
writeFileSync(
  slowClock,
  [
    'const now = Date.now.bind(Date);',
    'const start = now();',
    'Date.now = () => start + Math.floor((now() - start) / 50);',
    'const setTimer = globalThis.setTimeout;',
    'globalThis.setTimeout = (callback, ms, ...rest) => setTimer(callback, (ms ?? 0) * 50, ...rest);',
    '',
  ].join('\n'),
);

const counts = [];
for (let i = 1; i <= runs; i += 1) {
  // A fresh repository each run, so each measured Stop does the same work (writes one entry).
  const repo = makeBenchRepo('stop-instructions');
  const transcript = join(repo, '..', 'session.jsonl');
  const input = JSON.stringify({
    session_id: 'writing',
    transcript_path: transcript,
    cwd: repo,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: 'Done.',
  });
  // Warm-up: a Stop reads a turn that writes nothing and leaves the code cache a turn leaves.
  writeFileSync(transcript, benchTurn(0, taskPrompt(0)));
  spawnSync(process.execPath, [BIN, 'hook', 'stop'], { cwd: repo, env, input });
  appendFileSync(transcript, benchTurn(1, lastingPrompt(1)));
  counts.push(
    callgrindInstructions(process.execPath, ['--require', slowClock, BIN, 'hook', 'stop'], {
      cwd: repo,
      env,
      input,
      keep: out ? join(out, `stop-${i}.callgrind`) : undefined,
    }).instructions,
  );
  // The hook log is written after the Stop answers; the candidate log says what it did.
  const candidates = readFileSync(join(repo, '.memory', 'state', 'candidates.jsonl'), 'utf8');
  if (!candidates.includes('"action":"add"')) throw new Error(`the measured Stop wrote nothing: ${candidates}`);
}
const f = callgrindInstructions(process.execPath, ['--require', slowClock, '-e', '0'], { env }).instructions;
const m = (n) => `${(n / 1e6).toFixed(1)} M`;
console.log(
  `writing Stop: ${counts.map(m).join(', ')} (median ${m(median(counts))}); node -e 0 (with the same clock): ${m(f)}`,
);
