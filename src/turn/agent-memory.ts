/**
 * Durable memory for agents that do not load CLAUDE.md or `.claude/rules/` (Codex CLI reads
 * AGENTS.md, Gemini CLI GEMINI.md): the same entries Claude Code reads from its files, as plain
 * markdown for SessionStart context. No ids or provenance: only what the model should read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_MEMORY_CHARS } from '../session/build-start-context.js';

const INTRO = "This repository's team memory, kept by mem (the same rules every agent on the team reads):";

/**
 * Returns the memory block, or null when there is none or it cannot be read; never throws.
 * `loaded`: text the agent already reads (Codex: AGENTS.md, which may hold a `mem render --into`
 * snapshot); an entry whose line is in it is not sent twice, one that is not (a snapshot older
 * than the memory) still is.
 */
export async function renderMemoryForAgent(root: string, loaded = ''): Promise<string | null> {
  let entries;
  try {
    // Loaded only for these agents: Claude Code's session start never pays for the region reader.
    const { listEntries } = await import('../durable/list-entries.js');
    entries = listEntries(root, { view: 'here' }).entries.filter((entry) => entry.conflict === null);
  } catch {
    return null;
  }
  const { findBranchOverrides } = await import('../core/memory-file/branch-overrides.js');
  const { overrideNote } = await import('../core/memory-file/render-memory.js');
  entries = entries.filter((entry) => !loaded.includes(`- ${entry.text.replace(/\s*\n\s*/g, ' ')}`));
  // On a branch, its own entry stands in for a team-wide one it contradicts, marked as in the rendered file.
  const branch = entries.find((entry) => entry.scope !== null)?.scope ?? null;
  const overrides = findBranchOverrides(
    entries.map((entry) => ({
      id: entry.id,
      section: entry.section,
      text: entry.text,
      provenance: entry.scope === null ? {} : { scope: entry.scope },
    })),
    branch,
  );
  const notes = new Map<string, string[]>();
  for (const [teamId, mine] of overrides)
    notes.set(mine.id, [...(notes.get(mine.id) ?? []), entries.find((entry) => entry.id === teamId)?.text ?? '']);
  entries = entries.filter((entry) => !overrides.has(entry.id));
  if (entries.length === 0) return null;
  const sections = new Map<string, string[]>();
  for (const entry of entries) {
    const name = entry.section || 'Notes';
    const note = overrideNote(notes.get(entry.id));
    const line = `- ${entry.text.replace(/\s*\n\s*/g, ' ')}${note === null ? '' : ` ${note}`}`;
    // Note: pushed, not copied per entry (copying was quadratic: ~33 M copies for 20,000 entries).
    const lines = sections.get(name);
    if (lines === undefined) sections.set(name, [line]);
    else lines.push(line);
  }
  // Whole entries only: the block stops before the first one that does not fit.
  let text = INTRO;
  for (const [section, lines] of sections) {
    const heading = `\n\n${section}:`;
    if (text.length + heading.length + (lines[0]?.length ?? 0) + 1 > MAX_MEMORY_CHARS) break;
    text += heading;
    for (const line of lines) {
      if (text.length + line.length + 1 > MAX_MEMORY_CHARS) return text;
      text += `\n${line}`;
    }
  }
  return text;
}

/** Returns the AGENTS.md Codex reads at the repository root ('' when there is none); never throws. */
export function readAgentsMd(root: string): string {
  try {
    return readFileSync(join(root, 'AGENTS.md'), 'utf8');
  } catch {
    return '';
  }
}
