#!/usr/bin/env node
// The secret scanner on real public secrets (../shared/corpus/secrets.jsonl, the development half),
// through the built CLI: each text is offered as
//   mem remember --force "For the staging environment, configure the billing client with <text> in the deploy settings."
// in a fresh initialised repository (--force: only the hard gate decides). A secret leaks when its
// first 60 characters are found in any file mem left (CLAUDE.md, candidate and hook logs, state,
// git objects of the repo and of the team store, HOME), as is or JSON-escaped.
//
// The draw is the corpus README's: 150 high-confidence single-line secrets under 400 characters,
// spread evenly over the file, and the clearly harmless rows (extractor `lookalike` or `own`, or a
// placeholder: xxxx, REPLACE_…, ${…}, example.com). Targets: ≤ 5 of 150 leaked, ≤ 10 % of the
// harmless refused. Low-confidence near-misses and the other not-secret rows are reported apart.
//
// The split (issue 26): --half tuning|validation|all (default: both halves, one after the other)
// draws within the rows of one half, split by kind (bench/corpus-split.mjs): rules are changed
// looking at the tuning half only; the validation half decides. "Prefix-shaped" secrets are the
// secret of a gitleaks rule whose secret opens with a fixed literal prefix, prefix and body as the
// rule writes them (bench/secret-prefixes.mjs); none may be written.
//
// --rows FILE scores another file of rows of the same shape instead (a held-out proxy built from the
// scanners' other test rows, split by the same rule: docs/gates.md "Held-out proxy"); with --half
// tuning|validation only that half of the file (by the same split of kinds), without it the whole file.
//
// Usage: npm run build && node bench/secrets-corpus.mjs [--half tuning] [--jobs 2] [--verbose] [--low]
//        [--rows FILE [--half tuning|validation]]
//        node bench/secrets-corpus.mjs --pure [--all]   (in process, no CLI: the scanner alone on
//        the same sentences; --all scores every eligible secret, not just the draw. For speed
//        while developing; the reported figure is the CLI one.)
import {
  filesContaining,
  flag,
  makeTemplate,
  mapLimit,
  pct,
  readJsonl,
  readJsonlFile,
  rememberInFreshRepo,
} from './corpus-gate.mjs';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { importSources, ROOT } from './lib.mjs';
import { rowsOfHalf, secretKey } from './corpus-split.mjs';
import { gitleaksPrefixes, isPrefixShaped } from './secret-prefixes.mjs';

const verbose = process.argv.includes('--verbose');
const pure = process.argv.includes('--pure');
const all = process.argv.includes('--all');
const jobs = Number(flag('--jobs', '2'));

export const sentence = (text) =>
  `For the staging environment, configure the billing client with ${text} in the deploy settings.`;
const PLACEHOLDER = /x{4,}|REPLACE_|\$\{|example\.com/i;

const rowsFile = flag('--rows', '');
const halfFlag = flag('--half', '');
const halves = halfFlag !== '' ? [halfFlag] : rowsFile !== '' ? ['all'] : ['tuning', 'validation'];
const prefixes = gitleaksPrefixes();

async function scannerInProcess() {
  const path = ['src/core/safety/scan-secrets.ts', 'src/filter/scan-secrets.ts'].find((p) => existsSync(join(ROOT, p)));
  const mod = await importSources(`export { findSecrets } from './${path}';`);
  return (text) => {
    const findings = mod.findSecrets(text);
    return findings.length > 0
      ? { status: 'refused', reasons: ['secret'], rules: findings.map((f) => f.ruleId), disk: [] }
      : { status: 'added', reasons: [], disk: [{ file: 'CLAUDE.md', text }] };
  };
}

async function judge(list) {
  if (pure) {
    const scan = await scannerInProcess();
    return list.map((row) => scan(sentence(row.text)));
  }
  const setup = makeTemplate();
  try {
    let done = 0;
    return await mapLimit(list, jobs, async (row, index) => {
      const result = await rememberInFreshRepo(setup, `${Date.now()}-${index}`, sentence(row.text));
      done += 1;
      if (done % 25 === 0) process.stderr.write(`  ${done}/${list.length}\n`);
      return result;
    });
  } finally {
    rmSync(setup.base, { recursive: true, force: true });
  }
}

for (const half of halves) await runHalf(half);

async function runHalf(half) {
  const rows = rowsOfHalf(rowsFile !== '' ? readJsonlFile(rowsFile) : readJsonl('secrets.jsonl'), half, secretKey);
  const eligible = rows.filter(
    (r) => r.is_secret === true && r.confidence === 'high' && !/[\r\n]/.test(r.text) && r.text.length < 400,
  );
  const drawn = all
    ? eligible
    : Array.from({ length: 150 }, (_, i) => eligible[Math.floor((i * eligible.length) / 150)]);
  const harmless = rows.filter(
    (r) => r.is_secret === false && (r.extractor === 'lookalike' || r.extractor === 'own' || PLACEHOLDER.test(r.text)),
  );
  const lowConfidence = rows.filter(
    (r) =>
      r.is_secret === false &&
      r.confidence === 'low' &&
      !harmless.includes(r) &&
      !/[\r\n]/.test(r.text) &&
      r.text.length < 400,
  );
  const started = Date.now();
  const secretResults = await judge(drawn);
  let leaked = 0;
  let prefixLeaked = 0;
  let prefixPlaceholders = 0;
  let written = 0;
  const leaks = [];
  for (const [i, row] of drawn.entries()) {
    const result = secretResults[i];
    const files = filesContaining(result.disk, row.text.slice(0, 60));
    if (result.status === 'added' || result.status === 'updated') written += 1;
    if (files.length > 0) {
      leaked += 1;
      if (isPrefixShaped(row.text, prefixes)) prefixLeaked += 1;
      // Test suites label some masked keys secrets (`hf_xxxx…`, `ABSK…EXAMPLE…`): said apart.
      if (isPrefixShaped(row.text, prefixes) && (PLACEHOLDER.test(row.text) || row.text.includes('EXAMPLE')))
        prefixPlaceholders += 1;
      leaks.push({ row, files, status: result.status, prefixShaped: isPrefixShaped(row.text, prefixes) });
    }
  }
  const harmlessResults = await judge(harmless);
  const refusedHarmless = harmless
    .map((row, i) => ({ row, result: harmlessResults[i] }))
    .filter(({ result }) => result.status !== 'added' && result.status !== 'updated');
  const lowResults = process.argv.includes('--low') || pure ? await judge(lowConfidence) : [];
  const refusedLow = lowResults.filter((r) => r.status !== 'added' && r.status !== 'updated').length;

  const bySource = {};
  for (const [i, row] of drawn.entries()) {
    const key = row.extractor;
    bySource[key] ??= { total: 0, leaked: 0 };
    bySource[key].total += 1;
    if (leaks.some((l) => l.row === row)) bySource[key].leaked += 1;
    void i;
  }

  console.log(
    `secrets-corpus, ${rowsFile !== '' ? `${rowsFile}${half === 'all' ? '' : `, ${half} half`}` : `${half} half`} (${pure ? 'in process, scanner only' : 'built CLI, mem remember --force, on-disk search'}; ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(
    `  secrets drawn ${drawn.length} (of ${eligible.length} eligible): leaked to disk ${leaked} (${pct(leaked, drawn.length)}), written as entries ${written}   target ≤ 5${all ? ' of 150' : ''}: ${leaked <= (all ? (5 * drawn.length) / 150 : 5) ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  prefix-shaped secrets leaked ${prefixLeaked} of ${drawn.filter((row) => isPrefixShaped(row.text, prefixes)).length} drawn (${prefixPlaceholders} of them masked: xxxx, EXAMPLE)   target 0: ${prefixLeaked - prefixPlaceholders === 0 ? 'met' : 'MISSED'}`,
  );
  for (const [source, s] of Object.entries(bySource))
    console.log(`    ${source.padEnd(28)} ${String(s.leaked).padStart(3)} / ${s.total}`);
  console.log(
    `  harmless look-alikes ${harmless.length}: refused ${refusedHarmless.length} (${pct(refusedHarmless.length, harmless.length)})   target ≤ 10 %: ${refusedHarmless.length <= harmless.length * 0.1 ? 'met' : 'MISSED'}`,
  );
  if (lowResults.length > 0)
    console.log(
      `  low-confidence near-misses ${lowConfidence.length} (informative, a cautious scanner may flag them): refused ${refusedLow} (${pct(refusedLow, lowConfidence.length)})`,
    );
  {
    // Leaks are listed by kind and a masked prefix only: this output may be pasted into reports.
    for (const leak of leaks)
      console.log(
        `  LEAK ${leak.row.kind} (${leak.row.extractor}${leak.prefixShaped ? ', prefix-shaped' : ''}) ${leak.status}: ${mask(leak.row.text)} in ${leak.files.map((f) => f.split('/case-')[1]?.replace(/^[^/]*\//, '') ?? f).join(', ')}`,
      );
    for (const { row, result } of refusedHarmless)
      console.log(
        `  REFUSED harmless ${row.kind} [${result.reasons.join(',')}${result.rules ? ': ' + result.rules.join(',') : ''}]: ${verbose ? JSON.stringify(row.text).slice(0, 120) : mask(row.text)}`,
      );
  }
}

/** Shows the shape of a text without its value: the first 6 characters, then letters as a, digits as 0. */
function mask(text) {
  return JSON.stringify(
    text.slice(0, 6) +
      text
        .slice(6, 80)
        .replace(/[A-Za-z]/g, 'a')
        .replace(/\d/g, '0'),
  );
}
