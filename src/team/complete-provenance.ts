/**
 * A new clone's first sync fetches only the last team commits (sync.ts), so who changed an older
 * entry is not known there. The first background (after-turn) sync of such a clone fetches the
 * rest of the history once and fills in the author, date and commit of the entries that lack
 * them; from then on the store is a full one and every sync attributes from new commits only.
 * Nobody waits for it: it runs in the detached after-turn process.
 */
import { withLock } from '../core/files/lock.js';
import { teamStorePath } from '../core/git/team-store-location.js';
import { readGitIdentity } from '../core/git/git-identity.js';
import { readWorkingBody, writeWorkingMetadata } from '../core/shared-memory-file.js';
import { attributeChanges, shallowCommits } from './store/git-objects.js';
import { ENTRY_DIR, entryPath } from './store/team-record.js';
import { unshallowTeamBranch } from './store/transport.js';
import { openTeamContext } from './team-context.js';
import { readWorkingItems, renderWorkingBody } from './working-records.js';

/** Returns how many entries got their provenance; 0 when the store is not shallow or anything fails (the next background sync tries again). */
export async function completeShallowProvenance(root: string): Promise<number> {
  // Note: a full store (every clone but a new one) costs one failed read here, nothing more.
  if (shallowCommits(teamStorePath(root)).length === 0) return 0;
  const context = openTeamContext(root);
  const storeDir = context.target.storeDir;
  return withLock(
    context.syncLock,
    async () => {
      if (!(await unshallowTeamBranch(context.target)).ok) return 0;
      const base = await context.store.readRef('base');
      if (base === null) return 0;
      // Note: once per clone, in the background: the one whole-history walk mem ever makes.
      const attribution = await attributeChanges(storeDir, base, null, [ENTRY_DIR]);
      return withLock(
        context.paths.memoryLock,
        () => {
          const body = readWorkingBody(root);
          const items = readWorkingItems(body);
          let filled = 0;
          items.forEach((item, index) => {
            if (item.record.kind !== 'entry' || item.provenance.author !== undefined) return;
            const at = attribution.byPath.get(entryPath(item.id));
            if (at === undefined) return;
            const when = Number.isNaN(Date.parse(at.author.at))
              ? at.author.at
              : new Date(Date.parse(at.author.at)).toISOString().replace(/\.\d{3}Z$/, 'Z');
            items[index] = {
              ...item,
              provenance: { ...item.provenance, author: at.author.name, at: when, commit: at.commit },
            };
            filled += 1;
          });
          if (filled > 0) {
            const identity = readGitIdentity(root);
            const filledBody = renderWorkingBody(items, context.config.region.sections, {
              name: identity.name ?? null,
              email: identity.email ?? null,
            });
            writeWorkingMetadata(root, filledBody);
          }
          return filled;
        },
        { timeoutMs: 10_000 },
      );
    },
    { timeoutMs: 30_000, staleMs: 10 * 60_000 },
  );
}
