/**
 * The Stop hook's team step (run detached by `mem sync --after-turn`): commit the current region
 * body to the local team branch when it changed, without network.
 */
import { join } from 'node:path';
import { MemError } from '../core/errors.js';
import type { TeamFiles } from './store/team-store-port.js';
import { normaliseTombstones } from './store/team-store-port.js';
import { withLock } from '../core/files/lock.js';
import { loadConfig } from '../core/config/load-config.js';
import { renderTeamCommitMessage } from './commit-message.js';
import { EMPTY_FILES, bodyHash, readCommittedHash, readTextOrEmpty, recordCommittedHash, sameFiles } from './committed-body.js';
import { openTeamContext, readGitAuthor } from './team-context.js';
import { readRegionBody } from './team-region.js';
import { sanitizeBody } from './sanitize.js';
import { updateSyncStatus } from './sync-status.js';
import { readLocalTombstones } from './tombstones.js';

export type LocalCommitResult = { committed: boolean; commit: string | null };

/**
 * Commits the current region body to the local team branch when it changed since the last
 * commit (no network; the stop hook's step). Returns quickly without loading the store when
 * nothing changed; throws LOCK_HELD when another process holds memory, or on I/O failure.
 */
export async function commitLocalTeamChange(root: string, options: { sessionId?: string; now?: Date } = {}): Promise<LocalCommitResult> {
  const config = loadConfig(root);
  if (!config.team.enabled) return { committed: false, commit: null };
  const file = join(root, config.region.targets[0] ?? 'CLAUDE.md');
  const body = readRegionBody(readTextOrEmpty(file)) ?? '';
  const tombstones = readLocalTombstones(root);
  const hash = bodyHash(body, tombstones);
  if (hash === readCommittedHash(root)) return { committed: false, commit: null };
  const context = openTeamContext(root);
  const now = options.now ?? new Date();
  const scan = { entropyBits: config.filter.secretEntropyBits, minTokenLength: config.filter.secretMinTokenLength };
  return withLock(context.paths.memoryLock, async () => {
    const { store } = context;
    const localOid = (await store.readRef('local')) ?? (await store.readRef('remote'));
    const previous = localOid ? await store.readFiles(localOid).catch(() => EMPTY_FILES) : EMPTY_FILES;
    const outgoing = sanitizeBody(body, [previous.memory], '', scan);
    const files: TeamFiles = { memory: outgoing.text, tombstones: normaliseTombstones([...previous.tombstones, ...tombstones]) };
    if (localOid && sameFiles(previous, files)) {
      recordCommittedHash(root, hash);
      return { committed: false, commit: localOid };
    }
    const author = readGitAuthor(root);
    const commit = await store.writeCommit({
      files,
      parents: localOid ? [localOid] : [],
      author,
      timestamp: Math.floor(now.getTime() / 1000),
      message: renderTeamCommitMessage({
        before: previous.memory,
        after: files.memory,
        forgotten: files.tombstones.filter((id) => !previous.tombstones.includes(id)),
        author: author.name,
        sessionId: options.sessionId,
        kind: 'change',
      }),
    });
    const current = await store.readRef('local');
    if (!(await store.updateRef('local', commit, current === localOid ? localOid : current))) {
      throw new MemError('LOCK_HELD', 'the local team branch moved while committing');
    }
    recordCommittedHash(root, hash);
    updateSyncStatus(root, { pending: true });
    return { committed: true, commit };
  });
}
