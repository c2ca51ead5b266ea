import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { requireSetUp } from '../../core/set-up.js';

/** `mem render`: write the team memory for the agent now, or a snapshot into a file you name. */
export default class Render extends BaseCommand {
  static override summary =
    'Render the team memory for the agent now, or write a snapshot of it into a file (on request only).';
  static override description = [
    'Without --into: reads back your hand edits of .claude/rules/mem-team-memory.md, then renders it from the team memory (session start and sync do this by themselves).',
    'With --into FILE (e.g. CLAUDE.md): writes the memory as plain markdown between two comment lines in FILE, replacing the previous snapshot; nothing else in FILE changes. mem never writes a tracked file unless asked like this.',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape = '{file, written, readBack, entries}';

  static override examples = ['<%= config.bin %> render', '<%= config.bin %> render --into CLAUDE.md'];
  static override flags = {
    into: Flags.string({ description: 'write a snapshot into this file instead (e.g. CLAUDE.md)' }),
    json: Flags.boolean({ description: 'print what was done as JSON' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Render);
    // Before mem init there is no memory to render, and nothing may be written (exit 2).
    const root = requireSetUp(process.cwd());
    const { renderForAgent, renderSnapshotInto } = await import('../../team/render-memory-file.js');
    const report = flags.into === undefined ? await renderForAgent(root) : await renderSnapshotInto(root, flags.into);
    if (flags.json) return this.printJson(report);
    const back = report.readBack > 0 ? `; read back ${report.readBack} hand edit(s) first` : '';
    this.log(
      `${report.written ? 'wrote' : 'unchanged:'} ${report.file}${back}${flags.into === undefined ? '' : ' (commit it if you want it reviewed)'}`,
    );
  }
}
