/**
 * The durable and team parts of `mem status`: entries, conflicts, the region's size against its
 * budget and Claude Code's own limits, and what team sync has pending or failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../core/config/schema.js';
import { readRegion } from '../../core/memory-file/read-region.js';
import { readSyncStatus, type SyncStatus } from '../../team/sync-status.js';
import { PERSONAL_FILE } from '../../durable/write-durable.js';
import { readCandidateRecords } from '../../durable/candidate-log.js';
import { memoryPaths } from '../../core/layout.js';

/** Claude Code reads CLAUDE.md whole into every session; its docs advise staying under ~200 lines. */
const CLAUDE_MD_ADVISED_LINES = 200;

export type MemoryFileStatus = {
  file: string;
  entries: number;
  conflicts: number;
  /** Lines of mem's region (markers included), 0 without one. */
  regionLines: number;
  /** Lines of the whole file. */
  fileLines: number;
  damage: string | null;
};

export type StatusExtensions = {
  memory: {
    files: MemoryFileStatus[];
    entries: number;
    conflicts: number;
    maxRegionLines: number;
    /** Candidates that contradicted an entry in the last 7 days: kept out, waiting for a human. */
    flaggedContradictions: number;
    warnings: string[];
  };
  team: SyncStatus & { enabled: boolean; branch: string };
};

/** Returns the durable and team parts of `mem status`; never throws on unreadable memory files. */
export async function readStatusExtensions(root: string, config: Config): Promise<StatusExtensions> {
  const files: MemoryFileStatus[] = [];
  const warnings: string[] = [];
  // Note: AGENTS.md mirrors CLAUDE.md: one entry in both files is one memory.
  const uniqueIds = new Set<string>();
  const uniqueConflicts = new Set<string>();
  for (const file of [...config.region.targets, PERSONAL_FILE]) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      warnings.push(`${file} is unreadable`);
      continue;
    }
    const region = readRegion(text);
    for (const entry of region.entries) uniqueIds.add(entry.id);
    for (const conflict of region.conflicts) uniqueConflicts.add(conflict.id);
    const regionLines = region.span ? text.slice(region.span.start, region.span.end).split('\n').length : 0;
    const fileLines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    files.push({ file, entries: region.entries.length, conflicts: region.conflicts.length, regionLines, fileLines, damage: region.damage?.message ?? null });
    if (region.damage) warnings.push(`${file}: ${region.damage.message} (the next write repairs it without losing an entry)`);
    if (regionLines > config.region.maxLines) warnings.push(`${file}: mem's region has ${regionLines} lines, over region.maxLines ${config.region.maxLines}; forget or merge entries`);
    if (fileLines > CLAUDE_MD_ADVISED_LINES) warnings.push(`${file} has ${fileLines} lines; Claude Code reads it whole every session and advises under ${CLAUDE_MD_ADVISED_LINES}`);
  }
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
      warnings,
    },
    team: { ...team, enabled: config.team.enabled, branch: config.team.branch },
  };
}
