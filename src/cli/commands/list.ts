import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { teamSharedMemory } from '../../team/shared-memory.js';
import { listEntries, type ListedEntry } from '../../durable/list-entries.js';
import { AGENT_LABELS, type AgentId } from '../../agents/agent-id.js';

/** `mem list`: the durable entries, grouped by section. */
export default class List extends BaseCommand {
  static override summary = 'List durable memory: every entry of CLAUDE.md (and AGENTS.md) and your personal CLAUDE.local.md.';
  static override description =
    'Entries are grouped by section with short ids (any unique prefix works with mem forget). Personal entries (CLAUDE.local.md, never shared) are marked "personal"; conflicts awaiting mem review are marked "conflict"; an entry an agent learned is tagged with that agent (Claude Code, Codex CLI, Gemini CLI). Damaged region markers are reported on stderr and the entries still listed.';
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
    this.log(renderEntries(listing.entries));
  }
}

const SHORT_ID = 8;

/** Returns the human listing: one block per section, one line per entry. */
function renderEntries(entries: readonly ListedEntry[]): string {
  if (entries.length === 0) return 'no durable memory yet (`mem remember "<text>"` adds one; the Stop hook adds them as you work)';
  const sections = new Map<string, ListedEntry[]>();
  for (const entry of entries) {
    const name = entry.section || '(no section)';
    sections.set(name, [...(sections.get(name) ?? []), entry]);
  }
  const lines: string[] = [];
  for (const [section, rows] of sections) {
    if (lines.length > 0) lines.push('');
    lines.push(`${section}:`);
    for (const entry of rows) {
      const learnedBy = entry.provenance.agent ? (AGENT_LABELS[entry.provenance.agent as AgentId] ?? entry.provenance.agent) : '';
      const tags = [learnedBy, entry.personal ? 'personal' : '', entry.provenance.via === 'agent' ? `recorded by the agent${entry.provenance.session ? ` (session ${entry.provenance.session})` : ''}` : '', entry.conflict !== null ? 'conflict: run `mem review`' : ''].filter(Boolean);
      const text = entry.text.replace(/\s*\n\s*/g, ' ');
      lines.push(`  ${entry.id.slice(0, SHORT_ID).padEnd(SHORT_ID)}  ${text}${tags.length > 0 ? `  [${tags.join(', ')}]` : ''}`);
    }
  }
  return lines.join('\n');
}
