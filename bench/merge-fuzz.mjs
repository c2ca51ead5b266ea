#!/usr/bin/env node
// The merge driver's merge on the 140 real agent files of ../shared/corpus/agent-files/: for each
// file, seeded random edits on two sides (added rules, deleted lines, rewritten lines, moved
// blocks), merged as LF and as CRLF-against-LF. Counts what must never happen: a throw, a line a
// side added missing from the result, conflict markers in a clean result, a conflict count that
// does not match the markers. Prints the slowest merge. Usage: node bench/merge-fuzz.mjs [--rounds 15]
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const at = process.argv.indexOf('--rounds');
const rounds = at === -1 ? 15 : Number(process.argv[at + 1]);
const corpus = join(ROOT, '..', 'shared', 'corpus', 'agent-files');
const dir = mkdtempSync(join(tmpdir(), 'mem-merge-fuzz-'));
const entry = join(dir, 'entry.ts');
writeFileSync(
  entry,
  `export { mergeMarkdownFile } from ${JSON.stringify(join(ROOT, 'src/team/merge/merge-markdown-file.ts'))};\nexport { findTextConflicts } from ${JSON.stringify(join(ROOT, 'src/core/memory-file/text-conflict.ts'))};\n`,
);
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: join(dir, 'merge.mjs'),
  logLevel: 'warning',
});
const { mergeMarkdownFile, findTextConflicts } = await import(pathToFileURL(join(dir, 'merge.mjs')).href);
rmSync(dir, { recursive: true, force: true });

let seed = 12345;
const rnd = (n) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n);
const counts = { merges: 0, clean: 0, throws: 0, lost: 0, markersInClean: 0, miscounted: 0 };
let slowest = { ms: 0, file: '' };
const MARKER = /^(<{7}|>{7})( |$)/m;
for (const name of readdirSync(corpus).sort()) {
  const file = join(corpus, name);
  if (!statSync(file).isFile()) continue;
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  for (let r = 0; r < rounds; r++) {
    const side = (who) => {
      const out = [...lines];
      for (let k = 0, n = 1 + rnd(4); k < n; k++) {
        const at = rnd(out.length + 1);
        const op = rnd(4);
        if (op === 0) out.splice(at, 0, `- ${who} added rule ${r}.${k}`);
        else if (op === 1) out.splice(at, 1 + rnd(2));
        else if (op === 2 && at < out.length) out[at] = `${out[at]} (${who} ${r}.${k})`;
        else out.splice(rnd(out.length + 1), 0, ...out.splice(at, 1 + rnd(6)));
      }
      return out.join('\n');
    };
    const ours = side('ours');
    const theirs = side('theirs');
    const crlf = (s) => s.replace(/\n/g, '\r\n');
    for (const [base, a, b] of [
      [text, ours, theirs],
      [crlf(text), crlf(ours), theirs],
    ]) {
      counts.merges++;
      const start = performance.now();
      let result;
      try {
        result = mergeMarkdownFile(base, a, b);
      } catch {
        counts.throws++;
        continue;
      }
      const ms = performance.now() - start;
      if (ms > slowest.ms) slowest = { ms, file: name };
      if (result.conflicts !== findTextConflicts(result.text).length) counts.miscounted++;
      const added = [...a.split(/\r?\n/), ...b.split(/\r?\n/)].filter((l) => /\b(ours|theirs) (added|\d)/.test(l));
      if (added.some((l) => !result.text.includes(l))) counts.lost++;
      if (result.clean) {
        counts.clean++;
        if (MARKER.test(result.text) && !MARKER.test(base)) counts.markersInClean++;
      }
    }
  }
}
console.log(counts);
console.log(`slowest merge: ${slowest.ms.toFixed(0)} ms (${slowest.file})`);
process.exitCode = counts.throws + counts.lost + counts.markersInClean + counts.miscounted > 0 ? 1 : 0;
