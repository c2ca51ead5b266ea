/**
 * The durable and team parts of `mem status`: entries, conflicts, the memory's size against its
 * budget and Claude Code's own limits, an old managed region left in CLAUDE.md, the clone's
 * refspecs against the team ref, and what team sync has pending or failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../core/config/schema.js';
import { unknownConfigKeys } from '../../core/config/parse-config.js';
import { cachedDerivation } from '../../core/files/derived-cache.js';
import { readRegion } from '../../core/memory-file/read-region.js';
import { readSyncStatus, type SyncStatus } from '../../team/sync-status.js';
import { PERSONAL_FILE } from '../../durable/write-durable.js';
import { readCandidateRecords } from '../../durable/candidate-log.js';
import { readHandoffCacheIndex } from '../../team/handoffs/handoff-cache.js';
import { memoryPaths } from '../../core/layout.js';
import { RENDERED_FILE, WORKING_FILE } from '../../core/shared-memory-file.js';
import { countRenderedItems } from '../../core/rendering-state.js';
import { checkRefspecs } from '../../team/check-refspecs.js';
import { readBranchScopeState } from '../../team/apply-branch-scopes.js';
import { listHeldEntries, type WaitingEntry } from '../../team/held-state.js';
import { readScopeBranch } from '../../core/git/scope-view.js';

/** Claude Code reads CLAUDE.md whole into every session; its docs advise staying under ~200 lines. */
const CLAUDE_MD_ADVISED_LINES = 200;

export type MemoryFileStatus = {
  file: string;
  /** Entries as `mem list` shows them: those in conflict included (also counted in `conflicts`). */
  entries: number;
  conflicts: number;
  /** Lines of mem's region (markers included), 0 without one. */
  regionLines: number;
  /** Lines of the whole file. */
  fileLines: number;
  damage: string | null;
  /** The team memory only: how many of its items the rendered file shows (its size budget, team.renderMaxChars), null without one. */
  shown?: number | null;
  /** The team memory only: entries learned on branches other than the one HEAD is on, seen only there until they land. */
  otherBranches?: number;
};

export type StatusExtensions = {
  memory: {
    files: MemoryFileStatus[];
    /** The number of entries `mem list` shows: those in conflict included. */
    entries: number;
    conflicts: number;
    maxRegionLines: number;
    /** Candidates that contradicted an entry in the last 7 days: kept out, waiting for a human. */
    flaggedContradictions: number;
    /** Branches the last sync found deleted on the remote without landing (`gone`) or untouched for scope.abandonDays: their entries wait in `mem review --branches`. */
    abandonedBranches: Array<{ branch: string; reason: 'gone' | 'untouched'; entries: number }>;
    warnings: string[];
  };
  team: SyncStatus & {
    enabled: boolean;
    branch: string;
    /** The team ref on the remote (refs/mem/team). */
    ref: string;
    /** Teammates' shared handoffs the gates refused at the last sync (the cache's index lists each and why). */
    handoffsRefused: number;
    /** Teammates' entries the injection gate holds for a person (`mem review --held`). */
    held: WaitingEntry[];
  };
};

/** `scoped`: how many entries each branch has (branch-scoped entries, issue 31). */
type FileSummary = {
  ids: string[];
  conflictIds: string[];
  scoped: Record<string, number>;
  regionLines: number;
  fileLines: number;
  damage: string | null;
};

/**
 * What status shows of one memory file, parsed once per change of the file: an unchanged one
 * (same file stamp) is read from `.memory/cache/`. Null when the file is unreadable.
 */
function summariseMemoryFile(root: string, file: string, path: string): FileSummary | null {
  const cache = join(memoryPaths(root).cacheDir, `status-${file.replace(/[^A-Za-z0-9.-]/g, '_')}.json`);
  return cachedDerivation(cache, 'status-3', { path }, ({ path: bytes }) => {
    if (bytes === null || bytes === undefined) return null;
    const text = bytes.toString('utf8');
    const region = readRegion(text);
    const scoped: Record<string, number> = {};
    for (const entry of region.entries)
      if (entry.provenance.scope !== undefined)
        scoped[entry.provenance.scope] = (scoped[entry.provenance.scope] ?? 0) + 1;
    return {
      ids: region.entries.map((entry) => entry.id),
      scoped,
      conflictIds: region.conflicts.map((conflict) => conflict.id),
      regionLines: region.span ? text.slice(region.span.start, region.span.end).split('\n').length : 0,
      fileLines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
      damage: region.damage?.message ?? null,
    };
  });
}

/** Returns the durable and team parts of `mem status`; never throws on unreadable memory files. */
export async function readStatusExtensions(root: string, config: Config): Promise<StatusExtensions> {
  const files: MemoryFileStatus[] = [];
  const warnings: string[] = [];
  const uniqueIds = new Set<string>();
  const uniqueConflicts = new Set<string>();
  // Shared memory is the working copy of the team memory, shown under the name of the file the agent reads.
  for (const [file, path] of [
    [RENDERED_FILE, join(root, WORKING_FILE)],
    [PERSONAL_FILE, join(root, PERSONAL_FILE)],
  ] as const) {
    if (!existsSync(path)) continue;
    const summary = summariseMemoryFile(root, file, path);
    if (summary === null) {
      warnings.push(`${file} is unreadable`);
      continue;
    }
    // One truth with `mem list`: an entry in conflict is still an entry (listed once, marked), so it counts.
    const ids = new Set([...summary.ids, ...summary.conflictIds]);
    for (const id of ids) uniqueIds.add(id);
    for (const id of summary.conflictIds) uniqueConflicts.add(id);
    const { regionLines, fileLines, damage } = summary;
    const shared = file === RENDERED_FILE;
    const here = shared && config.scope.branches === 'auto' ? readScopeBranch(root) : null;
    const otherBranches =
      shared && config.scope.branches === 'auto'
        ? Object.entries(summary.scoped).reduce((sum, [branch, count]) => sum + (branch === here ? 0 : count), 0)
        : 0;
    files.push({
      file,
      entries: ids.size,
      conflicts: summary.conflictIds.length,
      regionLines,
      fileLines,
      damage,
      ...(shared ? { shown: countRenderedItems(root), otherBranches } : {}),
    });
    if (damage) warnings.push(`${file}: ${damage} (the next write repairs it without losing an entry)`);
    // Note: the team memory's rendered file keeps to its own budget (team.renderMaxChars), whatever its size.
    if (!shared && regionLines > config.region.maxLines)
      warnings.push(
        `${file}: memory has ${regionLines} lines, over region.maxLines ${config.region.maxLines}; forget or merge entries`,
      );
  }
  for (const file of config.region.targets) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    try {
      const text = readFileSync(path, 'utf8');
      const fileLines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (fileLines > CLAUDE_MD_ADVISED_LINES)
        warnings.push(
          `${file} has ${fileLines} lines; Claude Code reads it whole every session and advises under ${CLAUDE_MD_ADVISED_LINES}`,
        );
      if (text.includes('<!-- mem:begin'))
        warnings.push(
          `${file} still holds mem's old managed region: run \`mem migrate\` (its entries move to the team memory), then commit ${file}`,
        );
    } catch {
      warnings.push(`${file} is unreadable`);
    }
  }
  const unknownKeys = readUnknownConfigKeys(root);
  if (unknownKeys.length > 0)
    warnings.push(
      `.memory/config.json: unknown key(s) ${unknownKeys.join(', ')}: this mem ignores them (a newer mem's setting, or a typo)`,
    );
  if (config.team.enabled)
    for (const problem of checkRefspecs(root, config.team.remote, config.team.ref)) warnings.push(problem);
  const weekAgo = Date.now() - 7 * 86_400_000;
  const flaggedContradictions = readCandidateRecords(memoryPaths(root).candidateLog).filter(
    (record) => record.action === 'flag' && Date.parse(record.at) >= weekAgo,
  ).length;
  const team = readSyncStatus(root);
  return {
    memory: {
      files,
      entries: uniqueIds.size,
      conflicts: uniqueConflicts.size,
      maxRegionLines: config.region.maxLines,
      flaggedContradictions,
      abandonedBranches: readBranchScopeState(root).abandoned.map((item) => ({
        branch: item.branch,
        reason: item.reason,
        entries: item.ids.length,
      })),
      warnings,
    },
    team: {
      ...team,
      enabled: config.team.enabled,
      branch: config.team.branch,
      ref: config.team.ref,
      handoffsRefused: readHandoffCacheIndex(memoryPaths(root).cacheDir).refused.length,
      held: listHeldEntries(root),
    },
  };
}

function readUnknownConfigKeys(root: string): string[] {
  try {
    return unknownConfigKeys(readFileSync(memoryPaths(root).configFile, 'utf8'));
  } catch {
    return [];
  }
}
