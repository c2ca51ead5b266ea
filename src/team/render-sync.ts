/**
 * How a sync report reads in a terminal and in a git pre-push hook. `--quiet` (the hook) prints
 * only what needs attention, on stderr, so the user's push output stays clean.
 */
import { terminalSafe } from '../core/text/terminal-safe.js';
import type { SyncReport } from './sync.js';

/** Returns the lines to print on stdout and stderr for `report`; never throws. */
export function renderSyncReport(report: SyncReport, options: { quiet?: boolean } = {}): { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = report.warnings.map((warning) => `mem: ${warning}`);
  for (const item of report.quarantined) {
    // Note: an entry that is not a valid path has no text; its path is what a person can look for. Both came from a teammate.
    stderr.push(`mem: quarantined an incoming team entry (${item.reasons.join(', ')}): ${terminalSafe((item.text || item.id).slice(0, 80))}`);
  }
  for (const item of report.withheld) {
    stderr.push(`mem: kept a local entry off the team ref (${item.reasons.join(', ')}): ${terminalSafe(item.text.slice(0, 80))}`);
  }
  if (!options.quiet) for (const item of report.promoted) stdout.push(`mem: ${item.branch} landed: ${item.entries} entr${item.entries === 1 ? 'y is' : 'ies are'} team-wide now`);
  if (report.abandonedBranches.length > 0) {
    stderr.push(`mem: entries of ${report.abandonedBranches.length} branch(es) that did not land await a decision: run \`mem review --branches\``);
  }
  if (report.conflicts.length > 0) {
    stderr.push(`mem: ${report.conflicts.length} memory conflict(s) await review: run \`mem review\``);
  }
  if (!options.quiet) {
    const parts: string[] = [];
    if (report.outcome === 'disabled') parts.push('team sync is disabled (team.enabled = false)');
    else if (report.outcome === 'dry-run') {
      parts.push(report.wroteMemoryFile ? 'would update the team memory with teammates\' entries' : 'team memory would not change');
      if (report.failure === null) parts.push('nothing written (dry run)');
    } else if (report.outcome === 'up-to-date') parts.push('team memory is up to date');
    else if (report.outcome === 'synced') {
      if (report.received > 0) parts.push(`received ${report.received} team entr${report.received === 1 ? 'y' : 'ies'}`);
      if (report.wroteMemoryFile) parts.push('rendered .claude/rules/mem-team-memory.md');
      if (report.createdRemoteBranch) parts.push('created the team ref (refs/mem/team) on the remote');
      else if (report.pushed) parts.push(`sent ${report.sent} local change${report.sent === 1 ? '' : 's'} to the team ref`);
    } else parts.push('team memory queued for the next sync');
    stdout.push(`mem sync: ${parts.join('; ')}`);
  }
  return { stdout, stderr };
}
