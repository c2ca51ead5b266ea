import { Flags } from '@oclif/core';
import { BaseCommand } from '../base-command.js';
import { EXIT } from '../../../core/errors.js';
import { requireSetUp } from '../../../core/set-up.js';

/** `mem handoff share`: publish this clone's newest handoff of a branch to the team remote. */
export default class HandoffShare extends BaseCommand {
  static override summary =
    'Share your newest session handoff of this branch with the team (refs/mem/handoffs/shared on the team remote).';
  static override description = [
    'Publishes the handoff only, never the transcript: <private> spans removed, secrets redacted, invisible characters and lines the injection gate flags taken out, cut to 8,000 characters. It replaces your previous shared handoff of the branch; teammates see it with mem handoff list and their next session on the branch is told about it.',
    'Config handoff.share: off (default: only this command shares), ask (the pre-push hook says when the pushed branch has a newer handoff), auto (the pre-push hook shares it).',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> handoff share',
    '<%= config.bin %> handoff share --branch feature/login',
  ];
  static override flags = {
    branch: Flags.string({ description: 'the branch whose handoff to share (default: the one checked out)' }),
    json: Flags.boolean({ description: 'print the outcome as JSON' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(HandoffShare);
    const root = requireSetUp(process.cwd());
    const { handoffBranch, shareHandoff } = await import('../../handoff/share-handoff.js');
    const outcome = await shareHandoff(root, handoffBranch(root, flags.branch), new Date());
    process.exitCode = outcome.status === 'failed' ? EXIT.failure : EXIT.ok;
    if (flags.json) return this.printJson(outcome);
    if (outcome.status === 'failed')
      return void process.stderr.write(
        `mem: handoff not shared: ${outcome.message}\n  hint: your handoff stays in this clone; run mem handoff share again when the remote answers\n`,
      );
    const dropped = outcome.droppedLines > 0 ? ` (${outcome.droppedLines} line(s) the gates flagged left out)` : '';
    this.log(
      outcome.status === 'shared'
        ? `shared your handoff of ${outcome.branch} (last updated ${outcome.updatedAt}) as ${outcome.who}${dropped}`
        : `your handoff of ${outcome.branch} was already shared as it is`,
    );
  }
}
