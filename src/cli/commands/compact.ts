import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT } from '../../core/errors.js';
import { requireSetUp } from '../../core/set-up.js';

/** `mem compact`: squash the team ref's history into one snapshot, keeping the old history under an archive ref. */
export default class Compact extends BaseCommand {
  static override summary =
    "Squash the team memory's history (refs/mem/team) into one snapshot commit; the old history stays on the remote under refs/mem/team-archive/<date>-<old head>.";
  static override description = [
    "Syncs first (this clone's memory goes out), then pushes a parentless commit with the same tree as the team ref, atomically with the archive ref, and only if nobody pushed meanwhile (otherwise it syncs again and retries). Nothing is lost: every entry and forget is in the snapshot, every old commit in the archive.",
    "Other clones keep syncing as before: they see that their last sync is part of the archived history. New clones fetch the short history. Run it when a new clone's first sync or `git log refs/mem/team` gets slow; exit 1 when nothing was compacted because of a failure.",
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '{outcome: compacted|nothing-to-compact|dry-run|failed, commits, snapshot, archiveRef, message, warnings}';

  static override examples = ['<%= config.bin %> compact --dry-run', '<%= config.bin %> compact'];
  static override flags = {
    'dry-run': Flags.boolean({ description: 'sync, then say what would be compacted; push nothing' }),
    json: Flags.boolean({ description: 'print the outcome as JSON' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Compact);
    const root = requireSetUp(process.cwd());
    const { compactTeamHistory } = await import('../../team/compact.js');
    const report = await compactTeamHistory(root, { dryRun: flags['dry-run'] });
    process.exitCode = report.outcome === 'failed' ? EXIT.failure : EXIT.ok;
    if (flags.json) return this.printJson(report);
    for (const warning of report.warnings) process.stderr.write(`mem compact: ${warning}\n`);
    if (report.outcome === 'compacted')
      this.log(
        `compacted ${report.commits} team commits into ${report.snapshot?.slice(0, 12) ?? ''}; the old history is kept under ${report.archiveRef ?? ''}`,
      );
    else if (report.outcome === 'dry-run')
      this.log(
        `would compact ${report.commits} team commits; the old history would be kept under ${report.archiveRef ?? ''} (nothing pushed)`,
      );
    else if (report.outcome === 'nothing-to-compact')
      this.log(`nothing to compact${report.message ? `: ${report.message}` : ' (the team history is one commit)'}`);
    else process.stderr.write(`mem compact: ${report.message ?? 'failed'}\n`);
  }
}
