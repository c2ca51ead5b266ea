/**
 * `mem handoff list` and `mem handoff show`: teammates' shared handoffs as the last fetch brought
 * them (fetched again first when the remote answers). What is shown passes the incoming gates
 * again: the cache is a copy of untrusted input.
 */
import { MemError } from '../../core/errors.js';
import { readCurrentBranch } from '../../core/git/repo-root.js';
import { openTeamContext } from '../../team/team-context.js';
import { readAllHandoffs, type CachedHandoff } from '../../team/handoffs/handoff-cache.js';
import { handoffId, readSharedHandoff, type SharedHandoff } from '../../team/handoffs/shared-handoff.js';
import { syncSharedHandoffs } from '../../team/handoffs/sync-shared-handoffs.js';

export type ListedHandoff = {
  id: string;
  who: string;
  name: string;
  branch: string;
  updatedAt: string;
  sharedAt: string;
  goal: string;
  tip: string | null;
  clean: boolean;
  mine: boolean;
};

/** Returns the shared handoffs (of `branch` when given), newest first, and a warning when the remote could not be asked. */
export async function listSharedHandoffs(
  root: string,
  options: { branch?: string; now: Date },
): Promise<{ handoffs: ListedHandoff[]; warnings: string[] }> {
  const context = openTeamContext(root);
  const report = await syncSharedHandoffs(context, { now: options.now, prune: false });
  const handoffs = readAllHandoffs(context.paths.cacheDir)
    .filter((handoff) => options.branch === undefined || handoff.branch === options.branch)
    .map((handoff) => ({
      id: handoffId(handoff.branch, handoff.who),
      who: handoff.who,
      name: handoff.name,
      branch: handoff.branch,
      updatedAt: handoff.updatedAt,
      sharedAt: handoff.sharedAt,
      goal: handoff.goal,
      tip: handoff.tip,
      clean: handoff.clean,
      mine: handoff.mine,
    }));
  return { handoffs, warnings: report.warning ? [report.warning] : [] };
}

/**
 * Returns the shared handoff `query` names: its id, or its author (email, the part before `@`, or
 * name), on the checked-out branch first; throws NOT_FOUND, or USAGE when it names several.
 */
export async function showSharedHandoff(
  root: string,
  query: string,
  now: Date,
): Promise<{ handoff: SharedHandoff; id: string; warnings: string[] }> {
  const { warnings } = await listSharedHandoffs(root, { now });
  const all = readAllHandoffs(openTeamContext(root).paths.cacheDir);
  const wanted = query.trim().toLowerCase();
  const matches = all.filter(
    (handoff) =>
      handoffId(handoff.branch, handoff.who) === wanted ||
      handoff.who === wanted ||
      handoff.who.split('@')[0] === wanted ||
      handoff.name.toLowerCase() === wanted,
  );
  const branch = readCurrentBranch(root);
  const onBranch = matches.filter((handoff) => handoff.branch === branch);
  const picked = onBranch.length === 1 ? onBranch : matches;
  if (picked.length === 0)
    throw new MemError('NOT_FOUND', `no shared handoff matches "${query}"`, {
      hint: 'mem handoff list shows the shared handoffs (who, branch, id)',
    });
  if (picked.length > 1) {
    throw new MemError(
      'USAGE',
      `"${query}" names ${picked.length} shared handoffs: ${picked.map((handoff) => `${handoffId(handoff.branch, handoff.who)} (${handoff.who}, ${handoff.branch})`).join(', ')}`,
      { hint: 'run mem handoff show <id> with one of these ids' },
    );
  }
  const chosen = picked[0] as CachedHandoff;
  const read = readSharedHandoff(Buffer.from(chosen.raw, 'utf8'), chosen.path);
  if (!read.ok) throw new MemError('NOT_FOUND', `the shared handoff ${chosen.path} was refused: ${read.reason}`);
  return { handoff: read.handoff, id: handoffId(chosen.branch, chosen.who), warnings };
}
