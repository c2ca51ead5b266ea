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
// A run replays a draw (drawLines), so it takes minutes, not hours; every rate is within one kind
// of line, so the draw does not bias it. --pure scores every line of every case.
//
// Usage: npm run build && node bench/staleness-corpus.mjs [--half tuning|validation|all] [--jobs 2]
//        [--per-repo 16] [--cases-per-repo 3] [--verbose] [--keep] [owner/name…]
//        node bench/staleness-corpus.mjs --pure [--half …] [--verbose]   (in process, no CLI: the
//        anchor engine of src/core/anchors/ on every line of every case, trees read from the
//        mirrors; seconds, for tuning the finder. The reported figures are the CLI's.)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, importSources } from './lib.mjs';
import { flag, gateEnv, mapLimit } from './corpus-gate.mjs';
import { checkOutT, moveToT2 } from './staleness/case-repo.mjs';
import { renamesBetween, treeAt } from './staleness/tree-at.mjs';

const MIRRORS = flag('--mirrors', process.env.MEM_MIRRORS ?? join(ROOT, '..', '.mirror'));
const jobs = Number(flag('--jobs', '2'));
const perRepo = Number(flag('--per-repo', '16'));
const casesPerRepo = Number(flag('--cases-per-repo', '3'));
const verbose = process.argv.includes('--verbose');
const pure = process.argv.includes('--pure');
const keep = process.argv.includes('--keep');
const halfFlag = flag('--half', '');
const halves = halfFlag === '' ? ['tuning', 'validation'] : halfFlag === 'all' ? ['all'] : [halfFlag];
const named = process.argv
  .slice(2)
  .filter(
    (arg, i, all) =>
      /^[\w.-]+\/[\w.-]+$/.test(arg) &&
      !['--half', '--jobs', '--per-repo', '--cases-per-repo', '--mirrors'].includes(all[i - 1]),
  );

const spread = (items, n) =>
  items.length <= n ? items : Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]);

/**
 * The cases of one repository a run replays, with the lines it offers: the --cases-per-repo cases
 * with the most stale lines (then the most lines), and in them at most --per-repo stale and fresh
 * lines, half as many changed and a quarter as many naming nothing, evenly spread. One case costs
 * a checkout, `mem init` and a check; one line a `mem remember` process.
 */
function drawLines(set) {
  const staleIn = (kase) => kase.entries.filter((entry) => entry.expected === 'stale').length;
  const chosen = [...set.cases]
    .sort((a, b) => staleIn(b) - staleIn(a) || b.entries.length - a.entries.length)
    .slice(0, casesPerRepo);
  const all = chosen.flatMap((kase) => kase.entries);
  const byKind = (kind) => all.filter((entry) => entry.expected === kind);
  const drawn = new Set([
    ...spread(byKind('stale'), perRepo),
    ...spread(byKind('fresh'), perRepo),
    ...spread(byKind('changed'), Math.ceil(perRepo / 2)),
    ...spread(byKind('none'), Math.ceil(perRepo / 4)),
  ]);
  return chosen
    .map((kase) => ({ repo: set.repo, kase: { ...kase, entries: kase.entries.filter((entry) => drawn.has(entry)) } }))
    .filter(({ kase }) => kase.entries.length > 0);
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

const resultOf = (repo, kase, entry) => ({
  repo,
  t: kase.t,
  t2: kase.t2,
  file: kase.file,
  line: entry.line,
  text: entry.text,
  expected: entry.expected,
  refs: entry.refs,
});

/** The anchor engine, bundled from src/ in process (for --pure). */
async function loadEngine() {
  return importSources(
    [
      "export { findReferences } from './src/core/anchors/find-references.ts';",
      "export { resolveAnchors } from './src/core/anchors/resolve-anchors.ts';",
      "export { checkAnchors } from './src/core/anchors/check-anchors.ts';",
      "export { worstState } from './src/core/anchors/anchor.ts';",
    ].join('\n'),
  );
}

/** Snapshots by commit, for the current repository (every long pair of a repository ends at its HEAD). */
const snapshots = { repo: '', byCommit: new Map() };
function snapshotOf(repoName, mirror, commit) {
  if (snapshots.repo !== repoName) Object.assign(snapshots, { repo: repoName, byCommit: new Map() });
  if (!snapshots.byCommit.has(commit)) {
    const tree = treeAt(mirror, commit);
    snapshots.byCommit.set(commit, { commit, objects: tree.entries, manifests: tree.manifests });
  }
  return snapshots.byCommit.get(commit);
}

/** One case in process: every line's references found, resolved at T and checked at T2 by the engine itself. */
function runCasePure(engine, repoName, kase) {
  const mirror = join(MIRRORS, repoName.replace('/', '+'), 'repo');
  const before = snapshotOf(repoName, mirror, kase.t);
  const after = snapshotOf(repoName, mirror, kase.t2);
  const renames = renamesBetween(mirror, kase.t, kase.t2);
  return kase.entries.map((entry) => {
    const anchors = engine.resolveAnchors(engine.findReferences(entry.text), before);
    const statuses = anchors.length === 0 ? [] : engine.checkAnchors({ commit: kase.t, refs: anchors }, after, renames);
    return {
      ...resultOf(repoName, kase, entry),
      outcome: 'added',
      written: true,
      deleted: false,
      status: engine.worstState(statuses.map((one) => one.status)),
      anchors: statuses.map((one) => ({
        kind: one.anchor.kind,
        value: one.anchor.value,
        path: one.anchor.path,
        status: one.status,
        ...(one.renamedTo ? { renamedTo: one.renamedTo } : {}),
      })),
    };
  });
}

/**
 * --pure only: the labelled references the engine anchored too (by the path or manifest that holds
 * them), and the anchors it made that the labeller has not. A wider view than the stale lines alone.
 */
function referenceAgreement(results) {
  const holder = (ref) => ref.path ?? ref.file ?? `package.json:${ref.value}`;
  let labelled = 0;
  let found = 0;
  let extra = 0;
  const missed = [];
  const extras = [];
  for (const r of results) {
    const anchored = new Set(r.anchors.map((a) => (a.kind === 'script' ? `package.json:${a.value}` : a.path)));
    const scripts = new Set(r.anchors.filter((a) => a.kind === 'script').map((a) => a.value));
    for (const ref of r.refs) {
      labelled += 1;
      if (anchored.has(holder(ref)) || (ref.kind === 'script' && scripts.has(ref.value))) found += 1;
      else missed.push(`${ref.kind}:${ref.value} | ${r.text.slice(0, 160)}`);
    }
    const paths = new Set(r.refs.map(holder));
    for (const a of r.anchors) {
      if (
        a.kind === 'script' ? r.refs.some((ref) => ref.kind === 'script' && ref.value === a.value) : paths.has(a.path)
      )
        continue;
      extra += 1;
      extras.push(`${a.kind}:${a.value}→${a.path} | ${r.text.slice(0, 160)}`);
    }
  }
  return { labelled, found, extra, missed, extras };
}

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
    for (const entry of kase.entries) {
      const result = await run(['remember', '--force', '--json', entry.text], repo, env);
      const outcome = parseJson(result.stdout);
      offered.push({ entry, outcome: outcome?.status ?? `exit-${result.status}`, id: outcome?.id ?? null });
    }
    const listed = (list) => new Set((parseJson(list.stdout) ?? []).map((e) => e.id));
    const before = listed(await run(['list', '--json'], repo, env));
    moveToT2(repo, env, mirror, kase);
    const check = await run(['check', '--all', '--json'], repo, env);
    const report = parseJson(check.stdout);
    if (!Array.isArray(report))
      throw new Error(
        `mem check --json gave no list in ${repoName}@${kase.t2} (exit ${check.status}): ${check.stderr.slice(0, 400)}`,
      );
    const after = listed(await run(['list', '--json'], repo, env));
    const byId = new Map(report.map((item) => [item.id, item]));
    // A later line that updated an earlier one's entry (same id) stands for it: score the last.
    const lastById = new Map(offered.filter((o) => o.id).map((o) => [o.id, o]));
    return offered.map((o) => {
      const checked = o.id ? byId.get(o.id) : undefined;
      const superseded = o.id !== null && lastById.get(o.id) !== o;
      return {
        ...resultOf(repoName, kase, o.entry),
        outcome: o.outcome,
        written: o.id !== null && ['added', 'updated', 'duplicate'].includes(o.outcome) && !superseded,
        deleted: o.id !== null && before.has(o.id) && !after.has(o.id),
        // An entry `mem check` leaves out has no stale anchor.
        status: checked?.status ?? 'fresh',
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
  const offered = new Set(
    result.anchors
      .map((a) => a.renamedTo)
      .filter(Boolean)
      .map((p) => p.replace(/\/$/, '')),
  );
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
      const refs = r.refs
        .map((ref) => `${ref.kind}:${ref.value}=${ref.status}${ref.renamedTo ? `→${ref.renamedTo}` : ''}`)
        .join(' ');
      const anchors = r.anchors
        .map((a) => `${a.kind}:${a.value}=${a.status}${a.renamedTo ? `→${a.renamedTo}` : ''}`)
        .join(' ');
      process.stdout.write(
        `    ${r.repo} ${r.file}:${r.line} [${refs}] mem: ${r.status} [${anchors}]\n      ${r.text.slice(0, 220)}\n`,
      );
    }
  };
  const written = results.filter((r) => r.written);
  show(
    'stale, not flagged',
    written.filter((r) => r.expected === 'stale' && r.status !== 'stale'),
  );
  show(
    'fresh, flagged',
    written.filter((r) => r.expected === 'fresh' && r.status === 'stale'),
  );
  show(
    'changed, flagged stale',
    written.filter((r) => r.expected === 'changed' && r.status === 'stale'),
  );
  show(
    'naming nothing, flagged',
    written.filter((r) => r.expected === 'none' && r.status === 'stale'),
  );
  show(
    'rename not offered',
    written.filter(
      (r) => r.expected === 'stale' && r.status === 'stale' && r.refs.some((ref) => ref.renamedTo) && !renameOffered(r),
    ),
  );
  show(
    'not written',
    results.filter((r) => !r.written && r.outcome !== 'updated'),
  );
}

if (!pure && !existsSync(join(ROOT, 'dist', 'cli.cjs'))) throw new Error('dist/ is missing: run `npm run build` first');
const engine = pure ? await loadEngine() : null;
const sets = loadCases();
for (const half of halves) {
  const inHalf = sets.filter((set) => half === 'all' || set.half === half);
  const cases = pure
    ? inHalf.flatMap((set) => set.cases.map((kase) => ({ repo: set.repo, kase })))
    : inHalf.flatMap(drawLines);
  const started = Date.now();
  let done = 0;
  const perCaseResults = await mapLimit(cases, pure ? 1 : jobs, async ({ repo, kase }, index) => {
    const results = pure ? runCasePure(engine, repo, kase) : await runCase(repo, kase, index);
    done += 1;
    if (!pure) process.stderr.write(`  ${done}/${cases.length} ${repo} ${kase.file} ${kase.tDate}→${kase.t2Date}\n`);
    return results;
  });
  const results = perCaseResults.flat();
  const s = score(results);
  const repos = new Set(cases.map((c) => c.repo));
  process.stdout.write(
    `\n${half} half${pure ? ' (in process)' : ''}: ${repos.size} repositories, ${cases.length} commit pairs, ${s.offered} lines offered, ${s.written} written (${s.refused} refused or merged), ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
  );
  process.stdout.write(`  stale recall                  ${ratio(s.recall)}   target ≥ 0.9\n`);
  process.stdout.write(`  false flags (fresh)           ${ratio(s.falseFlags)}   target ≤ 0.05\n`);
  process.stdout.write(`  renames offered               ${ratio(s.renames)}   target ≥ 0.8\n`);
  process.stdout.write(`  entries deleted by mem        ${s.deleted}   target 0\n`);
  process.stdout.write(`  changed, flagged stale        ${ratio(s.changedFlagged)}   (either is right)\n`);
  process.stdout.write(`  naming nothing, flagged stale ${ratio(s.noneFlagged)}\n`);
  if (pure) {
    const agreement = referenceAgreement(results);
    process.stdout.write(
      `  labelled references anchored  ${ratio([agreement.found, agreement.labelled])}; anchors the labeller has not: ${agreement.extra}\n`,
    );
    if (verbose) {
      process.stdout.write(`  references not anchored:\n${agreement.missed.map((line) => `    ${line}`).join('\n')}\n`);
      process.stdout.write(
        `  anchors beyond the labels:\n${agreement.extras.map((line) => `    ${line}`).join('\n')}\n`,
      );
    }
  }
  if (verbose) printMisses(results);
}
