import { Args, Command } from '@oclif/core';
import { oclifFlags } from './oclif-flags.js';
import { SEARCH_FLAGS } from '../flags/search-flags.js';

/** `mem search <query>`: ranked full-text search over every memory file and the shared team memory. */
export default class Search extends Command {
  static override summary =
    'Search all memory: CLAUDE.md files, rules, AGENTS.md, the team memory and session handoffs.';
  static override description =
    'Ranked full-text search (prefix and typo tolerant) from an index cached in .memory/cache/ and kept up to date from the markdown. Team memory (kind team) is what mem remembered for the team, synced or not (.memory/state/team-memory.md); an entry in conflict is one result showing both versions until mem review settles it. Exit 0 with or without matches, 1 on failure, 2 on bad usage.';
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '[{file, line, section, text, score, kind, date?, author?, id?, conflict?: {ours, theirs}}], best first';
  static override examples = [
    '<%= config.bin %> search "docker db tests"',
    '<%= config.bin %> search migrations --kind session --since 14',
    '<%= config.bin %> search pnpm --json --limit 3',
  ];
  static override strict = false;
  static override args = { query: Args.string({ description: 'words to look for', required: false }) };
  static override flags = oclifFlags(SEARCH_FLAGS);

  /** bin/run.js runs `mem search` through its own bundle (cli/entry/search.ts, no oclif: it answers at grep speed); this class is its help. */
  async run(): Promise<void> {
    const { runSearchCli } = await import('../entry/search.js');
    process.exitCode = await runSearchCli(this.argv);
  }
}
