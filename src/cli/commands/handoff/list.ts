import { Flags } from '@oclif/core';
import { BaseCommand } from '../base-command.js';
import { terminalSafe } from '../../../core/text/terminal-safe.js';
import { requireSetUp } from '../../../core/set-up.js';

/** `mem handoff list`: the handoffs teammates shared. */
export default class HandoffList extends BaseCommand {
  static override summary = 'List the session handoffs shared on the team remote: who, branch, when, goal, git state.';
  static override description =
    'Fetches the handoffs ref first (offline: what the last sync fetched). Handoffs that trip the secret, injection or invisible-Unicode gates are never listed.';
  /** The --json shape, for the README reference (not --help). */
  static jsonShape = '{handoffs: [{id, who, name, branch, updatedAt, sharedAt, goal, tip, clean, mine}], warnings}';
  static override examples = [
    '<%= config.bin %> handoff list',
    '<%= config.bin %> handoff list --branch feature/login',
  ];
  static override flags = {
    branch: Flags.string({ description: 'only the handoffs of this branch' }),
    json: Flags.boolean({ description: 'print the list as JSON' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(HandoffList);
    const root = requireSetUp(process.cwd());
    const { listSharedHandoffs } = await import('../../handoff/show-handoff.js');
    const listed = await listSharedHandoffs(root, {
      ...(flags.branch ? { branch: flags.branch } : {}),
      now: new Date(),
    });
    for (const warning of listed.warnings) process.stderr.write(`mem: warning: ${warning}\n`);
    if (flags.json) return this.printJson(listed);
    if (listed.handoffs.length === 0)
      return this.log(flags.branch ? `no shared handoff for ${flags.branch}` : 'no shared handoffs');
    for (const handoff of listed.handoffs) {
      const git = `${handoff.tip ?? 'no commit'}, ${handoff.clean ? 'clean' : 'uncommitted changes'}`;
      this.log(
        terminalSafe(
          `${handoff.id}  ${handoff.who}${handoff.mine ? ' (you)' : ''}  ${handoff.branch}  ${handoff.updatedAt.slice(0, 16).replace('T', ' ')}  [${git}]  ${handoff.goal || '(no goal recorded)'}`,
        ),
      );
    }
  }
}
