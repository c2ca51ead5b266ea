/** What a person reads of `mem check`. */
import type { CheckOutcome } from './check-memory.js';

/** Returns each listed entry with its reasons, then the agent files' findings and a summary line. */
export function renderCheck(outcome: CheckOutcome): string {
  const lines: string[] = [];
  for (const entry of outcome.entries) {
    lines.push(`${entry.status} ${entry.id}: ${entry.text.replace(/\s*\n\s*/g, ' ')}`);
    for (const reason of entry.reasons) lines.push(`  - ${reason}`);
  }
  for (const finding of outcome.files)
    lines.push(
      `${finding.file}:${finding.line}: \`${finding.value}\` ${finding.renamedTo === undefined ? 'no longer exists' : `moved to \`${finding.renamedTo}\``}`,
    );
  const stale = outcome.entries.filter((entry) => entry.status === 'stale').length;
  lines.push(
    stale + outcome.files.length === 0
      ? `mem check: nothing stale at ${outcome.commit.slice(0, 7)}`
      : `mem check: ${stale} stale entr${stale === 1 ? 'y' : 'ies'}${outcome.files.length > 0 ? `, ${outcome.files.length} stale reference${outcome.files.length === 1 ? '' : 's'} in agent files` : ''} at ${outcome.commit.slice(0, 7)}: \`mem review --stale\` verifies, rewrites or forgets them`,
  );
  return lines.join('\n');
}
