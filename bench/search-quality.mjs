#!/usr/bin/env node
// Search quality on a labelled corpus (fixtures/search): success@1, success@3 and MRR over the
// queries in fixtures/search/queries.json, plus a breakdown by query type and every miss.
// Usage: node bench/search-quality.mjs [--verbose]
import { importSources } from './lib.mjs';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = join(PROJECT, 'fixtures', 'search');

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};

function git(cwd, args, input) {
  return execFileSync('git', args, {
    cwd,
    env: GIT_ENV,
    input,
    encoding: 'utf8',
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  }).trim();
}

/** The shared memory's working copy, relative to the worktree root (src/core/shared-memory-stamp.ts). */
export const WORKING_FILE = '.memory/state/team-memory.md';

/** Writes `body` (mem's region format: sections, entries with id comments) as the shared memory's working copy of the clone at `root`, as mem keeps it since the team ref moved to refs/mem/team. */
export function writeTeamMemory(root, body) {
  mkdirSync(join(root, '.memory', 'state'), { recursive: true });
  const text = body.endsWith('\n') || body === '' ? body : `${body}\n`;
  writeFileSync(
    join(root, WORKING_FILE),
    `<!-- mem:begin (managed by mem: edit freely, keep the id comments) -->\n${text}<!-- mem:end -->\n`,
  );
}

/** Creates a temp git repository holding the fixture corpus (files, session handoffs, shared memory) and returns its root. */
export function makeFixtureRepo(parent = mkdtempSync(join(tmpdir(), 'mem-search-quality-'))) {
  const root = join(parent, 'repo');
  cpSync(join(FIXTURE, 'repo'), root, { recursive: true });
  mkdirSync(join(root, '.memory', 'sessions'), { recursive: true });
  for (const name of readdirSync(join(FIXTURE, 'sessions')))
    cpSync(join(FIXTURE, 'sessions', name), join(root, '.memory', 'sessions', name));
  git(root, ['init', '-q', '-b', 'main']);
  writeTeamMemory(root, readFileSync(join(FIXTURE, 'team-memory.md'), 'utf8'));
  return root;
}

/** Imports the search and recall API straight from src/ (no dependency on how dist/ is wired). */
export async function loadSearchApi() {
  return importSources(
    [
      "export { searchMemory } from './src/search/search-memory.ts';",
      "export { recallForPrompt } from './src/search/recall.ts';",
      "export { defaultConfig } from './src/core/config/schema.ts';",
    ].join('\n'),
  );
}

async function main() {
  const verbose = process.argv.includes('--verbose');
  const work = mkdtempSync(join(tmpdir(), 'mem-search-quality-'));
  try {
    const root = makeFixtureRepo(work);
    const { searchMemory } = await loadSearchApi();
    const queries = JSON.parse(readFileSync(join(FIXTURE, 'queries.json'), 'utf8'));
    const nowMs = Date.parse('2026-11-29T12:00:00Z');
    const byType = new Map();
    let at1 = 0;
    let at3 = 0;
    let rr = 0;
    const misses = [];
    for (const q of queries) {
      const { results } = await searchMemory(root, q.query, { limit: 10, nowMs });
      const rank = results.findIndex((r) => r.file === q.file && r.text.includes(q.contains)) + 1;
      if (rank === 1) at1 += 1;
      if (rank >= 1 && rank <= 3) at3 += 1;
      if (rank >= 1) rr += 1 / rank;
      const t = byType.get(q.type) ?? { n: 0, at3: 0 };
      t.n += 1;
      if (rank >= 1 && rank <= 3) t.at3 += 1;
      byType.set(q.type, t);
      if (rank !== 1)
        misses.push({ q, rank, top: results.slice(0, 3).map((r) => `${r.file}:${r.line} ${r.text.slice(0, 60)}`) });
    }
    const n = queries.length;
    console.log(`# mem search quality (${n} queries, fixtures/search)\n`);
    console.log('| metric | value | target |\n|---|---|---|');
    console.log(`| success@1 | ${(at1 / n).toFixed(3)} | |`);
    console.log(`| success@3 | ${(at3 / n).toFixed(3)} | ≥ 0.9 |`);
    console.log(`| MRR | ${(rr / n).toFixed(3)} | ≥ 0.8 |\n`);
    console.log('| query type | queries | success@3 |\n|---|---|---|');
    for (const [type, t] of byType) console.log(`| ${type} | ${t.n} | ${(t.at3 / t.n).toFixed(2)} |`);
    if (misses.length > 0) {
      console.log('\nNot ranked first:');
      for (const m of misses) {
        console.log(
          `- "${m.q.query}" → ${m.rank === 0 ? 'not in top 10' : `rank ${m.rank}`} (wanted ${m.q.file}: ${m.q.contains})`,
        );
        if (verbose) for (const line of m.top) console.log(`    ${line}`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
