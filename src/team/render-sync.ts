/**
 * How a sync report reads in a terminal and in a git pre-push hook. `--quiet` (the hook) prints
 * only what needs attention, on stderr, so the user's push output stays clean.
 */
import { terminalSafe } from '../core/text/terminal-safe.js';
import type { RemovedEntry } from './plan-sync.js';
import type { SyncReport } from './sync.js';

/** How many removals a sync's output names one by one. */
const REMOVALS_SHOWN = 5;

/** One line on an entry a teammate took away: who, whose, what, and what to do if it should stay; never throws. */
export function describeRemoval(removed: RemovedEntry): string {
  const who = removed.by === null ? 'a teammate' : terminalSafe(removed.by);
  const whose = removed.author === null ? 'an entry' : `an entry ${terminalSafe(removed.author)} wrote`;
  const text = terminalSafe(removed.text.length > 80 ? `${removed.text.slice(0, 79)}…` : removed.text);
  return `${who} forgot ${whose}: "${text}" (to keep it, remember it again: mem remember)`;
}

/** Returns the lines to print on stdout and stderr for `report`; never throws. */
export function renderSyncReport(
  report: SyncReport,
  options: { quiet?: boolean } = {},
): { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = report.warnings.map((warning) => `mem: ${warning}`);
  for (const item of report.quarantined) {
    // Note: an entry that is not a valid path has no text; its path is what a person can look for. Both came from a teammate.
    stderr.push(
      `mem: quarantined an incoming team entry (${item.reasons.join(', ')}): ${terminalSafe((item.text || item.id).slice(0, 80))}`,
    );
  }
  for (const item of report.held) {
    stderr.push(
      `mem: held an incoming team entry for a person (${item.reasons.join(', ')}): ${terminalSafe(item.text.slice(0, 80))}; let it in or keep it out with \`mem review --held\``,
    );
  }
  for (const item of report.withheld) {
    stderr.push(
      `mem: kept a local entry off the team ref (${item.reasons.join(', ')}): ${terminalSafe(item.text.slice(0, 80))}`,
    );
  }
  if (!options.quiet)
    for (const item of report.promoted)
      stdout.push(
        `mem: ${item.branch} landed: ${item.entries} entr${item.entries === 1 ? 'y is' : 'ies are'} team-wide now`,
      );
  for (const item of report.promoted) {
    if (item.conflicts > 0)
      stderr.push(
        `mem: ${item.conflicts} entr${item.conflicts === 1 ? 'y' : 'ies'} of ${item.branch} contradict${item.conflicts === 1 ? 's' : ''} a team-wide entry: run \`mem review\``,
      );
  }
  if (report.abandonedBranches.length > 0) {
    stderr.push(
      `mem: entries of ${report.abandonedBranches.length} branch(es) that did not land await a decision: run \`mem review --branches\``,
    );
  }
  // Note: a teammate's forget is a union no clone can undo; whoever wrote the entry should hear of it.
  for (const removed of report.removedByTeam.slice(0, REMOVALS_SHOWN)) stderr.push(`mem: ${describeRemoval(removed)}`);
  if (report.removedByTeam.length > REMOVALS_SHOWN)
    stderr.push(
      `mem: … and ${report.removedByTeam.length - REMOVALS_SHOWN} more entries teammates forgot (mem status lists the latest)`,
    );
  if (report.conflicts.length > 0) {
    stderr.push(`mem: ${report.conflicts.length} memory conflict(s) await review: run \`mem review\``);
  }
  if (!options.quiet) {
    const parts: string[] = [];
    if (report.outcome === 'disabled') parts.push('team sync is disabled (team.enabled = false)');
    else if (report.outcome === 'dry-run') {
      parts.push(
        report.wroteMemoryFile
          ? "would update the team memory with teammates' entries"
          : 'team memory would not change',
      );
      if (report.failure === null) parts.push('nothing written (dry run)');
    } else if (report.outcome === 'up-to-date') parts.push('team memory is up to date');
    else if (report.outcome === 'synced') {
      if (report.received > 0)
        parts.push(`received ${report.received} team entr${report.received === 1 ? 'y' : 'ies'}`);
      if (report.wroteMemoryFile) parts.push('rendered .claude/rules/mem-team-memory.md');
      if (report.createdRemoteBranch) parts.push('created the team ref (refs/mem/team) on the remote');
      else if (report.pushed)
        parts.push(`sent ${report.sent} local change${report.sent === 1 ? '' : 's'} to the team ref`);
    } else parts.push('team memory queued for the next sync');
    stdout.push(`mem sync: ${parts.join('; ')}`);
  }
  return { stdout, stderr };
}
