/**
 * The one place durable memory is written: verdicts become region edits, spliced into the working
 * copy of the team memory (or CLAUDE.local.md for personal memory) under the memory lock,
 * atomically. No tracked file is written. Used by the Stop hook and by `mem remember` / `mem forget`.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { nodeCrypto } from '../core/lazy-builtins.js';
import { dirname, join } from 'node:path';
import { WORKING_FILE, absorbRenderedEdits, renderLayout, renderSharedMemory } from '../core/shared-memory-file.js';
import type { Config } from '../core/config/schema.js';
import type { Entry } from '../core/memory-file/entry.js';
import type { Verdict } from './gate/verdict.js';
import { applyRegionEdits } from '../core/memory-file/apply-region-edits.js';
import type { RegionEdit } from '../core/memory-file/edit-body.js';
import { readRegion } from '../core/memory-file/read-region.js';
import { repairRegion } from '../core/memory-file/repair-region.js';
import type { RegionEntry } from '../core/memory-file/parse-region-body.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { withLock } from '../core/files/lock.js';
import type { MemoryPaths } from '../core/layout.js';
import { ALL_BRANCHES, isVisibleIn, type ScopeView } from '../core/memory-file/entry-scope.js';
import { anchorText, referenceKinds } from '../core/anchors/anchors-field.js';
import { withAnchors } from '../core/anchors/entry-anchors.js';
import type { RepoSnapshot } from '../core/anchors/repo-snapshot.js';
import { readHeadSnapshot } from '../core/git/read-repo-snapshot.js';

import { PERSONAL_FILE } from './personal-file.js';

export { PERSONAL_FILE };

export type WriteTarget = 'shared' | 'personal';

export type DurableWrite = {
  /** Files whose bytes changed. */
  changedFiles: string[];
  /** Verdict index → id of the entry it added or changed. */
  entryIds: Map<number, string>;
  /** Region repairs done on the way (damaged markers), for the log. */
  repairs: string[];
  /** Entries beyond the region's line budget after the write (primary file). */
  overflow: number;
};

/**
 * Returns the files mem writes durable memory to for `target`: personal memory goes to
 * CLAUDE.local.md; shared memory to the working copy of the team memory (ignored, never a tracked
 * file), which the agent reads through the rendered `.claude/rules/mem-team-memory.md`.
 */
function targetFiles(_config: Config, target: WriteTarget): string[] {
  return target === 'personal' ? [PERSONAL_FILE] : [WORKING_FILE];
}

/**
 * Returns the entries of the primary target file (what the filter compares against) that `view`
 * sees (another branch's entries are no duplicate of, nor contradicted by, what is learned here);
 * never throws on damage.
 */
export function readExistingEntries(
  root: string,
  config: Config,
  target: WriteTarget = 'shared',
  view: ScopeView = ALL_BRANCHES,
): RegionEntry[] {
  const entries: RegionEntry[] = [];
  const seen = new Set<string>();
  // Personal memory is compared with the shared entries too: no point remembering twice.
  const files = target === 'personal' ? [PERSONAL_FILE, WORKING_FILE] : [WORKING_FILE];
  for (const file of files) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    for (const entry of readRegion(readFileSync(path, 'utf8')).entries) {
      if (seen.has(entry.id) || !isVisibleIn(entry.provenance.scope, view)) continue;
      seen.add(entry.id);
      entries.push(entry);
    }
  }
  return entries;
}

/** What a writer with `scope` compares against: the team-wide entries and that branch's (everything with `scope.branches: off`). */
export function writeView(config: Config, scope: string | undefined): ScopeView {
  return config.scope.branches === 'off' ? ALL_BRANCHES : { kind: 'branch', branch: scope ?? null };
}

export type WriteInput = {
  root: string;
  paths: MemoryPaths;
  config: Config;
  target: WriteTarget;
  verdicts: readonly Verdict[];
  /** Provenance for new entries. */
  author: string | undefined;
  session: string | undefined;
  /** "agent" when the agent recorded it through its shell tool. */
  via?: string;
  /** The agent whose session learned it, when not Claude Code (Claude Code's entries carry none, as before). */
  agent?: string;
  /** The branch new entries are scoped to (core/memory-file/entry-scope.ts); absent: team-wide. */
  scope?: string;
  now: Date;
  /** Extra edits (e.g. `mem forget` removals), applied after the verdicts'. */
  extraEdits?: readonly RegionEdit[];
  lockTimeoutMs?: number;
  /**
   * Render the agent's file after the write (commands a person runs: remember, forget). The Stop
   * hook leaves it to the next session start or sync, so a running session's context stays as it was.
   */
  render?: boolean;
  /** References given by hand for the entries added (`mem remember --anchor`), kept beside those found in the text. */
  anchors?: readonly string[];
  /** The committed state the new entries are anchored at, when the caller read it (default: HEAD, read when a text names something). */
  snapshot?: RepoSnapshot | null;
};

/** Applies accepted verdicts to the target files; returns what changed; throws LOCK_HELD or on I/O failure. */
export async function writeDurable(input: WriteInput): Promise<DurableWrite> {
  const entryIds = new Map<number, string>();
  const edits: RegionEdit[] = [];
  input.verdicts.forEach((verdict, index) => {
    if (!verdict.accepted) return;
    if (verdict.action === 'add') {
      const id = newEntryId();
      const entry: Entry = {
        id,
        section: verdict.candidate.section,
        text: verdict.candidate.text,
        provenance: provenance(input),
      };
      edits.push({ op: 'add', entry });
      entryIds.set(index, id);
    } else if (verdict.action === 'supersede' && verdict.targetId) {
      edits.push({ op: 'replace', id: verdict.targetId, text: verdict.candidate.text });
      entryIds.set(index, verdict.targetId);
    } else if (verdict.action === 'merge' && verdict.targetId) {
      // Note: a duplicate adds nothing: the existing entry already says it.
      entryIds.set(index, verdict.targetId);
    }
  });
  await anchorAdded(input, edits);
  edits.push(...(input.extraEdits ?? []));
  const result: DurableWrite = { changedFiles: [], entryIds, repairs: [], overflow: 0 };
  if (edits.length === 0) return result;

  await withLock(
    input.paths.memoryLock,
    () => {
      // A human's edits of the rendered file are read back first, so this write never overwrites them.
      if (input.target === 'shared') absorbRenderedEdits(input.root, input.config.region.sections);
      for (const [index, file] of targetFiles(input.config, input.target).entries()) {
        const path = join(input.root, file);
        mkdirSync(dirname(path), { recursive: true });
        let text = existsSync(path) ? readFileSync(path, 'utf8') : '';
        let repaired = false;
        if (readRegion(text).damage) {
          repaired = true;
          const repair = repairRegion(text, { sections: input.config.region.sections });
          text = repair.text;
          result.repairs.push(`${file}: damaged mem markers repaired without losing an entry`);
        }
        const edited = applyRegionEdits(text, edits, {
          sections: input.config.region.sections,
          maxLines: input.config.region.maxLines,
        });
        if (index === 0) result.overflow = edited.overflow.length;
        if (!edited.changed && !repaired) continue;
        writeFileAtomicSync(path, edited.text);
        result.changedFiles.push(file);
      }
      if (input.render === true && input.target === 'shared')
        renderSharedMemory(input.root, renderLayout(input.config));
    },
    // Note: commands (remember, forget) wait longer than a hook could; hooks pass their deadline.
    { timeoutMs: input.lockTimeoutMs ?? 30_000, staleMs: 60_000 },
  );
  return result;
}

/**
 * Anchors each added entry to what its text names at HEAD (committed state): one `ls-tree` when a
 * text names something, nothing otherwise. A repository without a commit anchors nothing.
 */
async function anchorAdded(input: WriteInput, edits: RegionEdit[]): Promise<void> {
  const explicit = input.anchors ?? [];
  const added = edits.flatMap((edit) => (edit.op === 'add' ? [edit.entry] : []));
  const kinds = referenceKinds(
    added.map((entry) => entry.text),
    explicit,
  );
  if (added.length === 0 || kinds.size === 0) return;
  const snapshot = input.snapshot !== undefined ? input.snapshot : await readHeadSnapshot(input.root, kinds);
  if (snapshot === null) return;
  for (const entry of added)
    entry.provenance = withAnchors(entry.provenance, anchorText(entry.text, snapshot, explicit));
}

function provenance(input: WriteInput): Entry['provenance'] {
  const value: Entry['provenance'] = { at: input.now.toISOString().replace(/\.\d{3}Z$/, 'Z') };
  if (input.author) value.author = input.author;
  if (input.session) value.session = input.session.slice(0, 8);
  if (input.via) value.via = input.via;
  if (input.agent && input.agent !== 'claude') value.agent = input.agent;
  if (input.scope !== undefined) value.scope = input.scope;
  return value;
}

/** Returns a fresh entry id: random, so two clones never collide. */
function newEntryId(): string {
  return `m${nodeCrypto().randomBytes(5).toString('hex')}`;
}
