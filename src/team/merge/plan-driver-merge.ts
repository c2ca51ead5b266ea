/**
 * Which merge the git merge driver runs, decided from the three inputs as read. The entry-aware
 * merge reads text and writes text back: it is for what it can merge well and fast. Anything else
 * goes to git's own line merge (`git merge-file`), which never changes a byte it did not merge:
 * - a file that is not valid UTF-8 (a Latin-1 CLAUDE.md): decoding would turn its bytes into U+FFFD;
 * - a file past the size the entry-aware merge handles in about a second (measured on 2 cores:
 *   5,000 lines 1.1 s of CPU, 10,000 lines 4.4 s, 20,000 lines 19 s, where git is instant; the
 *   largest of the 704 real merge triples has 1,313 lines and 56 KB).
 * A FIFO or a device is no merge input at all: reading one never ends or waits for ever.
 */
import { isUtf8 } from 'node:buffer';
import type { RegularFileBytes } from '../../core/files/read-regular-file.js';

/** Past this many lines in any input, the merge is git's line merge. */
export const MAX_ENTRY_AWARE_LINES = 5_000;
/** Past this many bytes in any input (long lines), likewise; also the most the driver reads. */
export const MAX_ENTRY_AWARE_BYTES = 1024 * 1024;

export type DriverInput = { name: 'base' | 'ours' | 'theirs'; read: RegularFileBytes };

export type DriverMergePlan =
  | { kind: 'entry-aware'; base: string; ours: string; theirs: string }
  | { kind: 'line'; why: string }
  | { kind: 'refuse'; why: string };

/** Returns the merge to run for the inputs as read (base, ours, theirs); never fails. */
export function planDriverMerge(inputs: readonly [DriverInput, DriverInput, DriverInput]): DriverMergePlan {
  for (const { name, read } of inputs)
    if (!read.ok && read.reason === 'not a regular file')
      return { kind: 'refuse', why: `${name} is not a regular file` };
  for (const { name, read } of inputs)
    if (!read.ok) return { kind: 'line', why: `${name} is larger than ${MAX_ENTRY_AWARE_BYTES / 1024 / 1024} MiB` };
  const bytes = inputs.map(({ read }) => (read as { bytes: Buffer }).bytes);
  for (const [k, { name }] of inputs.entries())
    if (!isUtf8(bytes[k]!)) return { kind: 'line', why: `${name} is not UTF-8 text` };
  for (const [k, { name }] of inputs.entries())
    if (countLines(bytes[k]!) > MAX_ENTRY_AWARE_LINES)
      return { kind: 'line', why: `${name} has more than ${MAX_ENTRY_AWARE_LINES.toLocaleString('en')} lines` };
  const [base, ours, theirs] = bytes.map((b) => b.toString('utf8')) as [string, string, string];
  return { kind: 'entry-aware', base, ours, theirs };
}

function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines += 1;
  return lines;
}
