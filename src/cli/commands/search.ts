import { Args, Command, Flags } from '@oclif/core';

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
  static override flags = {
    json: Flags.boolean({
      description: 'print the results as JSON, best first (its shape: README, command reference)',
    }),
    limit: Flags.integer({ char: 'n', description: 'maximum number of results', default: 10, min: 1, max: 1000 }),
    section: Flags.string({ char: 's', description: 'only entries whose section path contains this text' }),
    kind: Flags.string({
      char: 'k',
      description: 'only these kinds: durable, team, session, rules, local, agents (comma-separated)',
      multiple: true,
    }),
    since: Flags.string({ description: 'only entries from the last N days, or since an ISO date' }),
  };

  /** bin/run.js runs `mem search` through its own bundle (cli/entry/search.ts, no oclif: it answers at grep speed); this class is its help. */
  async run(): Promise<void> {
    const { runSearchCli } = await import('../entry/search.js');
    process.exitCode = await runSearchCli(this.argv);
  }
}
