// Bundles the CLI into dist/: fast-path bundles for the hooks, search, sync and the merge driver
// (no oclif), and oclif with its explicit command map for everything else.
// Why separate bundles: a hook runs at the end of every agent turn and must start near bare Node
// speed, so it never pays for loading oclif or anything the event at hand does not use.
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: PROJECT,
  // Note: oclif can load TypeScript sources through `typescript`; mem ships JavaScript, so that
  // 9 MB path is never taken and must not be parsed at start-up.
  external: ['typescript', 'ts-node'],
};

const esm = {
  ...common,
  format: 'esm',
  splitting: true,
  // Note: CommonJS dependencies bundled into ESM need a real `require`.
  banner: { js: "import { createRequire as __memCreateRequire } from 'node:module'; const require = __memCreateRequire(import.meta.url);" },
};

/**
 * Modules the hook bundle loads only for rare work, and that are big: team sync (isomorphic-git),
 * the git transport, and remark (re-indexing changed markdown for recall). They stay ES modules in
 * dist/hook-lazy/ and are imported when needed, so the per-turn bundle stays small.
 */
const HOOK_LAZY_MODULES = {
  sync: 'src/app/sync.ts',
  transport: 'src/git/transport.ts',
  'parse-markdown-documents': 'src/search/parse-markdown-documents.ts',
};

/** Makes the hook bundle import HOOK_LAZY_MODULES from dist/hook-lazy/ instead of containing them. */
const hookLazyModules = {
  name: 'hook-lazy-modules',
  setup(plugin) {
    const byPath = new Map(Object.entries(HOOK_LAZY_MODULES).map(([name, source]) => [join(PROJECT, source), `./hook-lazy/${name}.js`]));
    plugin.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const target = byPath.get(resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')));
      return target === undefined ? undefined : { path: target, external: true };
    });
  },
};

/** Builds every bundle into `outdir` (created; its old content is not removed). */
export async function buildDist(outdir) {
  // The hook is CommonJS: an ES module entry point alone costs Node ~3 ms and ~2.5 MiB at start-up,
  // a tenth of what a quiet hook may spend. bin/run.js is CommonJS too (bin/package.json).
  await build({
    ...common,
    format: 'cjs',
    entryPoints: { hook: 'src/entry/hook.ts' },
    outExtension: { '.js': '.cjs' },
    outdir,
    plugins: [hookLazyModules],
    define: { 'import.meta.url': '__memModuleUrl' },
    banner: { js: "const __memModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  await build({ ...esm, entryPoints: HOOK_LAZY_MODULES, outdir: join(outdir, 'hook-lazy'), chunkNames: 'chunks/[name]-[hash]' });

  // The other fast paths are built one by one: everything they import at start-up lands in their
  // own file (no shared chunks to open and link), and only lazily imported work becomes chunks.
  const fastPaths = {
    'merge-driver': 'src/entry/merge-driver.ts',
    search: 'src/entry/search.ts',
    sync: 'src/entry/sync.ts',
  };
  for (const [name, entry] of Object.entries(fastPaths)) {
    await build({ ...esm, entryPoints: { [name]: entry }, outdir, chunkNames: `chunks/${name}-[name]-[hash]` });
  }
  await build({ ...esm, entryPoints: { cli: 'src/entry/cli.ts', commands: 'src/entry/commands.ts' }, outdir, chunkNames: 'chunks/[name]-[hash]' });
}

// Build beside dist/ and swap it in, so a CLI running during a rebuild never sees half a dist.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = join(PROJECT, 'dist');
  const staging = `${dist}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await buildDist(staging);
  const retired = `${dist}.old-${process.pid}`;
  try {
    renameSync(dist, retired);
  } catch {
    /* first build */
  }
  renameSync(staging, dist);
  rmSync(retired, { recursive: true, force: true });
}
