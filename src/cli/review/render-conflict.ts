/**
 * One memory conflict as a person reads it, in `mem review --list` and at the interactive prompt
 * alike: both versions in full (never cut where they differ), whose each is, what came before,
 * and the word-level difference with a legend naming whose words are whose.
 */
import type { ReviewConflict } from '../../team/review.js';
import { hangingWrap } from '../../core/text/wrap-text.js';

const HANGING = 6;

/** Returns the lines of `conflict` for a `width`-column screen; `heading` is its first line. */
export function renderConflict(conflict: ReviewConflict, heading: string, width: number): string[] {
  const lines = [heading];
  const mine = conflict.versions.find((version) => version.mine);
  const other = conflict.versions.find((version) => !version.mine);
  for (const version of conflict.versions)
    lines.push(...hangingWrap(`  ${version.label}: `, show(version.text), width, HANGING));
  if (conflict.base !== null) lines.push(...hangingWrap('  Before both edits: ', conflict.base, width, HANGING));
  if (conflict.ours !== null && conflict.theirs !== null) {
    let theirs = whose(other?.label ?? "A teammate's version");
    let yours = whose(mine?.label ?? conflict.versions[0]?.label ?? 'Your version');
    // Note: both sides by the same person (two of their clones) need another way to tell them apart.
    if (theirs === yours) [theirs, yours] = ['the second version', 'the first'];
    lines.push(
      `  Difference, word by word: [-only in ${theirs}-] {+only in ${yours}+}`,
      ...hangingWrap('    ', conflict.diff, width, HANGING),
    );
  }
  return lines;
}

/** "Alice's version (2026-12-01)" → "Alice's"; "Your version" → "yours". */
function whose(label: string): string {
  const owner = label.replace(/ version.*$/, '');
  return owner === 'Your' ? 'yours' : owner;
}

function show(text: string | null): string {
  return text === null ? '(deleted)' : text.replace(/\s*\n\s*/g, ' ');
}
