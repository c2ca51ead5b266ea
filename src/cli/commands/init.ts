import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';

export default class Init extends BaseCommand {
  static override summary = 'Set up mem in this repository (idempotent).';
  static override description = `Creates .memory/config.json (kept when a teammate committed one), ignore rules for local state,
mem's Claude Code hooks in .claude/settings.json (merged, never clobbered), a pre-push hook that runs
\`mem sync\` (chained with an existing hook; core.hooksPath and husky respected), and the merge driver
that merges CLAUDE.md/AGENTS.md entry by entry. Running it twice changes nothing.`;
  static override examples = ['<%= config.bin %> init --yes', '<%= config.bin %> init --yes --json'];
  static override flags = {
    yes: Flags.boolean({ char: 'y', description: 'non-interactive: accept every step' }),
    json: Flags.boolean({ description: 'print what was done as JSON' }),
    'exec-form': Flags.boolean({ description: 'write Claude Code hooks in exec form (command + args, Claude Code ≥ 2.1.139); default: detected', allowNo: true }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Init);
    const { initRepository } = await import('../../setup/init.js');
    const options: Parameters<typeof initRepository>[0] = { cwd: process.cwd(), env: process.env };
    if (flags['exec-form'] !== undefined) options.execForm = flags['exec-form'];
    const report = await initRepository(options);
    if (flags.json) return this.printJson(report);
    this.log(`mem is set up in ${report.root}`);
    for (const step of report.steps) this.log(`  ${step.changed ? '+' : '='} ${step.detail}`);
    this.log('Next: start a Claude Code session; mem keeps a handoff in .memory/sessions/ and durable memory in CLAUDE.md.');
  }
}
