// The table of required factors the gates' prefilter reads (src/core/safety/prefilter/): every
// gated pattern's factors, derived from its syntax tree. Built here, once per build (and once per
// vitest run, vitest.config.ts), because parsing the patterns in the hook would cost more than
// compiling them. Returns JSON text for esbuild's and vite's `define`.
import { build } from 'esbuild';
import { asciiOnly } from './ascii-only.mjs';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Ordinary texts, to rank the clauses a pattern could be skipped by (the rarest first): the prompts
 * and replies of the labelled sessions in fixtures/quality and fixtures/quality-holdout, and the
 * look-alikes of the injection fixtures. Which texts these are changes how many texts a prefilter
 * turns away, never whether it is sound.
 */
function ordinaryTexts() {
  const texts = [];
  for (const set of ['quality', 'quality-holdout']) {
    const root = join(PROJECT, 'fixtures', set);
    for (const name of readdirSync(root)) {
      const transcript = join(root, name, 'transcript.jsonl');
      if (!existsSync(transcript)) continue;
      for (const line of readFileSync(transcript, 'utf8').split('\n')) {
        let content;
        try {
          content = JSON.parse(line)?.message?.content;
        } catch {
          continue;
        }
        if (typeof content === 'string') texts.push(content);
        else if (Array.isArray(content))
          for (const part of content) if (part?.type === 'text' && typeof part.text === 'string') texts.push(part.text);
      }
    }
  }
  for (const set of ['injection-paraphrases', 'injection-fresh-sets']) {
    const root = join(PROJECT, 'fixtures', set);
    for (const name of readdirSync(root)) texts.push(...JSON.parse(readFileSync(join(root, name), 'utf8')).benign);
  }
  return texts;
}

/** esbuild options for a bundle of the sources run in this Node process, kept in memory (bench/lib.mjs too). */
export const IN_MEMORY_NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  logLevel: 'error',
};

/**
 * JSON of `{ "<flags>/<source>": [[factor, …], …] }` for every pattern of gatedPatterns() (src/turn/),
 * keyed by each source as `form` has it: 'bundle' as the ASCII-only bundles do (scripts/build.mjs: a
 * literal pattern's non-ASCII characters are \uXXXX escapes there; a pattern made by `new RegExp`
 * is found only when written in escapes), 'sources' as written (vitest, benches that bundle the
 * sources). The JSON text is ASCII either way, so V8 parses it as a one-byte string.
 */
export async function requiredFactorsTable(form) {
  const bundled = await build({
    stdin: {
      contents: [
        "export { gatedPatterns } from './src/turn/gated-patterns.ts';",
        "export { requiredFactors } from './src/core/safety/prefilter/required-factors.ts';",
        "export { factorKey, foldForFactors } from './src/core/safety/prefilter/prefilter.ts';",
      ].join('\n'),
      resolveDir: PROJECT,
      loader: 'ts',
    },
    ...IN_MEMORY_NODE_BUNDLE,
    // The gates read the table this makes: here there is none yet.
    define: { __MEM_REQUIRED_FACTORS__: 'undefined' },
  });
  const dir = mkdtempSync(join(tmpdir(), 'mem-required-factors-'));
  try {
    const file = join(dir, 'derive.mjs');
    writeFileSync(file, bundled.outputFiles[0].text);
    const { gatedPatterns, requiredFactors, factorKey, foldForFactors } = await import(pathToFileURL(file).href);
    const sample = ordinaryTexts().map(foldForFactors);
    const table = {};
    for (const pattern of gatedPatterns()) {
      const key = factorKey(form === 'bundle' ? new RegExp(asciiOnly(pattern.source), pattern.flags) : pattern);
      const factors = JSON.stringify(requiredFactors(pattern, sample));
      if (key in table && JSON.stringify(table[key]) !== factors)
        throw new Error(`two gated patterns share the prefilter key ${key}: make factorKey tell them apart`);
      table[key] = JSON.parse(factors);
    }
    return JSON.stringify(table).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
