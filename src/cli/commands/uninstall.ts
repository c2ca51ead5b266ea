import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';

export default class Uninstall extends BaseCommand {
  static override summary = 'Reverse what `mem init` did, leaving user content intact.';
  static override description = `Removes mem's Claude Code hooks, restores the previous pre-push hook, removes the merge driver and
ignore rules, and the config file if it is unchanged since init. Memory itself (the managed region
in CLAUDE.md, session handoffs) stays unless --purge.`;
  static override examples = ['<%= config.bin %> uninstall', '<%= config.bin %> uninstall --purge'];
  static override flags = {
    purge: Flags.boolean({ description: 'also delete local state: session handoffs, logs and cache' }),
    json: Flags.boolean({ description: 'print what was done as JSON' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Uninstall);
    const { uninstallRepository } = await import('../../setup/uninstall.js');
    const report = uninstallRepository({ cwd: process.cwd(), purge: flags.purge });
    if (flags.json) return this.printJson(report);
    this.log(`mem removed from ${report.root}`);
    for (const step of report.steps) this.log(`  ${step.changed ? '-' : '='} ${step.detail}`);
  }
}
