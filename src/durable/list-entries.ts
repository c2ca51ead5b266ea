/**
 * `mem list`: the durable entries of every memory file mem writes (the configured targets and
 * the personal CLAUDE.local.md), with where they sit, their provenance, and the conflicts that
 * await review. Read-only, and it reads through damaged markers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../core/config/schema.js';
import { MemError } from '../core/errors.js';
import { cachedDerivation } from '../core/files/derived-cache.js';
import { memoryPaths } from '../core/layout.js';
import { readRegion, type RegionRead } from '../core/memory-file/read-region.js';
import { regionBody } from '../core/memory-file/region-body.js';
import { renderMemory } from '../core/memory-file/render-memory.js';
import { fromRecordItems, type RecordItem } from '../core/memory-file/rendering-record.js';
import { RENDERED_FILE, WORKING_FILE } from '../core/shared-memory-file.js';
import { sharedMemoryPaths } from '../core/rendering-state.js';
import { matchesTextFingerprint } from '../core/files/fast-hash.js';
import type { Conflict } from '../core/memory-file/conflict-item.js';
import { loadConfig } from '../core/config/load-config.js';
import type { SharedMemoryPort } from '../core/shared-memory-port.js';
import { requireSetUp } from '../core/set-up.js';
import { PERSONAL_FILE } from './write-durable.js';
import { isVisibleIn, type ScopeView } from '../core/memory-file/entry-scope.js';
import { readScopeView } from '../core/git/scope-view.js';

/** Provenance as `mem list --json` prints it: every key present, null when unknown. */
/** `via: "agent"` when the agent recorded it (`mem remember` through its shell tool). */
/** `agent`: the agent whose session learned it (`claude` for a session entry that names none), null for one a human added. */
export type ListedProvenance = {
  author: string | null;
  at: string | null;
  session: string | null;
  agent: string | null;
  commit?: string;
  via?: string;
};

/** One durable entry (or a conflict awaiting `mem review`) as `mem list --json` prints it. */
export type ListedEntry = {
  id: string;
  section: string;
  text: string;
  /** First file (relative to the repository root) holding it. */
  file: string;
  /** Every file holding it (CLAUDE.md and AGENTS.md may both). */
  files: string[];
  /** 1-based line in `file`. */
  line: number;
  provenance: ListedProvenance;
  /** True for entries of CLAUDE.local.md, which are never shared. */
  personal: boolean;
  /** The branch it is seen on until that branch lands; null: team-wide (or personal). */
  scope: string | null;
  /** For a conflict awaiting `mem review`: each side's text (null where that side deleted it); null for a plain entry. */
  conflict: { ours: string | null; theirs: string | null; base: string | null } | null;
};

/**
 * `provenance` adds the team commit of each shared entry (from the team capability). `view`: the
 * entries that view sees (`'here'`: where HEAD is, as the agent sees them); absent: every branch's.
 */
export type ListOptions = {
  section?: string;
  personal?: boolean;
  provenance?: SharedMemoryPort['readEntryCommits'];
  view?: ScopeView | 'here';
};

export type EntryListing = { root: string; entries: ListedEntry[]; warnings: string[] };

/** One memory file read for listing: its entries and conflicts, damage, and (shared memory) each id's line in the rendered file. */
export type MemoryFileRead = {
  file: string;
  personal: boolean;
  read: Pick<RegionRead, 'entries' | 'conflicts' | 'damage'>;
  lines?: Map<string, number>;
};

/** Returns the region of every memory file that exists, targets first, then CLAUDE.local.md; throws only on an unreadable file. */
function readMemoryFiles(root: string, config: Config): MemoryFileRead[] {
  const reads: MemoryFileRead[] = [];
  // Shared memory: the working copy of the team memory, shown where the agent reads it (the rendered file).
  const shared = readSharedMemory(root, config);
  if (shared !== null)
    reads.push({ file: RENDERED_FILE, personal: false, read: shared.read, lines: new Map(shared.lines) });
  const personal = join(root, PERSONAL_FILE);
  if (existsSync(personal))
    reads.push({ file: PERSONAL_FILE, personal: true, read: readRegion(readFileSync(personal, 'utf8')) });
  return reads;
}

type SharedRead = { read: Pick<RegionRead, 'entries' | 'conflicts' | 'damage'>; lines: Array<[string, number]> };

/**
 * The shared memory as `mem list` shows it: its entries and conflicts, and each id's line in the
 * rendered file (the file the agent and the human read). Parsed once per change of the working
 * copy: an unchanged one (same file stamp) is read from `.memory/cache/team-list.json`.
 */
function readSharedMemory(root: string, config: Config): SharedRead | null {
  const working = join(root, WORKING_FILE);
  if (!existsSync(working)) return null;
  const cache = join(memoryPaths(root).cacheDir, 'team-list.json');
  return cachedDerivation(
    cache,
    `list-4\u0000${config.team.renderMaxChars}\u0000${config.region.sections.join('\u0000')}`,
    { working },
    (contents) => {
      const text = contents.working?.toString('utf8') ?? '';
      const read = readRegion(text);
      const lines =
        renderedLines(root, text) ??
        renderMemory(regionBody(text) ?? '', {
          target: 'rules-file',
          sections: config.region.sections,
          maxChars: config.team.renderMaxChars,
          reader: { name: null, email: null },
        }).items.map((item): [string, number] => [item.id, item.line ?? 0]);
      return {
        read: { entries: read.entries, conflicts: read.conflicts, ...(read.damage ? { damage: read.damage } : {}) },
        lines,
      };
    },
  );
}

/**
 * Each id's line in the rendered file, from the last rendering's record (`.memory/state/team-rendered.json`)
 * when it was made from exactly `working`; null otherwise. Why: rendering 20,000 entries again only
 * to number their lines was a sixth of a fresh listing. (The reader's name changes a conflict's labels, never its line count.)
 */
function renderedLines(root: string, working: string): Array<[string, number]> | null {
  try {
    const saved = JSON.parse(readFileSync(sharedMemoryPaths(root).lastItems, 'utf8')) as {
      workingHash?: string;
      items?: RecordItem[];
    };
    if (!Array.isArray(saved.items) || !matchesTextFingerprint(saved.workingHash, working)) return null;
    return fromRecordItems(saved.items).map((item): [string, number] => [item.id, item.line ?? 0]);
  } catch {
    return null;
  }
}

/** Returns the damage warnings of `reads`, one line per damaged file. */
function damageWarnings(reads: readonly MemoryFileRead[]): string[] {
  return reads
    .filter(({ read }) => read.damage !== undefined)
    .map(
      ({ file, read }) =>
        `${file}: mem's region markers are damaged (${read.damage?.message ?? 'unknown damage'}); entries are listed as mem reads them, and the next write repairs the markers without losing an entry`,
    );
}

function listedProvenance(
  provenance:
    { author?: string; at?: string; session?: string; agent?: string; commit?: string; via?: string } | undefined,
): ListedProvenance {
  // Note: entries learned before other agents existed carry a session and no agent: Claude Code's.
  const agent = provenance?.agent ?? (provenance?.session ? 'claude' : null);
  const value: ListedProvenance = {
    author: provenance?.author ?? null,
    at: provenance?.at ?? null,
    session: provenance?.session ?? null,
    agent,
  };
  if (provenance?.commit !== undefined) value.commit = provenance.commit;
  if (provenance?.via !== undefined) value.via = provenance.via;
  return value;
}

function conflictRow(conflict: Conflict, file: string, personal: boolean): ListedEntry {
  const side = conflict.ours ?? conflict.theirs ?? conflict.base;
  const versions =
    conflict.kind === 'text' && conflict.text !== undefined
      ? { ours: conflict.text.ours, theirs: conflict.text.theirs, base: conflict.text.base }
      : { ours: conflict.ours?.text ?? null, theirs: conflict.theirs?.text ?? null, base: conflict.base?.text ?? null };
  return {
    id: conflict.id,
    section: conflict.section,
    text: versions.ours ?? versions.theirs ?? '',
    file,
    files: [file],
    line: conflict.line,
    provenance: listedProvenance(side?.provenance),
    personal,
    scope: null,
    conflict: versions,
  };
}

/** Returns every entry in file order (targets first, then personal ones), each id once; throws NOT_A_GIT_REPO, NOT_INITIALISED, CONFIG_INVALID or USAGE for an unknown --section. */
export function listEntries(cwd: string, options: ListOptions = {}): EntryListing {
  const root = requireSetUp(cwd);
  const config = loadConfig(root);
  const reads = readMemoryFiles(root, config);
  const byId = new Map<string, ListedEntry>();
  for (const { file, personal, read } of reads) {
    const rows: ListedEntry[] = [
      ...read.entries.map((entry) => ({
        id: entry.id,
        section: entry.section,
        text: entry.text,
        file,
        files: [file],
        line: entry.line,
        provenance: listedProvenance(entry.provenance),
        personal,
        scope: entry.provenance.scope ?? null,
        conflict: null,
      })),
      ...read.conflicts.map((conflict) => conflictRow(conflict, file, personal)),
    ];
    for (const row of rows) {
      const seen = byId.get(row.id);
      // Note: AGENTS.md mirrors CLAUDE.md; the same entry in both is one memory, listed once.
      if (seen === undefined) byId.set(row.id, row);
      else if (!seen.files.includes(file)) seen.files.push(file);
    }
  }
  let entries = [...byId.values()];
  const lines = reads.find((read) => !read.personal)?.lines ?? new Map<string, number>();
  for (const entry of entries) {
    if (entry.personal) continue;
    const line = lines.get(entry.id);
    // Note: an entry the rendered file's size budget leaves out is where it is kept: the working copy.
    if (line !== undefined) entry.line = line;
    else if (lines.size > 0 && entry.files.length === 1 && entry.files[0] === RENDERED_FILE)
      entry.files = [WORKING_FILE];
  }
  // The team commit behind each shared entry comes from the team branch's history (the audit log).
  const commits = options.provenance?.(root, config.team.branch) ?? new Map<string, string>();
  for (const entry of entries) {
    const commit = commits.get(entry.id);
    if (!entry.personal && commit !== undefined && entry.provenance.commit === undefined)
      entry.provenance.commit = commit;
  }
  if (options.personal === true) entries = entries.filter((entry) => entry.personal);
  if (options.view !== undefined) {
    const view = options.view === 'here' ? readScopeView(root, config) : options.view;
    entries = entries.filter((entry) => isVisibleIn(entry.scope ?? undefined, view));
  }
  if (options.section !== undefined) {
    const wanted = options.section.toLowerCase();
    const known = new Set(
      [...config.region.sections, ...entries.map((entry) => entry.section)].map((section) => section.toLowerCase()),
    );
    if (!known.has(wanted)) {
      throw new MemError('USAGE', `unknown section "${options.section}"`, {
        hint: `Sections in this repository: ${config.region.sections.join(', ')}.`,
      });
    }
    entries = entries.filter((entry) => entry.section.toLowerCase() === wanted);
  }
  return { root, entries, warnings: damageWarnings(reads) };
}
