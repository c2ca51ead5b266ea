import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT } from '../../core/errors.js';

export default class Init extends BaseCommand {
  static override summary = 'Set up mem in this repository (idempotent).';
  static override description = [
    'Creates .memory/config.json (kept when a teammate committed one), ignore rules for local state, mem\'s Claude Code hooks in .claude/settings.json (edited in place: the rest of the file keeps its bytes), a pre-push hook that runs mem sync (chained with an existing hook; core.hooksPath and husky respected), and the merge driver that merges CLAUDE.md/AGENTS.md entry by entry.',
    'In a terminal it first shows each file and what changes in it, and asks once; --yes (or no terminal) applies without asking. It ends with the git add line for the files your team shares. Running it twice changes nothing.',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape = '{root, steps: [{step, changed, detail}], changes: [{step, path, action: create|edit|none, what, shared, fileMode?}], gitAdd: [path]}; with --dry-run: {root, changes}';
  static override examples = ['<%= config.bin %> init', '<%= config.bin %> init --yes', '<%= config.bin %> init --dry-run'];
  static override flags = {
    yes: Flags.boolean({ char: 'y', description: 'apply without asking' }),
    'dry-run': Flags.boolean({ description: 'show what would change, change nothing' }),
    json: Flags.boolean({ description: 'print what was done as JSON (implies --yes)' }),
    'exec-form': Flags.boolean({ description: 'write Claude Code hooks in exec form (command + args, Claude Code ≥ 2.1.139); default: detected', allowNo: true }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Init);
    const { planInit } = await import('../../setup/init.js');
    const { renderChanges, renderNextSteps } = await import('../../setup/render-init.js');
    const options: Parameters<typeof planInit>[0] = { cwd: process.cwd(), env: process.env };
    if (flags['exec-form'] !== undefined) options.execForm = flags['exec-form'];
    const plan = planInit(options);

    const interactive = !flags.yes && !flags.json && process.stdin.isTTY === true && process.stdout.isTTY === true;
    if (flags['dry-run'] || interactive) {
      if (flags.json) return this.printJson({ root: plan.root, changes: plan.changes });
      if (plan.changes.every((change) => change.action === 'none')) {
        this.log(`mem is already set up in ${plan.root}: nothing to change.`);
        return;
      }
      this.log([`mem init will make these changes in ${plan.root}:`, '', ...renderChanges(plan.changes, false), ''].join('\n'));
      if (flags['dry-run']) return;
      const { askYesNo } = await import('../prompts/confirm.js');
      if (!(await askYesNo('Make these changes?', true))) {
        this.log('Nothing was changed.');
        process.exitCode = EXIT.failure;
        return;
      }
    }

    const report = await plan.apply();
    if (flags.json) return this.printJson(report);
    // Whoever answered has just read the plan: say it is done rather than show it again.
    const done = interactive ? [`Done: mem is set up in ${report.root}.`] : [`mem is set up in ${report.root}:`, '', ...renderChanges(report.changes, true)];
    this.log([...done, ...renderNextSteps(report.gitAdd)].join('\n'));
  }
}
