import { BaseCommand } from './base-command.js';
import { oclifFlags } from './oclif-flags.js';
import { CHECK_FLAGS } from '../flags/check-flags.js';

/** `mem check`: which memories no longer match the code (for CI and for people). */
export default class Check extends BaseCommand {
  static override summary =
    'List team memories whose files, scripts or targets no longer exist at HEAD; exit 1 when any is stale.';
  static override description = [
    'Each entry is anchored to what its text names in the repository (paths, package scripts, make/just targets, Go packages, Python modules, `mem remember --anchor`) at the commit it was written on. mem check re-resolves them against the committed state at HEAD: stale (no longer resolves; where git saw a rename, it says where to), changed (resolves, its content changed: shown with --all), fresh.',
    '--since <rev> lists only entries that the commits since <rev> made stale, naming the commit: a pull request that deletes a folder the team memory points at fails its check. --files also reports references in the committed CLAUDE.md, AGENTS.md and GEMINI.md files that git saw deleted or renamed (read only).',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '[{id, text, section, status: fresh|changed|stale, anchors: [{kind, value, status, renamedTo?}], reasons: [...]}] (with --files: {entries: [...], files: [{file, line, kind, value, renamedTo?}]})';

  static override examples = [
    '<%= config.bin %> check',
    '<%= config.bin %> check --since origin/main --json',
    '<%= config.bin %> check --all --files',
  ];
  static override flags = oclifFlags(CHECK_FLAGS);

  /** bin/run.js runs `mem check` through its own bundle (cli/entry/check.ts, no oclif); this class is its help. */
  async run(): Promise<void> {
    const { runCheckCli } = await import('../entry/check.js');
    process.exitCode = await runCheckCli(this.argv);
  }
}
