import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT } from '../../core/errors.js';
import type { CheckOutcome } from '../check/check-memory.js';

/** `mem check`: which memories no longer match the code (for CI and for people). */
export default class Check extends BaseCommand {
  static override summary = 'List team memories whose files, scripts or targets no longer exist at HEAD; exit 1 when any is stale.';
  static override description = [
    "Each entry is anchored to what its text names in the repository (paths, package scripts, make/just targets, Go packages, Python modules, `mem remember --anchor`) at the commit it was written on. mem check re-resolves them against the committed state at HEAD: stale (no longer resolves; where git saw a rename, it says where to), changed (resolves, its content changed: shown with --all), fresh.",
    '--since <rev> lists only entries that the commits since <rev> made stale, naming the commit: a pull request that deletes a folder the team memory points at fails its check. --files also reports references in the committed CLAUDE.md, AGENTS.md and GEMINI.md files that git saw deleted or renamed (read only).',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape = '[{id, text, section, status: fresh|changed|stale, anchors: [{kind, value, status, renamedTo?}], reasons: [...]}] (with --files: {entries: [...], files: [{file, line, kind, value, renamedTo?}]})';

  static override examples = ['<%= config.bin %> check', '<%= config.bin %> check --since origin/main --json', '<%= config.bin %> check --all --files'];
  static override flags = {
    since: Flags.string({ description: 'only entries invalidated by the commits since this revision (e.g. origin/main)' }),
    all: Flags.boolean({ description: 'also list entries whose anchored files changed (informational)' }),
    files: Flags.boolean({ description: 'also check references in the hand-written CLAUDE.md / AGENTS.md / GEMINI.md files' }),
    json: Flags.boolean({ description: 'print the entries as JSON (its shape: README, command reference)' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Check);
    const { checkMemory } = await import('../check/check-memory.js');
    const outcome = await checkMemory(process.cwd(), { ...(flags.since === undefined ? {} : { since: flags.since }), all: flags.all, files: flags.files });
    process.exitCode = outcome.stale > 0 ? EXIT.failure : EXIT.ok;
    if (flags.json) return this.printJson(flags.files ? { entries: outcome.entries, files: outcome.files } : outcome.entries);
    this.log(renderCheck(outcome));
  }
}

/** What a person reads: each listed entry with its reasons, then the agent files' findings and a summary line. */
function renderCheck(outcome: CheckOutcome): string {
  const lines: string[] = [];
  for (const entry of outcome.entries) {
    lines.push(`${entry.status} ${entry.id}: ${entry.text.replace(/\s*\n\s*/g, ' ')}`);
    for (const reason of entry.reasons) lines.push(`  - ${reason}`);
  }
  for (const finding of outcome.files) lines.push(`${finding.file}:${finding.line}: \`${finding.value}\` ${finding.renamedTo === undefined ? 'no longer exists' : `moved to \`${finding.renamedTo}\``}`);
  const stale = outcome.entries.filter((entry) => entry.status === 'stale').length;
  lines.push(
    stale + outcome.files.length === 0
      ? `mem check: nothing stale at ${outcome.commit.slice(0, 7)}`
      : `mem check: ${stale} stale entr${stale === 1 ? 'y' : 'ies'}${outcome.files.length > 0 ? `, ${outcome.files.length} stale reference${outcome.files.length === 1 ? '' : 's'} in agent files` : ''} at ${outcome.commit.slice(0, 7)}: \`mem review --stale\` verifies, rewrites or forgets them`,
  );
  return lines.join('\n');
}
