import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';

export default class Demo extends BaseCommand {
  static override summary =
    'Show mem at work in a throw-away sandbox: hooks, CLAUDE.md, team sync, a conflict, search.';
  static override description =
    'Builds a bare remote and two clones (Alice and Bob) in a temporary directory, replays embedded Claude Code sessions through the real hooks, pushes with the real pre-push hook, resolves a real conflict with mem review, searches, and prints what mem recorded at each step.';
  static override examples = ['<%= config.bin %> demo', '<%= config.bin %> demo --keep'];
  static override flags = { keep: Flags.boolean({ description: 'keep the sandbox directory to look around' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(Demo);
    const { runDemo } = await import('../../setup/demo.js');
    runDemo({ keep: flags.keep, print: (text) => this.log(text) });
  }
}
