import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';

export default class Uninstall extends BaseCommand {
  static override summary = 'Reverse what mem init did, byte for byte, leaving your content intact.';
  static override description = [
    "Removes mem's Claude Code hooks (the rest of .claude/settings.json keeps its bytes), restores the previous pre-push hook and its mode, removes the merge driver, the ignore rules and the config file if it is unchanged since init, and mem's local state (.memory/state, .memory/cache).",
    "Memory itself stays unless --purge: this clone's team memory (.memory/state/team-memory.md, with entries not yet synced), the session handoffs in .memory/sessions (with the .gitignore that keeps them out of git), the local team store in .git/mem and the rendering in .claude/rules/. CLAUDE.md and CLAUDE.local.md are yours and are never touched. In a repository without mem it changes nothing and exits 2.",
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape = '{root, steps: [{step, changed, detail, kept?}]}';
  static override examples = ['<%= config.bin %> uninstall', '<%= config.bin %> uninstall --purge'];
  static override flags = {
    purge: Flags.boolean({
      description:
        "also delete this clone's team memory, the session handoffs, the local team store in .git/mem and the rendering",
    }),
    json: Flags.boolean({ description: 'print what was done as JSON' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Uninstall);
    const { uninstallRepository } = await import('../../setup/uninstall.js');
    const report = uninstallRepository({ cwd: process.cwd(), purge: flags.purge });
    if (flags.json) return this.printJson(report);
    const removed = report.steps.filter((step) => step.changed).map((step) => `  - ${step.detail}`);
    const kept = report.steps.filter((step) => step.kept === true).map((step) => `  - ${step.detail}`);
    this.log(
      [
        `mem is removed from ${report.root}:`,
        ...removed,
        ...(kept.length > 0 ? ['Kept on purpose:', ...kept] : []),
      ].join('\n'),
    );
  }
}
