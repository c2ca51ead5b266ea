#!/usr/bin/env node
// Staleness on real repository histories (issue 30's measures), through the built CLI. For each case
// of bench/staleness/cases/ (made from mirrors by bench/staleness-build.mjs): a temporary repository
// at T (bench/staleness/case-repo.mjs), `mem init --yes`, `mem remember --force --json <line>` for
// each line taken, then a commit moving the work tree to T2 and `mem check --json`. --force: only
// the hard gates may refuse a line (a line of the repository's own CLAUDE.md would otherwise be
// refused as already said there).
//
// Measures, per half of the tuning/validation split (by repository, bench/corpus-split.mjs):
//   stale recall   lines with a reference gone at T2 that `mem check` calls stale     (≥ 0.9)
//   false flags    lines whose references all resolve unchanged, called stale        (≤ 0.05)
//   renames        stale lines whose gone path git renamed, with that new path offered (≥ 0.8)
//   deleted        entries `mem` removed by itself (remembered, gone after the check) (0)
// Also reported: lines whose references resolve but changed, called stale (either answer is
// right by the issue; reported, not scored), and lines naming nothing, called stale.
//
// Lines per case: every stale line, and at most --per-case of each other kind (evenly spread), so
// a run takes minutes, not hours; every rate is within one kind, so the draw does not bias it.
//
// Usage: npm run build && node bench/staleness-corpus.mjs [--half tuning|validation|all] [--jobs 2]
//        [--per-case 8] [--verbose] [--keep] [owner/name…]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT } from './lib.mjs';
import { flag, gateEnv, mapLimit } from './corpus-gate.mjs';
import { checkOutT, moveToT2 } from './staleness/case-repo.mjs';

const MIRRORS = flag('--mirrors', process.env.MEM_MIRRORS ?? '/work/.mirror');
const jobs = Number(flag('--jobs', '2'));
const perCase = Number(flag('--per-case', '8'));
const verbose = process.argv.includes('--verbose');
const keep = process.argv.includes('--keep');
const halfFlag = flag('--half', '');
const halves = halfFlag === '' ? ['tuning', 'validation'] : halfFlag === 'all' ? ['all'] : [halfFlag];
const named = process.argv.slice(2).filter((arg, i, all) => /^[\w.-]+\/[\w.-]+$/.test(arg) && !['--half', '--jobs', '--per-case', '--mirrors'].includes(all[i - 1]));

const spread = (items, n) => (items.length <= n ? items : Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]));

/** The lines of one case that a run offers: every stale one, at most `perCase` of each other kind. */
function linesOf(kase) {
  const byKind = (kind) => kase.entries.filter((e) => e.expected === kind);
  return [...byKind('stale'), ...spread(byKind('fresh'), perCase), ...spread(byKind('changed'), perCase), ...spread(byKind('none'), Math.ceil(perCase / 2))];
}

function loadCases() {
  const dir = join(ROOT, 'bench', 'staleness', 'cases');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
    .filter((set) => named.length === 0 || named.includes(set.repo));
}

function run(args, cwd, env) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

const parseJson = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Runs one case; returns one result per line offered. */
async function runCase(repoName, kase, index) {
  const base = mkdtempSync(join(tmpdir(), 'mem-staleness-'));
  const home = join(base, 'home');
  const repo = join(base, 'repo');
  mkdirSync(home);
  const env = gateEnv(home);
  const mirror = join(MIRRORS, repoName.replace('/', '+'), 'repo');
  try {
    checkOutT(repo, env, mirror, kase);
    const init = await run(['init', '--yes'], repo, env);
    if (init.status !== 0) throw new Error(`mem init failed in ${repoName}@${kase.t}: ${init.stderr}`);
    const offered = [];
    for (const entry of linesOf(kase)) {
      const result = await run(['remember', '--force', '--json', entry.text], repo, env);
      const outcome = parseJson(result.stdout);
      offered.push({ entry, outcome: outcome?.status ?? `exit-${result.status}`, id: outcome?.id ?? null });
    }
    const listed = (list) => new Set((parseJson(list.stdout) ?? []).map((e) => e.id));
    const before = listed(await run(['list', '--json'], repo, env));
    moveToT2(repo, env, mirror, kase);
    const check = await run(['check', '--json'], repo, env);
    const report = parseJson(check.stdout);
    if (!Array.isArray(report)) throw new Error(`mem check --json gave no list in ${repoName}@${kase.t2} (exit ${check.status}): ${check.stderr.slice(0, 400)}`);
    const after = listed(await run(['list', '--json'], repo, env));
    const byId = new Map(report.map((item) => [item.id, item]));
    // A later line that updated an earlier one's entry (same id) stands for it: score the last.
    const lastById = new Map(offered.filter((o) => o.id).map((o) => [o.id, o]));
    return offered.map((o) => {
      const checked = o.id ? byId.get(o.id) : undefined;
      const superseded = o.id !== null && lastById.get(o.id) !== o;
      return {
        repo: repoName,
        t: kase.t,
        t2: kase.t2,
        file: kase.file,
        line: o.entry.line,
        text: o.entry.text,
        expected: o.entry.expected,
        refs: o.entry.refs,
        outcome: o.outcome,
        written: o.id !== null && ['added', 'updated', 'duplicate'].includes(o.outcome) && !superseded,
        deleted: o.id !== null && before.has(o.id) && !after.has(o.id),
        status: checked?.status ?? 'absent',
        anchors: checked?.anchors ?? [],
      };
    });
  } finally {
    if (keep) process.stderr.write(`kept ${base} (case ${index})\n`);
    else rmSync(base, { recursive: true, force: true });
  }
}

/** The expected renames of a stale line that `mem check` offered. */
function renameOffered(result) {
  const expected = result.refs.filter((r) => r.status === 'gone' && r.renamedTo);
  const offered = new Set(result.anchors.map((a) => a.renamedTo).filter(Boolean).map((p) => p.replace(/\/$/, '')));
  return expected.every((r) => offered.has(r.renamedTo));
}

function score(results) {
  const written = results.filter((r) => r.written);
  const of = (kind) => written.filter((r) => r.expected === kind);
  const flagged = (rows) => rows.filter((r) => r.status === 'stale');
  const stale = of('stale');
  const renamed = stale.filter((r) => r.refs.some((ref) => ref.status === 'gone' && ref.renamedTo));
  return {
    offered: results.length,
    written: written.length,
    refused: results.filter((r) => !r.written).length,
    recall: [flagged(stale).length, stale.length],
    falseFlags: [flagged(of('fresh')).length, of('fresh').length],
    changedFlagged: [flagged(of('changed')).length, of('changed').length],
    noneFlagged: [flagged(of('none')).length, of('none').length],
    renames: [renamed.filter((r) => r.status === 'stale' && renameOffered(r)).length, renamed.length],
    deleted: results.filter((r) => r.deleted).length,
  };
}

const ratio = ([part, whole]) => `${whole === 0 ? 'n/a' : (part / whole).toFixed(3)} (${part}/${whole})`;

function printMisses(results) {
  const show = (title, rows) => {
    if (rows.length === 0) return;
    process.stdout.write(`  ${title}:\n`);
    for (const r of rows) {
      const refs = r.refs.map((ref) => `${ref.kind}:${ref.value}=${ref.status}${ref.renamedTo ? `→${ref.renamedTo}` : ''}`).join(' ');
      const anchors = r.anchors.map((a) => `${a.kind}:${a.value}=${a.status}${a.renamedTo ? `→${a.renamedTo}` : ''}`).join(' ');
      process.stdout.write(`    ${r.repo} ${r.file}:${r.line} [${refs}] mem: ${r.status} [${anchors}]\n      ${r.text.slice(0, 220)}\n`);
    }
  };
  const written = results.filter((r) => r.written);
  show('stale, not flagged', written.filter((r) => r.expected === 'stale' && r.status !== 'stale'));
  show('fresh, flagged', written.filter((r) => r.expected === 'fresh' && r.status === 'stale'));
  show('naming nothing, flagged', written.filter((r) => r.expected === 'none' && r.status === 'stale'));
  show('rename not offered', written.filter((r) => r.expected === 'stale' && r.status === 'stale' && r.refs.some((ref) => ref.renamedTo) && !renameOffered(r)));
  show('not written', results.filter((r) => !r.written && r.outcome !== 'updated'));
}

if (!existsSync(join(ROOT, 'dist', 'cli.cjs'))) throw new Error('dist/ is missing: run `npm run build` first');
execFileSync('git', ['--version']);
const sets = loadCases();
for (const half of halves) {
  const cases = sets.filter((set) => half === 'all' || set.half === half).flatMap((set) => set.cases.map((kase) => ({ repo: set.repo, kase })));
  const started = Date.now();
  let done = 0;
  const perCaseResults = await mapLimit(cases, jobs, async ({ repo, kase }, index) => {
    const results = await runCase(repo, kase, index);
    done += 1;
    process.stderr.write(`  ${done}/${cases.length} ${repo} ${kase.file} ${kase.tDate}→${kase.t2Date}\n`);
    return results;
  });
  const results = perCaseResults.flat();
  const s = score(results);
  const repos = new Set(cases.map((c) => c.repo));
  process.stdout.write(`\n${half} half: ${repos.size} repositories, ${cases.length} commit pairs, ${s.offered} lines offered, ${s.written} written (${s.refused} refused or merged), ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  process.stdout.write(`  stale recall                  ${ratio(s.recall)}   target ≥ 0.9\n`);
  process.stdout.write(`  false flags (fresh)           ${ratio(s.falseFlags)}   target ≤ 0.05\n`);
  process.stdout.write(`  renames offered               ${ratio(s.renames)}   target ≥ 0.8\n`);
  process.stdout.write(`  entries deleted by mem        ${s.deleted}   target 0\n`);
  process.stdout.write(`  changed, flagged stale        ${ratio(s.changedFlagged)}   (either is right)\n`);
  process.stdout.write(`  naming nothing, flagged stale ${ratio(s.noneFlagged)}\n`);
  if (verbose) printMisses(results);
}
