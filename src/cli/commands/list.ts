import { BaseCommand } from './base-command.js';
import { oclifFlags } from './oclif-flags.js';
import { LIST_FLAGS } from '../flags/list-flags.js';

/** `mem list`: the durable entries, grouped by section. */
export default class List extends BaseCommand {
  static override summary =
    'List durable memory: the team memory and your personal CLAUDE.local.md, with who added each entry, when, and where it lives.';
  static override description =
    'Entries are grouped by section with short ids (any unique prefix works with mem forget). Under each entry: who added it and when, where it lives (the team memory, or CLAUDE.local.md:line for personal memory, never shared), and the agent whose session learned it. An entry learned on a feature branch is marked with it and listed only where HEAD is on that branch (--branch <b> shows the view from another branch, --all-branches all of them) until the branch lands. Entries in conflict are listed, marked, and await mem review. The text wraps to the terminal (80 columns when piped); on a terminal, a listing longer than the screen goes through $MEM_PAGER, $PAGER or less (MEM_PAGER=cat turns it off). Damaged region markers are reported on stderr and the entries still listed.';
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '[{id, section, text, file, files, line, provenance: {author, at, session, agent, commit?, via?}, personal, scope, conflict}]';

  static override examples = [
    '<%= config.bin %> list',
    '<%= config.bin %> list --section Commands',
    '<%= config.bin %> list --personal --json',
  ];
  static override flags = oclifFlags(LIST_FLAGS);

  /** bin/run.js runs `mem list` through its own bundle (cli/entry/list.ts, no oclif); this class is its help and runs it too. */
  async run(): Promise<void> {
    const { runListCli } = await import('../entry/list.js');
    process.exitCode = await runListCli(this.argv);
  }
}
