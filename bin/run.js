#!/usr/bin/env node
// The `mem` binary. Hooks, search, sync, lint, check and the git merge driver dispatch before oclif loads: they run on
// every agent turn, prompt or git merge and must stay near bare Node start-up time.
// Note: this file is CommonJS (bin/package.json) and the hook bundle too: an ES module entry point
// costs Node ~3 ms and ~2.5 MiB before any of mem's code runs, and a quiet hook has ~20 ms.
'use strict';
const { join } = require('node:path');

const argv = asOclifSpellsIt(process.argv.slice(2));

/** What people type for help and the version (`mem help`, `mem help sync`, `mem version`, `mem -v`), as oclif spells it. */
function asOclifSpellsIt(args) {
  if (args[0] === 'help')
    return args.length > 1 ? [...args.slice(1).filter((word) => !word.startsWith('-')), '--help'] : ['--help'];
  if ((args[0] === 'version' || args[0] === '-v') && args.length === 1) return ['--version'];
  return args;
}
const wantsHelp = argv.includes('--help') || argv.includes('-h');

/**
 * Runs `main`; an unexpected rejection is printed like Node would, with exit code 1. A fast path
 * (`fast`) exits as soon as its output is out: what it started and no longer needs (a git read
 * whose answer came another way) is not waited for, and Node's own teardown of a large heap is
 * skipped (measured: 10-12 ms of a sync at 20,000 entries, ~25 ms of a 170 MiB heap).
 */
function run(main, fast = false) {
  main().then(
    (exitCode) => {
      if (typeof exitCode === 'number') process.exitCode = exitCode;
      // Note: output still queued (a pipe on some platforms is written asynchronously) is let out by the normal exit.
      if (fast && process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit();
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

/** Runs `entry` of a CommonJS bundle in dist/, then saves its code cache if it had none. */
function runBundle(bundle, variant, entry, ...args) {
  run(() => runBundleEntry(bundle, variant, entry, ...args), true);
}

async function runBundleEntry(bundle, variant, entry, ...args) {
  const { loadBundle } = require('./load-bundle.cjs');
  const { exports, saveCache } = loadBundle(join(__dirname, '..', 'dist', bundle), variant);
  const result = await exports[entry](...args);
  // An entry may say its run was not a typical one of its kind (a Stop with nothing new to read).
  saveCache(result?.typicalRun !== false);
  return typeof result === 'number' ? result : undefined;
}

/** Note: oclif finds the package root by walking up from `dir` to the first package.json; starting in bin/ would stop at bin/package.json, so start at the root itself. */
const runOclif = () =>
  runBundleEntry('cli.cjs', (argv[0] ?? 'help').replace(/^-+/, ''), 'execute', {
    dir: join(__dirname, '..'),
    args: argv,
  });

if (argv[0] === 'hook' && !(wantsHelp || argv[1] === 'help')) {
  runBundle('hook.cjs', argv[1], 'runHookCli', argv.slice(1));
} else if (argv[0] === 'search' && !wantsHelp) {
  // `mem search` answers "where did we write that down?" at grep speed: no oclif either.
  runBundle('search.cjs', 'search', 'runSearchCli', argv.slice(1));
} else if (argv[0] === 'sync' && !wantsHelp) {
  // Runs in every pre-push: a push with nothing to share should not wait for oclif.
  // The detached after-turn step has its own code cache: it runs other functions than a sync.
  runBundle('sync.cjs', argv[1] === '--after-turn' ? 'after-turn' : 'sync', 'runSyncCli', argv.slice(1));
} else if (argv[0] === 'lint' && !wantsHelp) {
  // A CI step and a quick look at what the agents load: no oclif either.
  runBundle('lint.cjs', 'lint', 'runLintCli', argv.slice(1));
} else if (argv[0] === 'list' && !wantsHelp) {
  // A year-old team lists 3,000 entries: the listing, not oclif's start-up, should be what it costs.
  runBundle('list.cjs', 'list', 'runListCli', argv.slice(1));
} else if (argv[0] === 'status' && !wantsHelp) {
  runBundle('status.cjs', 'status', 'runStatusCli', argv.slice(1));
} else if (argv[0] === 'check' && !wantsHelp) {
  // A CI step, and how the agent finds stale memories: no oclif either.
  runBundle('check.cjs', 'check', 'runCheckCli', argv.slice(1));
} else if (argv[0] === 'merge-driver') {
  runBundle('merge-driver.cjs', 'merge-driver', 'runMergeDriverCli', argv.slice(1));
} else {
  run(runOclif);
}
