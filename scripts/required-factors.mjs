// The table of required factors the gates' prefilter reads (src/core/safety/prefilter/): every
// gated pattern's factors, derived from its syntax tree. Built here, once per build (and once per
// vitest run, vitest.config.ts), because parsing the patterns in the hook would cost more than
// compiling them. Returns JSON text for esbuild's and vite's `define`.
import { build } from 'esbuild';
import { asciiOnly } from './ascii-only.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * JSON of `{ "<flags>/<source>": [[factor, …], …] }` for every pattern of gatedPatterns(), keyed by
 * each source as `form` has it: 'bundle' as the ASCII-only bundles do (scripts/build.mjs: a literal
 * pattern's non-ASCII characters are \uXXXX escapes there), 'sources' as written (vitest, benches
 * that bundle the sources). The JSON text is ASCII either way, so V8 parses it as a one-byte string.
 */
export async function requiredFactorsTable(form) {
  const bundled = await build({
    stdin: {
      contents: [
        "export { gatedPatterns } from './src/core/safety/prefilter/gated-patterns.ts';",
        "export { requiredFactors } from './src/core/safety/prefilter/required-factors.ts';",
        "export { factorKey } from './src/core/safety/prefilter/prefilter.ts';",
      ].join('\n'),
      resolveDir: PROJECT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'error',
    // The gates read the table this makes: here there is none yet.
    define: { __MEM_REQUIRED_FACTORS__: 'undefined' },
  });
  const dir = mkdtempSync(join(tmpdir(), 'mem-required-factors-'));
  try {
    const file = join(dir, 'derive.mjs');
    writeFileSync(file, bundled.outputFiles[0].text);
    const { gatedPatterns, requiredFactors, factorKey } = await import(pathToFileURL(file).href);
    const table = {};
    for (const pattern of gatedPatterns()) {
      const key = factorKey(form === 'bundle' ? new RegExp(asciiOnly(pattern.source), pattern.flags) : pattern);
      const factors = JSON.stringify(requiredFactors(pattern));
      if (key in table && JSON.stringify(table[key]) !== factors)
        throw new Error(`two gated patterns share the prefilter key ${key}: make factorKey tell them apart`);
      table[key] = JSON.parse(factors);
    }
    return JSON.stringify(table).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
