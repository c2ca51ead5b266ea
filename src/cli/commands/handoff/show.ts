import { Args, Flags } from '@oclif/core';
import { BaseCommand } from '../base-command.js';
import { terminalSafe } from '../../../core/text/terminal-safe.js';
import { requireSetUp } from '../../../core/set-up.js';

/** `mem handoff show <who|id>`: one shared handoff, whole. */
export default class HandoffShow extends BaseCommand {
  static override summary =
    "Print a teammate's shared handoff: by author (name, email, or the part before @) or by id from mem handoff list.";
  static override examples = ['<%= config.bin %> handoff show alice', '<%= config.bin %> handoff show h1a2b3c4d'];
  static override args = { who: Args.string({ description: 'author or handoff id', required: true }) };
  static override flags = { json: Flags.boolean({ description: 'print the handoff as JSON' }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(HandoffShow);
    const root = requireSetUp(process.cwd());
    const { showSharedHandoff } = await import('../../handoff/show-handoff.js');
    const shown = await showSharedHandoff(root, args.who, new Date());
    for (const warning of shown.warnings) process.stderr.write(`mem: warning: ${warning}\n`);
    if (flags.json) return this.printJson({ id: shown.id, ...shown.handoff });
    const h = shown.handoff;
    this.log(
      terminalSafe(
        `Handoff shared by ${h.who} for ${h.branch} (last updated ${h.updatedAt}, shared ${h.sharedAt}; ${h.git.tip ?? 'no commit'}, ${h.git.clean ? 'work tree clean' : 'uncommitted changes'}):\n\n${h.text.trim()}`,
      ),
    );
  }
}
