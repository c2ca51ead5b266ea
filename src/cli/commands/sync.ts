import { BaseCommand } from './base-command.js';
import { oclifFlags } from './oclif-flags.js';
import { SYNC_FLAGS } from '../flags/sync-flags.js';

export default class Sync extends BaseCommand {
  static override summary =
    "Fetch the team memory (refs/mem/team), merge it with this clone's, render it for the agent, and push.";
  static override description = [
    "Merges the team ref (a bundle file per shard of entries) with this clone's memory entry by entry: additions are unions, only an entry both sides changed goes through a three-way merge. Renders .claude/rules/mem-team-memory.md (ignored by git) after reading back any hand edits of it, and pushes this clone's changes as one commit on top of the team's. No tracked file is written.",
    'Offline, a rejected push (retried with jitter) or a held lock never fail the command: local memory is kept, mem status and the next session start say so, and the next sync retries. Exit 3 when conflicts await mem review.',
  ].join('\n\n');

  static override examples = [
    '<%= config.bin %> sync',
    '<%= config.bin %> sync --dry-run --json',
    '<%= config.bin %> sync --strict',
  ];

  static override flags = oclifFlags(SYNC_FLAGS);

  /** bin/run.js runs `mem sync` through its own bundle (cli/entry/sync.ts, no oclif: it runs in every pre-push); this class is its help. */
  async run(): Promise<void> {
    const { runSyncCli } = await import('../entry/sync.js');
    process.exitCode = await runSyncCli(this.argv);
  }
}
