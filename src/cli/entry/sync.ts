/**
 * `mem sync`: bin/run.js dispatches here before oclif loads, because the pre-push hook runs it on
 * every push and a no-op sync must stay near bare Node start-up time. The oclif command
 * (cli/commands/sync.ts) is its help, and runs this too.
 */
import { describeError, EXIT, fileSystemError, isMemError } from '../../core/errors.js';
import { findRepoRoot } from '../../core/git/repo-root.js';
import { requireSetUp } from '../../core/set-up.js';
import { syncTeamMemory } from '../../team/sync.js';
import { renderSyncReport } from '../../team/render-sync.js';
import { terminalProgress } from '../terminal-progress.js';
import { SYNC_FLAGS } from '../flags/sync-flags.js';
import { parseCommandLine } from '../flags/parse-command-line.js';
import type { BranchListing } from '../../team/handoffs/sync-shared-handoffs.js';
import type { TeamContext } from '../../team/team-context.js';

type HandoffsAhead = { context: TeamContext; branches: BranchListing | undefined } | null;

/**
 * When teammates' handoffs are shared, their prune asks the remote for its branches: started here,
 * before the team sync, it runs beside the team fetch (one wait for the network, not two). Null
 * when there is nothing to start; never throws.
 */
async function startHandoffsAhead(root: string): Promise<HandoffsAhead> {
  try {
    const { openTeamContext } = await import('../../team/team-context.js');
    const { listRemoteBranchesAhead } = await import('../../team/handoffs/sync-shared-handoffs.js');
    const context = openTeamContext(root);
    if (!context.config.team.enabled) return null;
    return { context, branches: listRemoteBranchesAhead(context) };
  } catch {
    return null;
  }
}

/**
 * After the team memory: the shared handoffs fetched, pruned and cached (what the next session
 * start reads), and in the pre-push hook this clone's own shared per `handoff.share`. Returns the
 * lines to print on stderr; never throws.
 */
async function syncHandoffs(root: string, quiet: boolean, fetched: boolean, ahead: HandoffsAhead): Promise<string[]> {
  const lines: string[] = [];
  const now = new Date();
  if (process.env['MEM_IN_PRE_PUSH'] === '1') {
    const { shareAtPrePush } = await import('../handoff/share-handoff.js');
    const line = await shareAtPrePush(root, now);
    if (line !== null) lines.push(line);
  }
  const { syncSharedHandoffs } = await import('../../team/handoffs/sync-shared-handoffs.js');
  const context = ahead?.context ?? (await import('../../team/team-context.js')).openTeamContext(root);
  const report = await syncSharedHandoffs(context, {
    now,
    prune: true,
    fetched,
    ...(ahead?.branches === undefined ? {} : { branches: ahead.branches }),
  });
  if (report.warning && !quiet) lines.push(`mem sync: warning: ${report.warning}`);
  return lines;
}

/** Returns the exit code of `mem sync <argv>`: 0 done or queued, 3 conflicts await review, 1 failure (or queued with --strict), 2 usage. */
export async function runSyncCli(argv: string[]): Promise<number> {
  if (argv[0] === '--after-turn') {
    // Internal: started detached by the Stop hook after a turn that changed memory.
    const root = findRepoRoot(process.cwd());
    const session = argv[1] === '--session' ? argv[2] : undefined;
    if (!root) return EXIT.ok;
    const { runAfterTurn } = await import('../../turn/after-turn.js');
    return runAfterTurn(root, session);
  }
  const line = parseCommandLine('sync', argv, SYNC_FLAGS);
  if ('refusal' in line) {
    process.stderr.write(line.refusal);
    return EXIT.usage;
  }
  const quiet = line.values.quiet === true;
  const strict = line.values.strict === true;
  const dryRun = line.values['dry-run'] === true;
  try {
    const root = requireSetUp(process.cwd());
    // Progress on a terminal only (stderr), and never for the pre-push hook's --quiet run.
    const progress = quiet ? null : terminalProgress(process.stderr, 'mem sync', process.env);
    const ahead = dryRun ? null : await startHandoffsAhead(root);
    let report;
    try {
      report = await syncTeamMemory(root, {
        dryRun,
        strict,
        ...(progress ? { progress: progress.report } : {}),
      });
    } finally {
      progress?.stop();
    }
    if (!dryRun && report.outcome !== 'disabled') {
      for (const line of await syncHandoffs(root, quiet, report.fetched, ahead)) process.stderr.write(`${line}\n`);
    }
    if (line.values.json === true) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      const lines = renderSyncReport(report, { quiet });
      for (const line of lines.stdout) process.stdout.write(`${line}\n`);
      for (const line of lines.stderr) process.stderr.write(`${line}\n`);
    }
    return report.exitCode;
  } catch (error) {
    if (fileSystemError(error) && !strict) {
      // The documented contract of a sync that cannot complete: warn, keep local memory, exit 0.
      process.stderr.write(
        `mem sync: warning: team memory not synced, local memory kept, the next sync retries: ${describeError(error)}\n`,
      );
      return EXIT.ok;
    }
    process.stderr.write(`mem sync: ${describeError(error)}\n`);
    // Note: in the pre-push hook even a broken config must not block the user's push.
    if (quiet && !strict) return EXIT.ok;
    return isMemError(error) ? error.exitCode : EXIT.failure;
  }
}
