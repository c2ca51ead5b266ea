// Compares two builds of mem by instructions executed (valgrind callgrind), not by wall time:
// instruction counts hardly move with the load of a shared machine, so a ±5 % change in what a
// hook does is visible where timings are noise. Slow (each run is ~50× slower under valgrind).
// Usage: node bench/ab-instructions.mjs <checkout A> <checkout B> [--runs N]
// Each checkout must have a built dist/ (npm run build). Prints a markdown table.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchEnv, callgrindInstructions, median } from './lib.mjs';

const [a, b] = process.argv.slice(2, 4).map((dir) => resolve(dir));
if (!a || !b) throw new Error('usage: node bench/ab-instructions.mjs <checkout A> <checkout B> [--runs N]');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const env = benchEnv();

/** A fresh repository initialised by the given build, with one quiet turn in a transcript. */
function repoFor(checkout) {
  const dir = join(mkdtempSync(join(tmpdir(), 'mem-ab-')), 'repo');
  execFileSync('git', ['init', '-q', '-b', 'main', dir]);
  execFileSync('git', ['-C', dir, 'config', 'user.name', 'Bench']);
  execFileSync('git', ['-C', dir, 'config', 'user.email', 'bench@example.com']);
  writeFileSync(join(dir, 'README.md'), '# bench\n');
  writeFileSync(
    join(dir, 'CLAUDE.md'),
    '# Project\n\n## Conventions\n\n- Always use pnpm, never npm.\n- Run the tests with make test before pushing.\n',
  );
  execFileSync('git', ['-C', dir, 'add', '.']);
  execFileSync('git', ['-C', dir, 'commit', '-q', '-m', 'init'], { env });
  execFileSync(process.execPath, [join(checkout, 'bin', 'run.js'), 'init', '--yes'], {
    cwd: dir,
    env,
    stdio: 'ignore',
  });
  const transcript = join(dir, '..', 'quiet.jsonl');
  writeFileSync(
    transcript,
    `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Refactor the config loader.' }, uuid: 'u1' })}\n`,
  );
  return { dir, transcript };
}

const cases = [
  {
    name: '`mem hook stop`, nothing new',
    args: ['hook', 'stop'],
    input: (r) =>
      JSON.stringify({
        session_id: 'quiet',
        transcript_path: r.transcript,
        cwd: r.dir,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: 'Done.',
      }),
  },
  {
    name: '`mem hook session-start`, nothing to inject',
    args: ['hook', 'session-start'],
    input: (r) =>
      JSON.stringify({
        session_id: 'start',
        transcript_path: join(r.dir, '..', 'none.jsonl'),
        cwd: r.dir,
        hook_event_name: 'SessionStart',
        source: 'startup',
      }),
  },
  {
    name: '`mem hook user-prompt-submit`',
    args: ['hook', 'user-prompt-submit'],
    input: (r) =>
      JSON.stringify({
        session_id: 'quiet',
        transcript_path: r.transcript,
        cwd: r.dir,
        hook_event_name: 'UserPromptSubmit',
        prompt: 'how do we run the tests here?',
      }),
  },
  { name: '`mem search pnpm`, warm', args: ['search', 'pnpm'], input: () => '' },
];

function instructions(checkout, repo, testCase) {
  return callgrindInstructions(process.execPath, [join(checkout, 'bin', 'run.js'), ...testCase.args], {
    cwd: repo.dir,
    env,
    input: testCase.input(repo),
  }).instructions;
}

const repos = { a: repoFor(a), b: repoFor(b) };
console.log(`A = ${a}\nB = ${b}\n\n| operation | A (M instructions) | B (M instructions) | B / A |\n|---|---|---|---|`);
for (const testCase of cases) {
  // Warm-up: the first run of a case builds caches (config, search index) that later runs reuse.
  instructions(a, repos.a, testCase);
  instructions(b, repos.b, testCase);
  const countsA = [];
  const countsB = [];
  for (let i = 0; i < runs; i += 1) {
    countsA.push(instructions(a, repos.a, testCase));
    countsB.push(instructions(b, repos.b, testCase));
  }
  const ma = median(countsA);
  const mb = median(countsB);
  console.log(`| ${testCase.name} | ${(ma / 1e6).toFixed(1)} | ${(mb / 1e6).toFixed(1)} | ${(mb / ma).toFixed(3)} |`);
}
