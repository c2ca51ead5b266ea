#!/usr/bin/env node
// Replays every real Claude Code session of ../shared/corpus/transcripts through the built hooks,
// the way Claude Code would have produced it (../shared/corpus/README.md): a fresh repository with
// `mem init --yes`; `session-start`; for every typed prompt `user-prompt-submit` with that prompt,
// the turn's lines appended to the transcript file, then `stop` with `last_assistant_message`;
// `session-end` at the end. It collects, separately, what mem wrote by itself (`mem list --json`),
// what it left pending (`mem candidates --json`, status "pending") and the sentences the nudge
// quoted (user-prompt-submit's additionalContext), scores each with ../shared/corpus/score.mjs and
// prints the measures of issue 10.
//
// Usage: node bench/corpus-replay.mjs [--half tuning|validation|all] [--verbose] [--keep] [--out DIR] [name-substring…]
//   --half     the sessions of one half of bench/corpus-split.mjs (default all); the measures are
//              printed per half either way, since rules are changed looking at the tuning half only
//   --verbose  every written entry, pending candidate and nudge with its verdict against the labels
//   --out DIR  where the scored JSON arrays go (default: a temp dir, printed)
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, BIN, median, percentile, fmt, filesUnder, initGitRepo } from './lib.mjs';
import { halfOf, sessionKey } from './corpus-split.mjs';

const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const keep = args.includes('--keep');
const outAt = args.indexOf('--out');
const outDir = outAt >= 0 ? resolve(args[outAt + 1]) : mkdtempSync(join(tmpdir(), 'mem-corpus-replay-'));
const halfAt = args.indexOf('--half');
const half = halfAt >= 0 ? args[halfAt + 1] : 'all';
if (!['tuning', 'validation', 'all'].includes(half)) {
  console.error(`--half takes tuning, validation or all, not ${half}`);
  process.exit(2);
}
const only = args.filter(
  (a, i) => !a.startsWith('--') && !(outAt >= 0 && i === outAt + 1) && !(halfAt >= 0 && i === halfAt + 1),
);

if (!existsSync(join(ROOT, 'dist'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}
if (!existsSync(join(CORPUS, 'transcripts'))) {
  console.error(`no corpus at ${CORPUS}`);
  process.exit(1);
}

// ---------- what Claude Code would have sent as a typed prompt ----------

// Slash commands the client handles itself: no model turn, so no UserPromptSubmit and no Stop.
const LOCAL_COMMANDS = new Set([
  'compact',
  'model',
  'effort',
  'plan',
  'login',
  'logout',
  'exit',
  'quit',
  'clear',
  'cost',
  'help',
  'config',
  'status',
  'resume',
  'doctor',
  'permissions',
  'mcp',
  'usage',
  'context',
  'ide',
  'memory',
  'hooks',
  'agents',
  'add-dir',
  'theme',
  'vim',
  'terminal-setup',
  'upgrade',
  'release-notes',
  'bug',
  'feedback',
  'privacy-settings',
  'rewind',
  'export',
  'fast',
  'output-style',
  'statusline',
  'install-github-app',
  'migrate-installer',
  'rename',
  'tasks',
  'todos',
  'files',
  'skills',
  'plugin',
  'btw',
]);
// Text the harness adds around or instead of a prompt: never typed.
const HARNESS =
  /^\s*(?:<local-command-stdout>|<local-command-stderr>|<local-command-caveat>|Caveat: The messages below|<bash-input>|<bash-stdout>|<bash-stderr>|<task-notification>|<system-reminder>|<user-prompt-submit-hook>|\[Request interrupted by user)/;
const WRAPPER_BLOCK = /^\s*<(ide_opened_file|ide_selection|system-reminder|ide_diagnostics)>[\s\S]*<\/\1>\s*$/;

function commandPrompt(text) {
  const name = /<command-name>\/?([^<]*)<\/command-name>/.exec(text);
  if (!name) return undefined;
  const command = name[1].trim();
  if (LOCAL_COMMANDS.has(command)) return null;
  const commandArgs = /<command-args>([\s\S]*?)<\/command-args>/.exec(text);
  return `/${command}${commandArgs && commandArgs[1].trim() ? ` ${commandArgs[1].trim()}` : ''}`;
}

/** The typed prompt a transcript line carries, or null. */
function typedPrompt(line) {
  if (line.type === 'attachment' && line.attachment?.type === 'queued_command') {
    const a = line.attachment;
    if ((a.commandMode ?? 'prompt') !== 'prompt' || (a.origin && a.origin.kind !== 'human')) return null;
    return typeof a.prompt === 'string' && !HARNESS.test(a.prompt) ? a.prompt : null;
  }
  if (
    line.type !== 'user' ||
    line.isMeta ||
    line.isCompactSummary ||
    line.isVisibleInTranscriptOnly ||
    line.isSidechain ||
    line.toolUseResult
  )
    return null;
  const content = line.message?.content;
  let text;
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    if (content.some((b) => b.type === 'tool_result')) return null;
    text = content
      .filter((b) => b.type === 'text' && !WRAPPER_BLOCK.test(b.text))
      .map((b) => b.text)
      .join('\n');
  } else return null;
  const command = commandPrompt(text);
  if (command !== undefined) return command;
  if (!text.trim() || HARNESS.test(text)) return null;
  return text;
}

/** Splits the lines into a preamble and turns: { prompt, lines, queued: [{ at, prompt }] }. */
function splitTurns(lines) {
  const preamble = [];
  const turns = [];
  for (const raw of lines) {
    let line;
    try {
      line = JSON.parse(raw);
    } catch {
      (turns.at(-1)?.lines ?? preamble).push(raw);
      continue;
    }
    const prompt = typedPrompt(line);
    const queued = line.type === 'attachment';
    if (prompt !== null && !queued) turns.push({ prompt, lines: [raw], queued: [] });
    else {
      const turn = turns.at(-1);
      if (prompt !== null && turn) turn.queued.push({ at: turn.lines.length, prompt });
      (turn?.lines ?? preamble).push(raw);
    }
  }
  return { preamble, turns };
}

function lastAssistantText(lines) {
  for (let i = lines.length - 1; i >= 0; i--) {
    let line;
    try {
      line = JSON.parse(lines[i]);
    } catch {
      continue;
    }
    if (line.type !== 'assistant' || line.isSidechain) continue;
    const text = (line.message?.content ?? [])
      .filter((b) => b.type === 'text')
      .map((b) => b.text)
      .join('\n');
    if (text.trim()) return text;
  }
  return '';
}

// ---------- the nudge, as user-prompt-submit prints it ----------

/** Sentences quoted by mem's nudge lines ("mem: … record it …: "…""); recall lines are not nudges. */
function nudgedSentences(additionalContext) {
  const out = [];
  for (const line of additionalContext.split('\n')) {
    if (!/^mem: .*\brecord\b/i.test(line)) continue;
    for (const m of line.matchAll(/"([^"]+)"/g)) out.push(m[1]);
  }
  return out;
}

// ---------- running the hooks ----------

function cleanEnv(home) {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (key.startsWith('GIT_') || key.startsWith('CLAUDE') || key.startsWith('MEM_')) delete env[key];
  // The after-turn team step runs in the foreground at the end (before the secrets scan), not detached.
  return {
    ...env,
    MEM_NO_BACKGROUND_SYNC: '1',
    NO_COLOR: '1',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
    GIT_TERMINAL_PROMPT: '0',
  };
}

const timings = { 'session-start': [], 'user-prompt-submit': [], stop: [], 'session-end': [] };
const baseline = [];
let hookCalls = 0;
const hookProblems = [];

function hook(event, payload, { repo, env }) {
  // Every few hooks, one bare `node -e 0` (F), so the ratios see the same machine load.
  if (hookCalls++ % 8 === 0) {
    const s = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '0']);
    baseline.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [BIN, 'hook', event], {
    cwd: repo,
    env,
    input: JSON.stringify(payload),
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  timings[event].push(Number(process.hrtime.bigint() - start) / 1e6);
  const stdout = run.stdout.trim();
  if (run.status !== 0) hookProblems.push(`${event} exited ${run.status}`);
  if (!stdout) return null;
  try {
    return JSON.parse(stdout);
  } catch {
    hookProblems.push(`${event} printed non-JSON: ${stdout.slice(0, 120)}`);
    return null;
  }
}

function gitDirsUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory() || name === 'objects') continue;
    if (existsSync(join(path, 'HEAD')) && existsSync(join(path, 'objects'))) out.push(path);
    out.push(...gitDirsUnder(path));
  }
  return out;
}

/** Every text mem left on disk (work tree, every git object of every repository, $HOME), as { where, text }. */
function diskTexts(repo, home, env) {
  const texts = [];
  for (const file of [...filesUnder(repo), ...filesUnder(home)]) {
    if (file.includes(`${join(repo, '.git')}/`) && /\/objects\//.test(file)) continue;
    texts.push({ where: file.slice(repo.length - 4), text: readFileSync(file, 'latin1') });
  }
  for (const gitDir of [join(repo, '.git'), ...gitDirsUnder(join(repo, '.git'))]) {
    const all = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-all-objects', '--batch'], {
      env,
      encoding: 'latin1',
      maxBuffer: 1 << 28,
    });
    texts.push({ where: `git objects of ${gitDir.slice(repo.length - 4)}`, text: all.stdout ?? '' });
  }
  return texts;
}

function memJson(args, { repo, env }) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 26 });
  try {
    return JSON.parse(run.stdout || 'null');
  } catch {
    return null;
  }
}

/** Pending candidates from `mem candidates --json` (issue 10's shape: status "pending"). */
function pendingOf(listed) {
  const rows = Array.isArray(listed) ? listed : Array.isArray(listed?.candidates) ? listed.candidates : [];
  return rows.filter((c) => c && c.status === 'pending' && typeof c.text === 'string').map((c) => c.text);
}

function replay(file) {
  const base = file.replace(/\.jsonl$/, '');
  const lines = readFileSync(join(CORPUS, 'transcripts', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const { preamble, turns } = splitTurns(lines);
  const work = mkdtempSync(join(tmpdir(), 'mem-replay-'));
  const repo = join(work, 'repo');
  const home = join(work, 'home');
  mkdirSync(repo);
  mkdirSync(home);
  const env = cleanEnv(home);
  const ctx = { repo, env };
  try {
    initGitRepo(repo, env);
    const init = spawnSync(process.execPath, [BIN, 'init', '--yes'], { cwd: repo, env, encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`mem init failed (${init.status}): ${init.stderr.slice(0, 300)}`);

    const sessionId =
      lines
        .map((l) => {
          try {
            return JSON.parse(l).sessionId;
          } catch {
            return undefined;
          }
        })
        .find(Boolean) ?? 'replay-session';
    const transcript = join(work, `${sessionId}.jsonl`);
    const common = { session_id: sessionId, transcript_path: transcript, cwd: repo };
    writeFileSync(transcript, preamble.map((l) => `${l}\n`).join(''));
    hook('session-start', { ...common, hook_event_name: 'SessionStart', source: 'startup' }, ctx);

    const nudges = [];
    const perTurn = [];
    let prompts = 0;
    let nudgedPrompts = 0;
    const submit = (prompt, turnIndex) => {
      prompts += 1;
      const out = hook('user-prompt-submit', { ...common, hook_event_name: 'UserPromptSubmit', prompt }, ctx);
      const sentences = nudgedSentences(out?.hookSpecificOutput?.additionalContext ?? '');
      if (sentences.length > 0) nudgedPrompts += 1;
      for (const s of sentences) nudges.push({ turn: turnIndex, text: s });
      return sentences;
    };
    let written = memJson(['list', '--json'], ctx) ?? [];
    turns.forEach((turn, index) => {
      const nudged = submit(turn.prompt, index);
      let from = 0;
      for (const q of turn.queued) {
        appendFileSync(
          transcript,
          turn.lines
            .slice(from, q.at)
            .map((l) => `${l}\n`)
            .join(''),
        );
        from = q.at;
        nudged.push(...submit(q.prompt, index));
      }
      appendFileSync(
        transcript,
        turn.lines
          .slice(from)
          .map((l) => `${l}\n`)
          .join(''),
      );
      hook(
        'stop',
        {
          ...common,
          hook_event_name: 'Stop',
          stop_hook_active: false,
          last_assistant_message: lastAssistantText(turn.lines),
        },
        ctx,
      );
      // What this turn wrote: entries new since the last turn (cheap enough: one `mem list` a turn).
      const now = memJson(['list', '--json'], ctx) ?? [];
      const before = new Set(written.map((e) => e.id));
      perTurn.push({ prompt: turn.prompt, nudged, wrote: now.filter((e) => !before.has(e.id)).map((e) => e.text) });
      written = now;
    });
    hook('session-end', { ...common, hook_event_name: 'SessionEnd', reason: 'other' }, ctx);
    spawnSync(process.execPath, [BIN, 'sync', '--after-turn'], { cwd: repo, env, encoding: 'utf8' });

    const entries = (memJson(['list', '--json'], ctx) ?? []).map((e) => e.text);
    const pending = pendingOf(memJson(['candidates', '--json', '--limit', '10000'], ctx));
    return { base, entries, pending, nudges, prompts, nudgedPrompts, perTurn, disk: diskTexts(repo, home, env) };
  } finally {
    if (keep) console.error(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

// ---------- scoring ----------

const labelsOf = (base) => JSON.parse(readFileSync(join(CORPUS, 'labels', `${base}.json`), 'utf8'));
const compile = (rs) => rs.map((r) => new RegExp(r, 'i'));
const all = (res, text) => res.every((re) => re.test(text));

function score(kind, byBase) {
  const dir = join(outDir, kind);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The labels of the replayed sessions only: score.mjs counts a labelled session without entries as all missed.
  const labels = `${dir}.labels`;
  rmSync(labels, { recursive: true, force: true });
  mkdirSync(labels, { recursive: true });
  for (const [base, texts] of Object.entries(byBase)) {
    writeFileSync(join(dir, `${base}.json`), JSON.stringify(texts, null, 1));
    copyFileSync(join(CORPUS, 'labels', `${base}.json`), join(labels, `${base}.json`));
  }
  const run = spawnSync(process.execPath, [join(CORPUS, 'score.mjs'), dir, '--labels', labels, '--json'], {
    encoding: 'utf8',
  });
  return JSON.parse(run.stdout).summary;
}

function verdictOf(labels, text) {
  const gold = (labels.gold ?? []).filter((g) => all(compile(g.match), text)).map((g) => g.id);
  const bad = (labels.forbidden ?? []).filter((f) => all(compile(f.match), text)).map((f) => `${f.id}:${f.why}`);
  return `${gold.length ? `+${gold.join(',')}` : '-'}${bad.length ? ` FORBIDDEN ${bad.join(',')}` : ''}`;
}

/** Normalised text for finding a label's quoted evidence in a prompt. */
const norm = (s) =>
  s
    .toLowerCase()
    .replace(/[\s"'`*_#>\-“”‘’]+/g, ' ')
    .trim();
function evidenceFragments(labels) {
  const out = [];
  for (const g of labels.gold ?? [])
    for (const m of String(g.evidence ?? '').matchAll(/"([^"]{8,})"/g))
      for (const part of m[1].split('...')) if (norm(part).length >= 8) out.push(norm(part));
  return out;
}

const files = readdirSync(join(CORPUS, 'transcripts'))
  .filter(
    (f) =>
      f.endsWith('.jsonl') &&
      (only.length === 0 || only.some((o) => f.includes(o))) &&
      (half === 'all' || halfOf(sessionKey(f)) === half),
  )
  .sort();
const results = [];
const t0 = Date.now();
for (const file of files) {
  process.stderr.write(`replaying ${file} … `);
  const started = Date.now();
  const result = replay(file);
  process.stderr.write(`${result.prompts} prompts, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  results.push(result);
}

const written = Object.fromEntries(results.map((r) => [r.base, r.entries]));
const pending = Object.fromEntries(results.map((r) => [r.base, r.pending]));
const nudged = Object.fromEntries(results.map((r) => [r.base, r.nudges.map((n) => n.text)]));
const noticed = Object.fromEntries(
  results.map((r) => [r.base, [...r.entries, ...r.pending, ...r.nudges.map((n) => n.text)]]),
);
const sWritten = score('written', written);
const sPending = score('pending', pending);
const sNudged = score('nudged', nudged);
const sNoticed = score('noticed', noticed);

// Secrets anywhere on disk: a `secret` forbidden item of the labels matched by any line mem left.
let secretsOnDisk = 0;
const secretWhere = [];
// Quiet turns: a turn whose prompt carries no gold item's quoted evidence (and is in no trivial log
// or is) should write nothing and nudge nothing.
let quietTurns = 0;
let quietKept = 0;
const noisyQuiet = [];
console.log(`\n${'transcript'.padEnd(60)} prompts nudged written pending  quiet-turns-kept`);
for (const r of results) {
  const labels = labelsOf(r.base);
  const secrets = (labels.forbidden ?? [])
    .filter((f) => f.why === 'secret')
    .map((f) => ({ id: f.id, re: compile(f.match) }));
  for (const { where, text } of r.disk) {
    for (const line of text.split('\n')) {
      for (const s of secrets)
        if (all(s.re, line)) {
          secretsOnDisk += 1;
          secretWhere.push(`${r.base}: ${s.id} in ${where}: ${line.slice(0, 100)}`);
        }
    }
  }
  const evidence = evidenceFragments(labels);
  let quiet = 0;
  let kept = 0;
  for (const t of r.perTurn) {
    const p = norm(t.prompt);
    const carries =
      (labels.gold ?? []).some((g) => all(compile(g.match), t.prompt)) || evidence.some((e) => p.includes(e));
    if (carries) continue;
    quiet += 1;
    if (t.nudged.length === 0 && t.wrote.length === 0) kept += 1;
    else
      noisyQuiet.push(
        `${r.base}: ${t.prompt.slice(0, 70).replace(/\n/g, ' ')} -> ${[...t.wrote.map((w) => `wrote "${w}"`), ...t.nudged.map((n) => `nudged "${n}"`)].join('; ').slice(0, 200)}`,
      );
  }
  quietTurns += quiet;
  quietKept += kept;
  console.log(
    `${r.base.padEnd(60)} ${String(r.prompts).padStart(7)} ${String(r.nudgedPrompts).padStart(6)} ${String(r.entries.length).padStart(7)} ${String(r.pending.length).padStart(7)}  ${kept}/${quiet}`,
  );
  if (verbose) {
    for (const e of r.entries) console.log(`    written ${verdictOf(labels, e)}  ${e}`);
    for (const e of r.pending) console.log(`    pending ${verdictOf(labels, e)}  ${e}`);
    for (const n of r.nudges) console.log(`    nudge   ${verdictOf(labels, n.text)}  ${n.text}`);
    const matched = new Set();
    for (const text of noticed[r.base])
      for (const g of labels.gold ?? []) if (all(compile(g.match), text)) matched.add(g.id);
    for (const g of (labels.gold ?? []).filter((x) => x.strength === 'must' && !matched.has(x.id)))
      console.log(`    MISSED  ${g.id} ${g.text}`);
  }
}
if (verbose) for (const line of noisyQuiet) console.log(`  noisy quiet turn: ${line}`);
for (const line of secretWhere) console.log(`  SECRET ON DISK ${line}`);

const prompts = results.reduce((n, r) => n + r.prompts, 0);
const nudgedPrompts = results.reduce((n, r) => n + r.nudgedPrompts, 0);
const F = median(baseline);
const ratio = (xs, p) => (xs.length ? (p === 50 ? median(xs) : percentile(xs, p)) / F : NaN);
const target = (ok) => (ok ? 'met' : 'MISSED');
console.log(
  `\nscored arrays: ${outDir}/{written,pending,nudged,noticed}; ${files.length} transcripts, ${prompts} typed prompts, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
);
console.log(
  `written (mem by itself): entries=${sWritten.entries} precision=${fmt(sWritten.precision ?? NaN)} mustRecall=${fmt(sWritten.mustRecall)} forbidden=${sWritten.forbidden} ${JSON.stringify(sWritten.forbiddenByWhy)} secret=${sWritten.secret}`,
);
console.log(
  `pending:                 candidates=${sPending.entries} precision=${fmt(sPending.precision ?? NaN)} mustRecall=${fmt(sPending.mustRecall)} forbidden=${sPending.forbidden}`,
);
console.log(
  `nudged:                  sentences=${sNudged.entries} precision=${fmt(sNudged.precision ?? NaN)} mustRecall=${fmt(sNudged.mustRecall)} forbidden=${sNudged.forbidden}`,
);
console.log(`noticed (all three):     mustRecall=${fmt(sNoticed.mustRecall)} goldRecall=${fmt(sNoticed.goldRecall)}`);
console.log('');
console.log(
  `MEASURE precision of what mem writes by itself  ${fmt(sWritten.precision ?? NaN)}  (target >= 0.9: ${target(sWritten.entries === 0 || sWritten.precision >= 0.9)})`,
);
console.log(
  `MEASURE forbidden written / secrets on disk     ${sWritten.forbidden} / ${secretsOnDisk}  (target <= 1 / 0: ${target(sWritten.forbidden <= 1 && secretsOnDisk === 0)})`,
);
console.log(
  `MEASURE noticed recall (must)                   ${fmt(sNoticed.mustRecall)}  (target >= 0.8: ${target(sNoticed.mustRecall >= 0.8)})`,
);
console.log(
  `MEASURE nudge rate                              ${fmt(nudgedPrompts / prompts)} (${nudgedPrompts}/${prompts})  (target <= 0.35: ${target(nudgedPrompts / prompts <= 0.35)})`,
);
console.log(
  `MEASURE pending precision                       ${sPending.entries ? fmt(sPending.precision) : 'n/a (none pending)'}  (target >= 0.5: ${target(sPending.entries > 0 && sPending.precision >= 0.5)})`,
);
console.log(
  `MEASURE quiet turns kept quiet                  ${fmt(quietKept / quietTurns)} (${quietKept}/${quietTurns})`,
);
console.log(
  `hooks: F=${fmt(F, 1)} ms; median/p95 ratio to F: user-prompt-submit ${fmt(ratio(timings['user-prompt-submit'], 50))}/${fmt(ratio(timings['user-prompt-submit'], 95))}, stop ${fmt(ratio(timings.stop, 50))}/${fmt(ratio(timings.stop, 95))}, session-start ${fmt(ratio(timings['session-start'], 50))} (a loaded machine: use bench/hook-bench.mjs for budgets)`,
);

// The measures of issue 26, per half of bench/corpus-split.mjs: the tuning half is where rules are
// changed, the validation half only decides whether a change stays.
console.log('');
for (const name of ['tuning', 'validation']) {
  const part = results.filter((r) => halfOf(sessionKey(r.base)) === name);
  if (part.length === 0) continue;
  const pick = (byBase) => Object.fromEntries(part.map((r) => [r.base, byBase[r.base]]));
  const w = score(`${name}-written`, pick(written));
  const p = score(`${name}-pending`, pick(pending));
  const n = score(`${name}-noticed`, pick(noticed));
  const typed = part.reduce((sum, r) => sum + r.prompts, 0);
  const nudgedTyped = part.reduce((sum, r) => sum + r.nudgedPrompts, 0);
  const precision = (s) =>
    s.entries ? `${fmt(s.precision)} (${Math.round(s.precision * s.entries)}/${s.entries})` : 'n/a (none)';
  console.log(
    `HALF ${name.padEnd(10)} sessions=${part.length} own-write precision=${precision(w)} noticed recall=${fmt(n.mustRecall)} pending precision=${precision(p)} pending/session=${fmt(p.entries / part.length, 1)} nudge rate=${fmt(nudgedTyped / typed)} (${nudgedTyped}/${typed}) forbidden written=${w.forbidden}`,
  );
}
if (hookProblems.length) console.log(`HOOK PROBLEMS: ${hookProblems.slice(0, 5).join(' | ')} (${hookProblems.length})`);
process.exitCode = secretsOnDisk > 0 || sWritten.secret > 0 ? 2 : 0;
