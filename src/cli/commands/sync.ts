import { Flags } from '@oclif/core';
import { terminalProgress } from '../terminal-progress.js';
import { BaseCommand } from './base-command.js';
import { describeError, isMemError } from '../../core/errors.js';
import { requireSetUp } from '../../core/set-up.js';

export default class Sync extends BaseCommand {
  static override summary = 'Fetch the team memory (refs/mem/team), merge it with this clone\'s, render it for the agent, and push.';
  static override description = [
    "Merges the team ref (a bundle file per shard of entries) with this clone's memory entry by entry: additions are unions, only an entry both sides changed goes through a three-way merge. Renders .claude/rules/mem-team-memory.md (ignored by git) after reading back any hand edits of it, and pushes this clone's changes as one commit on top of the team's. No tracked file is written.",
    'Offline, a rejected push (retried with jitter) or a held lock never fail the command: local memory is kept, mem status and the next session start say so, and the next sync retries. Exit 3 when conflicts await mem review.',
  ].join('\n\n');

  static override examples = ['<%= config.bin %> sync', '<%= config.bin %> sync --dry-run --json', '<%= config.bin %> sync --strict'];

  static override flags = {
    'dry-run': Flags.boolean({ description: 'show what would change; write and push nothing' }),
    json: Flags.boolean({ description: 'print the sync report as JSON' }),
    strict: Flags.boolean({ description: 'exit 1 when the sync could not complete (for CI)' }),
    quiet: Flags.boolean({ description: 'print only warnings (used by the pre-push hook)' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Sync);
    try {
      const root = requireSetUp(process.cwd());
      // Loaded here, not at the top: every oclif command would otherwise pay for parsing sync.
      const { syncTeamMemory } = await import('../../team/sync.js');
      const { renderSyncReport } = await import('../../team/render-sync.js');
      const progress = flags.quiet ? null : terminalProgress(process.stderr, 'mem sync', process.env);
      let report;
      try {
        report = await syncTeamMemory(root, { dryRun: flags['dry-run'], strict: flags.strict, ...(progress ? { progress: progress.report } : {}) });
      } finally {
        progress?.stop();
      }
      if (flags.json) {
        this.printJson(report);
      } else {
        const lines = renderSyncReport(report, { quiet: flags.quiet });
        for (const line of lines.stdout) process.stdout.write(`${line}\n`);
        for (const line of lines.stderr) process.stderr.write(`${line}\n`);
      }
      process.exitCode = report.exitCode;
    } catch (error) {
      process.stderr.write(`mem sync: ${describeError(error)}\n`);
      // Note: in the pre-push hook even a broken config must not block the user's push.
      process.exitCode = flags.strict || !flags.quiet ? (isMemError(error) ? error.exitCode : 1) : 0;
    }
  }
}
