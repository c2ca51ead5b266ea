import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { teamSharedMemory } from '../../team/shared-memory.js';
import { listEntries } from '../../durable/list-entries.js';
import { renderEntries } from '../list/render-list.js';
import { outputWidth } from '../../core/text/wrap-text.js';

/** `mem list`: the durable entries, grouped by section. */
export default class List extends BaseCommand {
  static override summary = 'List durable memory: the team memory and your personal CLAUDE.local.md, with who added each entry, when, and where it lives.';
  static override description =
    'Entries are grouped by section with short ids (any unique prefix works with mem forget). Under each entry: who added it and when, where it lives (the team memory, or CLAUDE.local.md:line for personal memory, never shared), and the agent whose session learned it. Entries in conflict are listed, marked, and await mem review. The text wraps to the terminal (80 columns when piped). Damaged region markers are reported on stderr and the entries still listed.';
  /** The --json shape, for the README reference (not --help). */
  static jsonShape = '[{id, section, text, file, files, line, provenance: {author, at, session, agent, commit?, via?}, personal, conflict}]';

  static override examples = ['<%= config.bin %> list', '<%= config.bin %> list --section Commands', '<%= config.bin %> list --personal --json'];
  static override flags = {
    json: Flags.boolean({ description: 'print the entries as a JSON array (its shape: README, command reference)' }),
    section: Flags.string({ char: 's', description: 'only entries of this section' }),
    personal: Flags.boolean({ description: 'only personal entries (CLAUDE.local.md)' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(List);
    const listing = listEntries(process.cwd(), {
      provenance: teamSharedMemory.readEntryCommits,
      ...(flags.section === undefined ? {} : { section: flags.section }),
      ...(flags.personal ? { personal: true } : {}),
    });
    for (const warning of listing.warnings) process.stderr.write(`mem: warning: ${warning}\n`);
    if (flags.json) return this.printJson(listing.entries);
    // Note: a terminal's real width; 80 when piped, so a saved listing reads the same everywhere.
    const others = new Map<string, string>();
    if (listing.entries.some((entry) => entry.conflict !== null && !entry.personal)) {
      // Whose the other version is, worded as mem review words it ("Alice's version (2026-12-01)"); loaded only when a conflict is listed.
      const { listReviewConflicts } = await import('../../team/review.js');
      for (const conflict of listReviewConflicts(listing.root)) {
        // Note: versions[0] is this clone's side (the text listed), versions[1] the one it competes with.
        const other = conflict.versions[1];
        if (other) others.set(conflict.id, other.label);
      }
    }
    this.log(renderEntries(listing.entries, { width: outputWidth(process.stdout), otherVersion: (id) => others.get(id) }));
  }
}
