import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { describeError, isMemError, MemError } from '../../core/errors.js';
import { findRepoRoot } from '../../core/git/repo-root.js';

export default class Sync extends BaseCommand {
  static override summary = 'Fetch the team memory branch, merge it with CLAUDE.md, and push.';
  static override description = [
    'Three-way merges the team branch (default mem/team) with the managed region of CLAUDE.md, entry by entry,',
    'writes the result back (nothing outside the region changes), commits and pushes it. Offline, a rejected push',
    'or a held lock never fail the command: local memory is kept, the failure is shown by `mem status`, and the',
    'next sync retries. Exit 3 when conflicts await `mem review`.',
  ].join('\n');

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
      const root = findRepoRoot(process.cwd());
      if (!root) throw new MemError('NOT_A_GIT_REPO', 'mem sync must run inside a git repository');
      // Loaded here, not at the top: every oclif command would otherwise pay for parsing sync.
      const { syncTeamMemory } = await import('../../team/sync.js');
      const { renderSyncReport } = await import('../../team/render-sync.js');
      const report = await syncTeamMemory(root, { dryRun: flags['dry-run'], strict: flags.strict });
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
