import { Args, Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT } from '../../core/errors.js';

/** `mem forget <id or text>`: remove a memory for good. */
export default class Forget extends BaseCommand {
  static override summary =
    'Forget a memory by id (or unique id prefix) or by its text; the removal survives later merges.';
  static override description = [
    'Matches an exact id, then a unique id prefix, then the exact text (case and punctuation ignored), then a clear best fuzzy match on the words. An ambiguous text lists the candidates and exits 1 without removing anything; no match exits 1.',
    'The entry is removed from the team memory (and its rendering for the agent) or from your personal CLAUDE.local.md, and its id is recorded so that mem sync deletes it for the team and no stale clone brings it back.',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '{status: forgotten|ambiguous, matchedBy: id|id-prefix|text|fuzzy|null, forgotten: [{id, section, text, file}], candidates: [...same], files, warnings}';

  static override examples = ['<%= config.bin %> forget m3f9a1c2', '<%= config.bin %> forget "use pnpm, not npm"'];
  static override strict = false;
  static override args = { query: Args.string({ description: 'entry id, or its text', required: false }) };
  static override flags = {
    json: Flags.boolean({ description: 'print the outcome as JSON (its shape: README, command reference)' }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Forget);
    const [{ forgetEntry }, { teamSharedMemory }] = await Promise.all([
      import('../../durable/forget.js'),
      import('../../team/shared-memory.js'),
    ]);
    const outcome = await forgetEntry(process.cwd(), (argv as string[]).join(' '), teamSharedMemory);
    for (const warning of outcome.warnings) process.stderr.write(`mem forget: warning: ${warning}\n`);
    process.exitCode = outcome.status === 'ambiguous' ? EXIT.failure : EXIT.ok;
    if (flags.json) return this.printJson(outcome);
    if (outcome.status === 'ambiguous') {
      const lines = ['mem forget: several memories match; nothing was forgotten. Run again with one of these ids:'];
      for (const entry of outcome.candidates)
        lines.push(
          `  ${entry.id}  ${entry.text.replace(/\s*\n\s*/g, ' ')}  (${entry.section || 'no section'}, ${entry.file})`,
        );
      process.stderr.write(`${lines.join('\n')}\n`);
      return;
    }
    for (const entry of outcome.forgotten)
      this.log(
        `forgot ${entry.id} (${entry.section || 'no section'}, ${entry.file}): ${entry.text.replace(/\s*\n\s*/g, ' ')}`,
      );
  }
}
