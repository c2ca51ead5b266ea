/**
 * `mem blame <id>`: who wrote a memory, when, in which agent session, and which team commit holds
 * it. Answered from what sync recorded in the working copy (through `mem list`'s cached read), so
 * it never walks the team history, however long.
 */
import { MemError } from '../core/errors.js';
import { listEntries, type ListedEntry } from './list-entries.js';

export type BlameOutcome = ListedEntry;

/** Returns the entry whose id is `query` or starts with it; throws USAGE for an empty query, NOT_FOUND for none or several. */
export function blameEntry(cwd: string, query: string): BlameOutcome {
  const wanted = query.trim();
  if (wanted === '')
    throw new MemError('USAGE', 'mem blame needs an entry id', {
      hint: 'Run `mem list` to see ids, then e.g. `mem blame m3f9a1c2`.',
    });
  const entries = listEntries(cwd).entries;
  const exact = entries.find((entry) => entry.id === wanted);
  const matches = exact ? [exact] : entries.filter((entry) => entry.id.startsWith(wanted));
  if (matches.length === 0)
    throw new MemError('NOT_FOUND', `no memory has the id ${wanted}`, { hint: 'Run `mem list` to see ids.' });
  if (matches.length > 1) {
    throw new MemError(
      'NOT_FOUND',
      `several memories start with ${wanted}: ${matches
        .slice(0, 5)
        .map((entry) => entry.id)
        .join(', ')}${matches.length > 5 ? ', …' : ''}`,
      { hint: 'Give more of the id.' },
    );
  }
  return matches[0] as ListedEntry;
}
