// Hook and start-up budgets (PRODUCT.md §9, issues 2 and 3), as ratios to F = `node -e 0`,
// paired in one run. Prints a markdown table. Usage: npm run build && node bench/hook-bench.mjs [--runs N]
import { appendFileSync, closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, benchEnv, fmt, makeBenchRepo, median, paired, peakRss, percentile, timeRun } from './lib.mjs';
import { correctionPrompt, lastingPrompt, taskPrompt, benchTurn, jsonLine, transcriptId } from './transcript.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 21;
const rows = [];
const env = benchEnv();
/** One realistic turn (bench/transcript.mjs); a memorable one states a lasting convention or a correction. */
const turn = (index, { memorable }) =>
  benchTurn(index, memorable ? (index % 2 === 0 ? lastingPrompt(index) : correctionPrompt(index)) : taskPrompt(index));

/** Writes a transcript of about `megabytes` MB of past turns (plus a screenshot line). */
function writeTranscript(path, megabytes) {
  const fd = openSync(path, 'w');
  let size = 0;
  let index = 0;
  while (size < megabytes * 1024 * 1024) {
    const text =
      turn(index++, { memorable: false }) +
      (index % 25 === 0
        ? jsonLine({
            type: 'user',
            message: {
              role: 'user',
              content: [{ type: 'image', source: { type: 'base64', data: 'A'.repeat(900_000) } }],
            },
            uuid: transcriptId(),
          })
        : '');
    size += writeSync(fd, text);
  }
  closeSync(fd);
  return index;
}

/** A managed region of `count` entries, written before the session starts. */
function seedEntries(repo, count) {
  const lines = [
    '# Project',
    '',
    'Human text.',
    '',
    '<!-- mem:begin (managed by mem: edit freely, keep the id comments) -->',
    '## Conventions',
    '',
  ];
  for (let i = 0; i < count; i += 1)
    lines.push(
      `- Convention number ${i}: prefer the ${['alpha', 'beta', 'gamma', 'delta'][i % 4]} helper in package ${i}. <!-- mem:id=seed${i.toString(16)} by=Bench at=2026-11-01T00:00:00Z -->`,
    );
  lines.push('<!-- mem:end -->', '');
  writeFileSync(join(repo, 'CLAUDE.md'), lines.join('\n'));
}

const stop = (sessionId, transcript, cwd) =>
  JSON.stringify({
    session_id: sessionId,
    transcript_path: transcript,
    cwd,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: 'Done.',
  });

// 1. Stop with nothing new, and SessionStart with nothing to inject.
{
  const repo = makeBenchRepo('quiet');
  const transcript = join(repo, '..', 'quiet.jsonl');
  writeFileSync(transcript, turn(0, { memorable: false }));
  timeRun(process.execPath, [BIN, 'hook', 'stop'], { cwd: repo, input: stop('quiet-session', transcript, repo) });
  const quiet = paired(runs, () =>
    timeRun(process.execPath, [BIN, 'hook', 'stop'], { cwd: repo, input: stop('quiet-session', transcript, repo) }),
  );
  rows.push([
    '`mem hook stop`, nothing new',
    quiet,
    '≤ 1.5×',
    peakRss(process.execPath, [BIN, 'hook', 'stop'], { cwd: repo, input: stop('quiet-session', transcript, repo) }),
    '≤ 50 MiB',
  ]);
  const fresh = makeBenchRepo('start');
  const startInput = (i) =>
    JSON.stringify({
      session_id: `start-${i}`,
      transcript_path: join(fresh, '..', 'none.jsonl'),
      cwd: fresh,
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
  const start = paired(runs, (i) =>
    timeRun(process.execPath, [BIN, 'hook', 'session-start'], { cwd: fresh, input: startInput(i) }),
  );
  rows.push([
    '`mem hook session-start`, nothing to inject',
    start,
    '≤ 1.5×',
    peakRss(process.execPath, [BIN, 'hook', 'session-start'], { cwd: fresh, input: startInput(999) }),
    '≤ 50 MiB',
  ]);
}

// 2. One new turn appended to a 50 MB transcript (cursor already at the end).
{
  const repo = makeBenchRepo('append');
  const transcript = join(repo, '..', 'big.jsonl');
  const past = writeTranscript(transcript, 50);
  timeRun(process.execPath, [BIN, 'hook', 'stop'], { cwd: repo, input: stop('big-session', transcript, repo) });
  let index = past;
  const append = paired(
    runs,
    () => timeRun(process.execPath, [BIN, 'hook', 'stop'], { cwd: repo, input: stop('big-session', transcript, repo) }),
    {
      before: () => appendFileSync(transcript, turn(index++, { memorable: false })),
    },
  );
  appendFileSync(transcript, turn(index++, { memorable: false }));
  rows.push([
    '`mem hook stop`, one new turn on a 50 MB transcript',
    append,
    '≤ 2×',
    peakRss(process.execPath, [BIN, 'hook', 'stop'], { cwd: repo, input: stop('big-session', transcript, repo) }),
    '≤ 100 MiB',
  ]);
}

// 3. A replayed session: 1,000 entries, 50 MB transcript, every turn timed, writing turns included.
{
  const repo = makeBenchRepo('replay');
  seedEntries(repo, 1000);
  const transcript = join(repo, '..', 'replay.jsonl');
  const past = writeTranscript(transcript, 50);
  timeRun(process.execPath, [BIN, 'hook', 'stop'], { cwd: repo, input: stop('replay-session', transcript, repo) });
  const turns = Math.max(runs, 30);
  const samples = [];
  const fSamples = [];
  let peak = 0;
  for (let i = 0; i < turns; i += 1) {
    appendFileSync(transcript, turn(past + i, { memorable: i % 5 === 0 }));
    fSamples.push(timeRun(process.execPath, ['-e', '0']));
    if (i % 10 === 9)
      peak = Math.max(
        peak,
        peakRss(process.execPath, [BIN, 'hook', 'stop'], {
          cwd: repo,
          input: stop('replay-session', transcript, repo),
        }),
      );
    else
      samples.push(
        timeRun(process.execPath, [BIN, 'hook', 'stop'], {
          cwd: repo,
          input: stop('replay-session', transcript, repo),
        }),
      );
  }
  const f = median(fSamples);
  const entries = (readFileSync(join(repo, 'CLAUDE.md'), 'utf8').match(/mem:id=/g) ?? []).length;
  rows.push([
    `replayed session, ${samples.length} turns (1 in 5 writes; ${entries} entries at the end), median`,
    { f, x: median(samples), ratio: median(samples) / f },
    '≤ 2×',
    peak,
    '≤ 100 MiB',
  ]);
  rows.push([
    'replayed session, p95',
    { f, x: percentile(samples, 95), ratio: percentile(samples, 95) / f },
    '≤ 4×',
    NaN,
    '',
  ]);
}

// 4. oclif commands.
{
  const repo = makeBenchRepo('help');
  const help = paired(runs, () => timeRun(process.execPath, [BIN, '--help'], { cwd: repo }));
  rows.push(['`mem --help`', help, '≤ 2.5×', peakRss(process.execPath, [BIN, '--help'], { cwd: repo }), '']);
  const status = paired(runs, () => timeRun(process.execPath, [BIN, 'status'], { cwd: repo }));
  rows.push(['`mem status`', status, '≤ 2.5× + own work', NaN, '']);
  const list = paired(runs, () => timeRun(process.execPath, [BIN, 'list'], { cwd: repo }));
  rows.push(['`mem list`', list, '≤ 2.5× + own work', NaN, '']);
}

console.log(`\nHook and CLI start-up (medians of ${runs} paired runs; F = node -e 0 in the same run)\n`);
console.log('| operation | F (ms) | mem (ms) | ratio | budget | peak RSS (MiB) | budget |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, timing, budget, rss, rssBudget] of rows) {
  console.log(
    `| ${name} | ${fmt(timing.f, 1)} | ${fmt(timing.x, 1)} | ${fmt(timing.ratio)}× | ${budget} | ${fmt(rss, 1)} | ${rssBudget} |`,
  );
}
