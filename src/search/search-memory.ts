/**
 * `mem search`: validate the request, bring the index up to date, query, rank. Everything a
 * caller renders comes back as data; only broken input (a usage error) or a broken environment
 * throws, never a stale or damaged cache.
 */
import type { Progress } from '../core/progress.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MemError } from '../core/errors.js';
import { isMemoryKind, MEMORY_KINDS, type MemoryKind } from './memory-document.js';
import { queryTerms } from './query-terms.js';
import { rankResults, topHitsFor, type RankedResult } from './rank-results.js';
import type { SearchHit } from './search-index.js';
import { openSearchIndex } from './index-store.js';
import { findRepoRoot } from '../core/git/repo-root.js';
import { loadConfigCached } from '../core/config/load-config-cached.js';
import { readScopeView } from '../core/git/scope-view.js';
import type { ScopeView } from '../core/memory-file/entry-scope.js';

export type SearchOptions = {
  limit?: number;
  kinds?: readonly string[];
  section?: string;
  /** Days ("7", "7d") or an ISO date ("2026-11-01"). */
  since?: string;
  /** Injected for tests; defaults to the clock. */
  nowMs?: number;
  /** A full index rebuild's progress, for a terminal (the CLI passes one; recall never does). */
  progress?: Progress;
};

export type SearchOutcome = {
  results: RankedResult[];
  /** The query had no searchable word (only stop words or punctuation). */
  noTerms: boolean;
  warnings: string[];
  indexState: 'warm' | 'updated' | 'rebuilt';
};

const MAX_LIMIT = 1000;
const DAY_MS = 86_400_000;

/** Returns the ranked results for `query` in the worktree at `root`; throws MemError USAGE on bad input. */
export async function searchMemory(root: string, query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
  if (query.trim() === '') {
    throw new MemError('USAGE', 'a query is needed: the words to look for.', {
      hint: 'Example: mem search "docker db tests"',
    });
  }
  const nowMs = options.nowMs ?? Date.now();
  const limit = options.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new MemError(
      'USAGE',
      `--limit must be a whole number from 1 to ${MAX_LIMIT}, got ${String(options.limit)}.`,
      { hint: 'Example: --limit 5' },
    );
  }
  const kinds = parseKinds(options.kinds);
  const sinceMs = options.since === undefined ? undefined : parseSince(options.since, nowMs);
  const terms = queryTerms(query);
  const index = await openSearchIndex(root, {
    preload: terms,
    ...(options.progress ? { progress: options.progress } : {}),
  });
  if (terms.length === 0) return { results: [], noTerms: true, warnings: index.warnings, indexState: index.state };
  const filters = {
    view: await scopeViewOf(root),
    ...(kinds ? { kinds } : {}),
    ...(options.section !== undefined ? { section: options.section } : {}),
    ...(sinceMs !== undefined ? { sinceMs } : {}),
  };
  const rank = (hits: SearchHit[]) =>
    rankResults(hits, (id) => index.resolve(id), {
      query,
      termCount: terms.length,
      nowMs,
      limit,
      filters,
      localMemIds: index.localMemIds,
    });
  // Without filters the best few hundred hits hold the top `limit`; filters may skip any number, so they get all.
  const top = Object.keys(filters).length > 1 ? undefined : topHitsFor(limit);
  const hits = index.query(terms, top === undefined ? {} : { top });
  let ranked = rank(hits);
  if (top !== undefined && hits.length >= top && ranked.length < limit) ranked = rank(index.query(terms));
  // Note: a file deleted after the index was refreshed is not shown rather than shown stale.
  const results = ranked.filter((r) => existsSync(join(root, r.file)));
  return { results, noTerms: false, warnings: index.warnings, indexState: index.state };
}

/** Brings the search cache of the worktree around `cwd` up to date: the detached refresh the prompt hook starts; never throws. */
export async function refreshSearchIndex(cwd: string): Promise<void> {
  try {
    const root = findRepoRoot(cwd);
    if (root !== null) await openSearchIndex(root, {});
  } catch {
    // Note: nobody waits for this process; the next search or refresh tries again.
  }
}

/** What this worktree sees: team-wide entries and its branch's (every entry with `scope.branches: off`). */
async function scopeViewOf(root: string): Promise<ScopeView> {
  try {
    return readScopeView(root, await loadConfigCached(root));
  } catch {
    return readScopeView(root, { scope: { branches: 'auto' } });
  }
}

function parseKinds(kinds: readonly string[] | undefined): MemoryKind[] | undefined {
  if (kinds === undefined || kinds.length === 0) return undefined;
  const out: MemoryKind[] = [];
  for (const raw of kinds.flatMap((k) => k.split(','))) {
    const kind = raw.trim().toLowerCase();
    if (!isMemoryKind(kind)) {
      throw new MemError('USAGE', `--kind must be one of ${MEMORY_KINDS.join(', ')}; got "${raw}".`, {
        hint: 'Example: --kind durable,team',
      });
    }
    out.push(kind);
  }
  return out;
}

/** Returns the epoch ms `since` means: a number of days before `nowMs`, or an ISO date; throws MemError USAGE otherwise. */
function parseSince(since: string, nowMs: number): number {
  const days = /^\s*(\d+(?:\.\d+)?)\s*d?\s*$/i.exec(since);
  if (days) return nowMs - Number(days[1]) * DAY_MS;
  if (/^\d{4}-\d{2}-\d{2}/.test(since.trim())) {
    const ms = Date.parse(since.trim());
    if (Number.isFinite(ms)) return ms;
  }
  throw new MemError('USAGE', `--since must be a number of days or an ISO date, got "${since}".`, {
    hint: 'Examples: --since 7, --since 2026-11-01',
  });
}
