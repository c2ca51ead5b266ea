#!/usr/bin/env node
// The `mem` binary. Hooks, search, sync and the git merge driver dispatch before oclif loads: they run on
// every agent turn, prompt or git merge and must stay near bare Node start-up time.
const argv = process.argv.slice(2);

if (argv[0] === 'hook') {
  const { runHookCli } = await import('../dist/hook.js');
  await runHookCli(argv.slice(1));
} else if (argv[0] === 'search' && !argv.includes('--help') && !argv.includes('-h')) {
  // `mem search` answers "where did we write that down?" at grep speed: no oclif either.
  const { runSearchCli } = await import('../dist/search.js');
  process.exitCode = await runSearchCli(argv.slice(1));
} else if (argv[0] === 'sync' && !argv.includes('--help') && !argv.includes('-h')) {
  // Runs in every pre-push: a push with nothing to share should not wait for oclif.
  const { runSyncCli } = await import('../dist/sync.js');
  process.exitCode = await runSyncCli(argv.slice(1));
} else if (argv[0] === 'merge-driver') {
  const { runMergeDriverCli } = await import('../dist/merge-driver.js');
  process.exitCode = await runMergeDriverCli(argv.slice(1));
} else {
  const { execute } = await import('../dist/cli.js');
  await execute({ dir: import.meta.url });
}
