// Bundles the CLI into dist/: one file for the hook fast path (no oclif), one for oclif's commands.
// Why two bundles: a hook runs at the end of every agent turn and must start near bare Node speed,
// so it never pays for loading oclif; everything else goes through oclif's explicit command map.
import { build } from 'esbuild';
import { renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Build beside dist/ and swap it in, so a CLI running during a rebuild never sees half a dist.
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const staging = `${dist}.building-${process.pid}`;
rmSync(staging, { recursive: true, force: true });

const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: staging,
  splitting: true,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Note: CommonJS dependencies bundled into ESM need a real `require`.
  banner: { js: "import { createRequire as __memCreateRequire } from 'node:module'; const require = __memCreateRequire(import.meta.url);" },
  chunkNames: 'chunks/[name]-[hash]',
  // Note: oclif can load TypeScript sources through `typescript`; mem ships JavaScript, so that
  // 9 MB path is never taken and must not be parsed at start-up.
  external: ['typescript', 'ts-node'],
};

// Fast paths are built one by one: everything they import at start-up lands in their own file
// (no shared chunks to open and link), and only lazily imported work becomes chunks.
const fastPaths = {
  hook: 'src/entry/hook.ts',
  'merge-driver': 'src/entry/merge-driver.ts',
  search: 'src/entry/search.ts',
  sync: 'src/entry/sync.ts',
};
for (const [name, entry] of Object.entries(fastPaths)) {
  await build({ ...shared, entryPoints: { [name]: entry }, chunkNames: `chunks/${name}-[name]-[hash]` });
}
await build({
  ...shared,
  entryPoints: {
    cli: 'src/entry/cli.ts',
    commands: 'src/entry/commands.ts',
  },
});

const retired = `${dist}.old-${process.pid}`;
try {
  renameSync(dist, retired);
} catch {
  /* first build */
}
renameSync(staging, dist);
rmSync(retired, { recursive: true, force: true });
