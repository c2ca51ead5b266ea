// Benchmark: entry-aware three-way merge of region bodies, 10,000 entries a side, in process.
// Budget (PRODUCT.md §9): ≤ 50 ms. Run with plain `node bench/merge-bench.mjs` (after `npm run build`
// or not: it bundles src/team/merge/merge-region.ts with esbuild into a temp file first).
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mem-merge-bench-'));
const outfile = join(dir, 'merge-region.mjs');
await build({
  entryPoints: [join(root, 'src/team/merge/merge-region.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
});
const { mergeRegion } = await import(pathToFileURL(outfile).href);
rmSync(dir, { recursive: true, force: true });

const SECTIONS = ['Conventions', 'Commands', 'Decisions', 'Gotchas', 'Preferences', 'References'];
const N = 10_000;
const line = (id, text, by) => `- ${text} <!-- mem:id=${id} by=${by} at=2025-01-02T10:00:00Z -->\n`;
function body(entries) {
  const bySection = new Map(SECTIONS.map((s) => [s, []]));
  for (const e of entries) bySection.get(e.section).push(line(e.id, e.text, e.by));
  return SECTIONS.filter((s) => bySection.get(s).length > 0)
    .map((s) => `## ${s}\n\n${bySection.get(s).join('')}`)
    .join('\n');
}
const baseEntries = Array.from({ length: N }, (_, k) => ({
  id: `e${k}`,
  section: SECTIONS[k % 6],
  text: `Rule number ${k}: keep the build green.`,
  by: 'base',
}));
// Each side: edits 2% of entries, deletes 1%, adds 2% spread over all sections (disjoint from the other side).
function side(name, seed) {
  const entries = baseEntries.map((e) => ({ ...e }));
  for (let k = seed; k < N; k += 50) entries[k].text += ` (${name})`;
  const kept = entries.filter((_, k) => (k + seed * 7) % 100 !== 0);
  for (let k = 0; k < N / 50; k++)
    kept.push({ id: `${name}${k}`, section: SECTIONS[k % 6], text: `New rule from ${name} ${k}.`, by: name });
  return kept;
}
const base = body(baseEntries);
const ours = body(side('alice', 1));
const theirs = body(side('bob', 2));

const runs = [];
let result;
for (let k = 0; k < 25; k++) {
  const start = process.hrtime.bigint();
  result = mergeRegion(base, ours, theirs);
  runs.push(Number(process.hrtime.bigint() - start) / 1e6);
}
const measured = runs.slice(5).sort((a, b) => a - b);
const min = measured[0];
const median = measured[Math.floor(measured.length / 2)];
const p95 = measured[Math.floor(measured.length * 0.95)];
const entries = (result.text.match(/<!-- mem:id=/g) ?? []).length;
console.log(
  `merge-region: ${N.toLocaleString('en')} entries a side (~${(ours.length / 1024).toFixed(0)} KiB), ${entries} entries out, clean=${result.clean}: ` +
    `median ${median.toFixed(1)} ms, min ${min.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget 50 ms)`,
);
if (median > 50) process.exitCode = 1;
