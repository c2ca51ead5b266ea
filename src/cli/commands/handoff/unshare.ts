import { Flags } from '@oclif/core';
import { BaseCommand } from '../base-command.js';
import { EXIT } from '../../../core/errors.js';
import { requireSetUp } from '../../../core/set-up.js';

/** `mem handoff unshare`: take your shared handoff of a branch off the team remote. */
export default class HandoffUnshare extends BaseCommand {
  static override summary =
    'Remove your shared handoff of this branch from the team remote (the handoffs ref keeps it in its history).';
  static override examples = [
    '<%= config.bin %> handoff unshare',
    '<%= config.bin %> handoff unshare --branch feature/login',
  ];
  static override flags = {
    branch: Flags.string({ description: 'the branch whose shared handoff to remove (default: the one checked out)' }),
    json: Flags.boolean({ description: 'print the outcome as JSON' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(HandoffUnshare);
    const root = requireSetUp(process.cwd());
    const { handoffBranch, unshareHandoff } = await import('../../handoff/share-handoff.js');
    const branch = handoffBranch(root, flags.branch);
    const outcome = await unshareHandoff(root, branch, new Date());
    process.exitCode = outcome.status === 'failed' ? EXIT.failure : EXIT.ok;
    if (flags.json) return this.printJson({ ...outcome, branch });
    if (outcome.status === 'failed')
      return void process.stderr.write(
        `mem: handoff not unshared: ${outcome.message}\n  hint: run mem handoff unshare again when the remote answers\n`,
      );
    this.log(
      outcome.status === 'removed'
        ? `removed your shared handoff of ${branch}`
        : `you have no shared handoff of ${branch}`,
    );
  }
}
