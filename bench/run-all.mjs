#!/usr/bin/env node
// Runs every benchmark and quality script in turn (after a build), printing their tables.
// Usage: npm run bench   (figures are recorded by hand in bench/README.md with the date and machine)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const steps = [
  ['npm', ['run', 'build']],
  ['node', ['bench/hook-bench.mjs']],
  ['node', ['bench/search-bench.mjs']],
  ['node', ['bench/sync-bench.mjs']],
  ['node', ['bench/merge-bench.mjs']],
  ['node', ['bench/merge-corpus.mjs']],
  ['node', ['bench/merge-fuzz.mjs']],
  ['node', ['bench/quality.mjs']],
  ['node', ['bench/secrets-quality.mjs']],
  ['node', ['bench/secrets-corpus.mjs']],
  ['node', ['bench/injection-corpus.mjs']],
  ['node', ['bench/search-quality.mjs']],
  ['node', ['bench/recall-quality.mjs']],
];
let failed = 0;
for (const [command, args] of steps) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exitCode = failed > 0 ? 1 : 0;
