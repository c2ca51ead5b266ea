#!/usr/bin/env node
// Prompt-time recall quality (the user-prompt-submit hook) on labelled prompts:
//   fixtures/recall/prompts.json        on the fixtures/search corpus (the labelled search corpus)
//   fixtures/recall/small-prompts.json  on fixtures/recall/small (a new user's repository a week after `mem init`)
//   fixtures/recall/holdout/prompts.json on fixtures/recall/holdout (a Go + React Native delivery platform), held out:
//     corpus and prompts were written after the relevance rules were tuned on the two sets above, without
//     looking at the recall implementation or running recall, so its figures are the honest ones
// A positive prompt names a memory that is NOT in the agent's context (nested CLAUDE.md, AGENTS.md,
// conditional rule, team-branch-only entry, session handoff); it is a hit when the injected text
// contains the expected memory text. A negative prompt should inject nothing at all (chit-chat,
// generic tasks, prompts answered only by the root CLAUDE.md, incidental shared words).
// Every prompt gets a fresh session id, so "never twice per session" does not interfere.
// It measures, it does not assert: the exit code does not depend on the figures.
// Usage: node bench/recall-quality.mjs [--verbose]   (no build needed: imports src/ through esbuild)
import { WORKING_FILE, loadSearchApi, makeFixtureRepo, writeTeamMemory } from './search-quality.mjs';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NOW_MS = Date.parse('2026-11-29T12:00:00Z');
const HEADER_PREFIX = 'Relevant team memory';

const CORPORA = [
  {
    name: 'fixtures/search',
    dir: join(PROJECT, 'fixtures', 'search'),
    prompts: join(PROJECT, 'fixtures', 'recall', 'prompts.json'),
    build: (parent) => makeFixtureRepo(parent),
  },
  {
    name: 'fixtures/recall/small',
    dir: join(PROJECT, 'fixtures', 'recall', 'small'),
    prompts: join(PROJECT, 'fixtures', 'recall', 'small-prompts.json'),
    build: (parent) => makeCorpusRepo(join(PROJECT, 'fixtures', 'recall', 'small'), parent),
  },
  {
    name: 'fixtures/recall/holdout',
    label: 'held-out, written after tuning',
    dir: join(PROJECT, 'fixtures', 'recall', 'holdout'),
    prompts: join(PROJECT, 'fixtures', 'recall', 'holdout', 'prompts.json'),
    build: (parent) => makeCorpusRepo(join(PROJECT, 'fixtures', 'recall', 'holdout'), parent),
  },
];

/** Builds a temp git repository from a corpus laid out like fixtures/search (repo/, sessions/, optional team-memory.md); returns its root. */
export function makeCorpusRepo(corpusDir, parent = mkdtempSync(join(tmpdir(), 'mem-recall-quality-'))) {
  const root = join(parent, 'repo');
  cpSync(join(corpusDir, 'repo'), root, { recursive: true });
  mkdirSync(join(root, '.memory', 'sessions'), { recursive: true });
  const sessions = join(corpusDir, 'sessions');
  if (existsSync(sessions))
    for (const name of readdirSync(sessions)) cpSync(join(sessions, name), join(root, '.memory', 'sessions', name));
  execFileSync('git', ['init', '-q', '-b', 'main'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
  const team = join(corpusDir, 'team-memory.md');
  if (existsSync(team)) writeTeamMemory(root, readFileSync(team, 'utf8'));
  return root;
}

/** Returns the corpus file a label's `file` (as recall reports it) comes from. */
function corpusFileOf(corpusDir, file) {
  if (file === WORKING_FILE) return join(corpusDir, 'team-memory.md');
  if (file.startsWith('.memory/sessions/')) return join(corpusDir, 'sessions', file.slice('.memory/sessions/'.length));
  return join(corpusDir, 'repo', file);
}

/** Returns the problems of a prompt set's labels: an expected text that is not in the labelled corpus file. */
function checkLabels(corpusDir, prompts) {
  const problems = [];
  for (const p of prompts) {
    if (!p.expect) continue;
    const file = corpusFileOf(corpusDir, p.expect.file);
    const text = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (text === null) problems.push(`label file missing: ${p.expect.file} ("${p.prompt}")`);
    else if (!text.includes(p.expect.contains))
      problems.push(`"${p.expect.contains}" not in ${p.expect.file} ("${p.prompt}")`);
  }
  return problems;
}

/** The injected memory lines, without the header. */
function injectedLines(text) {
  return text === null ? [] : text.split('\n').filter((line) => line.length > 0 && !line.startsWith(HEADER_PREFIX));
}

function clip(text, n = 100) {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

const pct = (a, b) => (b === 0 ? 'n/a' : `${(a / b).toFixed(3)} (${a}/${b})`);

async function measure(corpus, api, verbose) {
  const prompts = JSON.parse(readFileSync(corpus.prompts, 'utf8'));
  const work = mkdtempSync(join(tmpdir(), 'mem-recall-quality-'));
  try {
    const root = corpus.build(work);
    const config = api.defaultConfig();
    const rows = [];
    for (const [i, p] of prompts.entries()) {
      const sessionId = `recall-quality-${i}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
      let text = null;
      let error;
      const started = process.hrtime.bigint();
      try {
        text = await api.recallForPrompt({
          root,
          prompt: p.prompt,
          sessionId,
          config,
          deadlineMs: Date.now() + 10_000,
          nowMs: NOW_MS,
        });
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const lines = injectedLines(text);
      const hit = p.expect ? text !== null && text.includes(p.expect.contains) : false;
      rows.push({ p, text, lines, injected: lines.length > 0, hit, error, ms });
    }
    report(corpus, prompts, rows, checkLabels(corpus.dir, prompts), verbose, config);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function report(corpus, prompts, rows, labelProblems, verbose, config) {
  const pos = rows.filter((r) => r.p.expect);
  const neg = rows.filter((r) => !r.p.expect);
  const posHit = pos.filter((r) => r.hit).length;
  const posInjected = pos.filter((r) => r.injected);
  const negInjected = neg.filter((r) => r.injected);
  const lineCount = rows.reduce((n, r) => n + r.lines.length, 0);
  const injections = rows.filter((r) => r.injected).length;
  const times = rows.map((r) => r.ms).sort((a, b) => a - b);

  console.log(
    `## ${corpus.name}${corpus.label ? ` — ${corpus.label}` : ''} (${pos.length} positive, ${neg.length} negative prompts; ${corpus.prompts.slice(PROJECT.length + 1)})\n`,
  );
  console.log(`recallMinScore ${config.search.recallMinScore}, recallMaxResults ${config.search.recallMaxResults}\n`);
  console.log('| metric | value |\n|---|---|');
  console.log(`| recall: positives whose injection contains the expected memory | ${pct(posHit, pos.length)} |`);
  console.log(`| positives with any injection | ${pct(posInjected.length, pos.length)} |`);
  console.log(
    `| precision: injected positives that contain the expected memory | ${pct(posHit, posInjected.length)} |`,
  );
  console.log(`| false-injection rate: negatives with any injection | ${pct(negInjected.length, neg.length)} |`);
  console.log(
    `| memory lines per injection (all prompts) | ${injections === 0 ? 'n/a' : (lineCount / injections).toFixed(2)} |`,
  );
  console.log(
    `| recall call, median / max ms (first call builds the index) | ${times[Math.floor(times.length / 2)].toFixed(1)} / ${times.at(-1).toFixed(1)} |\n`,
  );

  const types = new Map();
  for (const r of rows) {
    const t = types.get(r.p.type ?? (r.p.expect ? 'positive' : 'negative')) ?? {
      positive: Boolean(r.p.expect),
      n: 0,
      hit: 0,
      injected: 0,
    };
    t.n += 1;
    if (r.hit) t.hit += 1;
    if (r.injected) t.injected += 1;
    types.set(r.p.type ?? (r.p.expect ? 'positive' : 'negative'), t);
  }
  console.log('| prompt type | prompts | hit (positives) | any injection |\n|---|---|---|---|');
  for (const [type, t] of types) console.log(`| ${type} | ${t.n} | ${t.positive ? t.hit : '–'} | ${t.injected} |`);

  const misses = pos.filter((r) => !r.hit);
  if (misses.length > 0) {
    console.log('\nMisses (positive prompt → what was injected):');
    for (const r of misses) {
      const got = r.error ? `error: ${r.error}` : r.injected ? clip(r.lines.join(' | ')) : 'nothing';
      console.log(`- "${r.p.prompt}" → ${got}\n    wanted ${r.p.expect.file}: ${r.p.expect.contains}`);
      if (verbose && r.lines.length > 1) for (const line of r.lines) console.log(`    ${line}`);
    }
  }
  if (negInjected.length > 0) {
    console.log('\nFalse injections (negative prompt → what was injected):');
    for (const r of negInjected) {
      console.log(`- [${r.p.type ?? 'negative'}] "${r.p.prompt}" → ${clip(r.lines.join(' | '))}`);
      if (verbose && r.lines.length > 1) for (const line of r.lines) console.log(`    ${line}`);
    }
  }
  const errors = rows.filter((r) => r.error !== undefined && !r.p.expect);
  if (errors.length > 0) {
    console.log('\nErrors on negative prompts (counted as no injection):');
    for (const r of errors) console.log(`- "${r.p.prompt}": ${r.error}`);
  }
  if (verbose) {
    console.log('\nEvery prompt:');
    for (const r of rows) {
      const mark = r.p.expect ? (r.hit ? 'HIT ' : 'MISS') : r.injected ? 'FALSE' : 'ok  ';
      console.log(`- ${mark} "${r.p.prompt}"`);
      for (const line of r.lines) console.log(`    ${line}`);
    }
  }
  if (labelProblems.length > 0) {
    console.log('\nLabel problems (fix the prompt file):');
    for (const problem of labelProblems) console.log(`- ${problem}`);
  }
  console.log('');
}

async function main() {
  const verbose = process.argv.includes('--verbose');
  const api = await loadSearchApi();
  console.log(`# mem prompt-time recall quality (user-prompt-submit)\n`);
  for (const corpus of CORPORA) await measure(corpus, api, verbose);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
