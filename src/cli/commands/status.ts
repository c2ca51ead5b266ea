import { BaseCommand } from './base-command.js';
import { oclifFlags } from './oclif-flags.js';
import { STATUS_FLAGS } from '../flags/status-flags.js';

export default class Status extends BaseCommand {
  static override summary =
    'What is pending: sessions, hook runs and errors, unsynced changes, conflicts, sync failures.';
  static override description = 'Read-only; never repairs or writes anything. Exit 0 even when it reports problems.';
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '{root, initialised, configError, sessions: {recorded, latest: {sessionId, branch, updatedAt, handoffFile} | null, pendingCatchUp, deferred: {candidates, sessions, since}}, hooks: {lastRun, lastRunByEvent, errors: [{at, event, code, message, session?}], notes}, memory: {files: [{file, entries, conflicts, regionLines, fileLines, damage, shown?, otherBranches?}], entries, conflicts, maxRegionLines, flaggedContradictions, abandonedBranches: [{branch, reason: gone|untouched, entries}], warnings}, team: {enabled, branch, lastAttemptAt, lastSuccessAt, lastFailure: {reason, message, at} | null, pending, conflicts, quarantined, held: [{id, section, text, reasons, at, author, keptOut}], removedByTeam: [{id, section, text, author, by, at}], lastBackgroundAt}}';
  static override examples = ['<%= config.bin %> status', '<%= config.bin %> status --json'];
  static override flags = oclifFlags(STATUS_FLAGS);

  /** bin/run.js runs `mem status` through its own bundle (cli/entry/status.ts, no oclif); this class is its help and runs it too. */
  async run(): Promise<void> {
    const { runStatusCli } = await import('../entry/status.js');
    process.exitCode = await runStatusCli(this.argv);
  }
}
