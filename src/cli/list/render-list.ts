/**
 * The human `mem list`: one block per section, each entry's text wrapped beside its short id, and
 * under it who added it, when, where it lives and how it was learned, in aligned columns, so the
 * listing reads at 80 columns. `--json` is the machine shape and is not built from this.
 */
import { terminalSafe } from '../../core/text/terminal-safe.js';
import { wrapText } from '../../core/text/wrap-text.js';
import type { ListedEntry } from '../../durable/list-entries.js';
import { AGENT_LABELS, type AgentId } from '../../agents/agent-id.js';
import { RENDERED_FILE } from '../../core/shared-memory-file.js';

const SHORT_ID = 8;
const INDENT = '  ';
/** Text and details start after the id column. */
const GUTTER = ' '.repeat(INDENT.length + SHORT_ID + 2);
/** Long names are cut so one author cannot push the other columns off an 80-column screen. */
const MAX_WHO = 20;
const MIN_WIDTH = 50;

/** `otherVersion`: the label of the version an entry in conflict competes with ("Alice's version (2026-12-01)"). */
export type ListLayout = { width: number; otherVersion?: (id: string) => string | undefined };

/**
 * Returns the listing for a terminal `layout.width` columns wide (80 when output is not a terminal).
 * Note: a year-old team lists 3,000–20,000 entries (four lines each), so this is one pass of plain
 * string building: no per-line arrays spread into others, no per-entry joins.
 */
export function renderEntries(entries: readonly ListedEntry[], layout: ListLayout = { width: 80 }): string {
  if (entries.length === 0)
    return 'no durable memory yet (`mem remember "<text>"` adds one; the Stop hook adds them as you work)';
  const width = Math.max(MIN_WIDTH, layout.width);
  const ordered = [...entries].sort((a, b) => Number(a.personal) - Number(b.personal) || a.line - b.line);
  const sections = new Map<string, ListedEntry[]>();
  let longestWho = 0;
  let conflicts = 0;
  for (const entry of ordered) {
    const name = entry.section || '(no section)';
    const rows = sections.get(name);
    if (rows === undefined) sections.set(name, [entry]);
    else rows.push(entry);
    longestWho = Math.max(longestWho, who(entry).length);
    if (entry.conflict !== null) conflicts += 1;
  }
  const whoWidth = Math.min(MAX_WHO, longestWho);
  const lines: string[] = [];
  const pushIndented = (wrapped: readonly string[]) => {
    for (const line of wrapped) lines.push(GUTTER + line);
  };
  for (const [section, rows] of sections) {
    if (lines.length > 0) lines.push('');
    lines.push(`${section} (${rows.length})`);
    for (const entry of rows) {
      const text = wrap(
        terminalSafe(entry.text.includes('\n') ? entry.text.replace(/\s*\n\s*/g, ' ') : entry.text),
        width,
      );
      lines.push(INDENT + entry.id.slice(0, SHORT_ID).padEnd(SHORT_ID) + '  ' + (text[0] ?? ''));
      for (let i = 1; i < text.length; i++) lines.push(GUTTER + text[i]);
      const columns =
        cut(terminalSafe(who(entry)), MAX_WHO).padEnd(whoWidth) + '  ' + when(entry) + '  ' + where(entry);
      const learned = how(entry);
      // How it was learned goes on the same line when it fits, else on its own line: never cut mid-phrase.
      if (learned === '') lines.push(GUTTER + columns);
      else if (GUTTER.length + columns.length + 2 + learned.length <= width)
        lines.push(GUTTER + columns + ', ' + learned);
      else {
        lines.push(GUTTER + columns);
        pushIndented(wrap(learned, width));
      }
      if (entry.conflict !== null) {
        const other = layout.otherVersion?.(entry.id);
        const note = other
          ? `! in conflict with ${other.replace(/^A /, 'a ')}: \`mem review\` settles it`
          : '! another version of this entry awaits `mem review`';
        pushIndented(wrap(note, width));
      }
    }
  }
  const count = `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}${conflicts > 0 ? `, ${conflicts} in conflict` : ''}`;
  lines.push(
    '',
    ...wrap(
      `${count}. "team memory" is shared through the team ref; the agent reads it in ${RENDERED_FILE}.`,
      width + GUTTER.length,
    ),
  );
  return lines.join('\n');
}

/** Who added it: the author's name as git knows it ("Nina Newcomer", never %-encoded). */
function who(entry: ListedEntry): string {
  return entry.provenance.author ?? 'unknown author';
}

function when(entry: ListedEntry): string {
  return (entry.provenance.at ?? '').slice(0, 10).padEnd(10);
}

/** Where it lives: the team memory, or a file and line (personal memory). */
function where(entry: ListedEntry): string {
  if (entry.personal) return `${entry.file}:${entry.line} (personal)`;
  return entry.scope === null ? 'team memory' : `branch ${terminalSafe(entry.scope)}`;
}

/** How it was learned: the agent's session, or the agent itself through `mem remember`. */
function how(entry: ListedEntry): string {
  const { agent, session, via } = entry.provenance;
  const label = agent ? (AGENT_LABELS[agent as AgentId] ?? agent) : null;
  const inSession = session ? `session ${session.slice(0, 8)}` : null;
  if (via === 'agent')
    return `recorded by the agent${label || inSession ? ` (${[label, inSession].filter(Boolean).join(', ')})` : ''}`;
  if (label) return `learned in a ${label} ${inSession ?? 'session'}`;
  return '';
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Returns `text` as lines that fit beside the id column of a `width`-column screen. */
function wrap(text: string, width: number): string[] {
  return wrapText(text, width - GUTTER.length);
}
