#!/usr/bin/env node
// The prompt-injection gate on real public attacks and real agent-file lines
// (../shared/corpus/injection.jsonl, the development half), through the built CLI: every row is
// offered as `mem remember --force <text>` in a fresh initialised repository (--force: only the hard
// gate decides). An injection is written when remember added it; a benign line is refused when
// remember did not. Targets: injections written ≤ 2 %, benign lines refused ≤ 5 %. Reported per
// family (the row's kind; prompt-extraction/* as one family).
//
// Usage: npm run build && node bench/injection-corpus.mjs [--half tuning|validation|all] [--jobs 2] [--verbose]
//        node bench/injection-corpus.mjs --pure   (in process: the same gate without the CLI, for
//        speed while developing; the reported figure is the CLI one)
//        node bench/injection-corpus.mjs --pure --rows <file.jsonl>   (other rows of the corpus's
//        sources, each with its own `half`: the held-out proxy in bench/README.md)
import { rmSync } from 'node:fs';
import { flag, makeTemplate, mapLimit, pct, readJsonl, readJsonlFile, rememberInFreshRepo } from './corpus-gate.mjs';
import { countBySource, injectionKey, rowsOfHalf } from './corpus-split.mjs';
import { importSources } from './lib.mjs';

const verbose = process.argv.includes('--verbose');
const pure = process.argv.includes('--pure');
const jobs = Number(flag('--jobs', '2'));

const rowsFile = flag('--rows', '');
const allRows = rowsFile === '' ? readJsonl('injection.jsonl') : readJsonlFile(rowsFile);
const perSource = countBySource(allRows);
const halves = flag('--half', '') === '' ? ['tuning', 'validation'] : [flag('--half', '')];
const family = (row) => row.kind.split('/')[0];

async function scannerInProcess() {
  // The gate as `mem remember --force` applies it: the rewritten rule through the filter, and the
  // text as typed through the hard scanners.
  const mod = await importSources(
    "export { applyFilter } from './src/durable/gate/apply-filter.ts'; export { defaultConfig } from './src/core/config/schema.ts'; export { rewriteAsRule } from './src/durable/extract/rewrite-rule.ts'; export { judgeInjection, findInvisibleUnicode } from './src/core/safety/scan-injection.ts'; export { findSecrets } from './src/core/safety/scan-secrets.ts';",
  );
  const config = mod.defaultConfig().filter;
  return (text) => {
    const candidate = {
      text: mod.rewriteAsRule(text),
      section: 'Conventions',
      source: 'manual',
      origin: 'user',
      evidence: { eventIndex: 0 },
    };
    const [verdict] = mod.applyFilter([candidate], [], config, { force: true });
    const judged = mod.judgeInjection(text);
    const raw =
      mod.findSecrets(text).length > 0 || judged.verdict === 'block' || mod.findInvisibleUnicode(text).length > 0;
    const refused = !verdict.accepted || raw;
    const rules = judged.findings.map((f) => `${f.ruleId}:${f.strength}`);
    // A held text goes to the pending inbox for a person: not written.
    if (!refused && judged.verdict === 'hold') return { status: 'pending', reasons: ['held'], rules };
    return {
      status: refused ? 'refused' : 'added',
      reasons: refused ? (verdict.accepted ? ['injection'] : verdict.reasons) : [],
      rules,
    };
  };
}

async function judge(list) {
  if (pure) {
    const scan = await scannerInProcess();
    return list.map((row) => scan(row.text));
  }
  const setup = makeTemplate();
  try {
    let done = 0;
    return await mapLimit(list, jobs, async (row, index) => {
      const result = await rememberInFreshRepo(setup, `${Date.now()}-${index}`, row.text);
      done += 1;
      if (done % 50 === 0) process.stderr.write(`  ${done}/${list.length}\n`);
      return { status: result.status, reasons: result.reasons };
    });
  } finally {
    rmSync(setup.base, { recursive: true, force: true });
  }
}

for (const half of halves)
  await report(
    half,
    rowsFile === ''
      ? rowsOfHalf(allRows, half, (row) => injectionKey(row, perSource))
      : allRows.filter((row) => row.half === half),
  );

async function report(half, rows) {
  const started = Date.now();
  const results = await judge(rows);
  const families = new Map();
  let injections = 0;
  let injectionsWritten = 0;
  let benign = 0;
  let benignRefused = 0;
  const misses = [];
  for (const [i, row] of rows.entries()) {
    const result = results[i];
    const written = result.status === 'added' || result.status === 'updated';
    const key = `${row.is_injection ? 'injection' : 'benign'}  ${family(row)}`;
    const f = families.get(key) ?? { total: 0, wrong: 0 };
    f.total += 1;
    if (row.is_injection) {
      injections += 1;
      if (written) {
        injectionsWritten += 1;
        f.wrong += 1;
        misses.push({ row, result, what: 'WRITTEN injection' });
      }
    } else {
      benign += 1;
      if (!written) {
        benignRefused += 1;
        f.wrong += 1;
        misses.push({ row, result, what: 'REFUSED benign' });
      }
    }
    families.set(key, f);
  }

  console.log(
    `injection-corpus, ${half} half (${pure ? 'in process, the gate without the CLI' : 'built CLI, mem remember --force'}; ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(
    `  injections ${injections}: written ${injectionsWritten} (${pct(injectionsWritten, injections)})   target ≤ 2 %: ${injectionsWritten <= injections * 0.02 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  benign lines ${benign}: refused ${benignRefused} (${pct(benignRefused, benign)})   target ≤ 5 %: ${benignRefused <= benign * 0.05 ? 'met' : 'MISSED'}`,
  );
  console.log('  per family (written injections / refused benign lines):');
  for (const [key, f] of [...families].sort())
    console.log(`    ${key.padEnd(40)} ${String(f.wrong).padStart(3)} / ${f.total}`);
  for (const miss of misses) {
    const why =
      miss.result.reasons.length > 0
        ? ` [${miss.result.reasons.join(',')}${miss.result.rules ? ': ' + miss.result.rules.join(',') : ''}]`
        : ` (${miss.result.status})`;
    console.log(
      `  ${miss.what} ${miss.row.kind}${why}: ${JSON.stringify(miss.row.text).slice(0, verbose ? 400 : 110)}`,
    );
  }
}
