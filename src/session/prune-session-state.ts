/**
 * Session state records (cursors, dedupe lists) are only needed while a session can still be
 * resumed; Claude Code deletes transcripts after 30 days by default. Records older than that go,
 * at most once a day. Handoff files stay: they are the searchable session history.
 */
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MemoryPaths } from '../core/layout.js';

const KEEP_MS = 30 * 86_400_000;
const EVERY_MS = 86_400_000;

/** Removes stale session records; returns how many sessions were pruned. Never throws. */
export function pruneSessionState(paths: MemoryPaths, nowMs: number): number {
  const marker = join(paths.stateDir, 'last-prune');
  try {
    if (nowMs - statSync(marker).mtimeMs < EVERY_MS) return 0;
  } catch {
    /* never pruned */
  }
  let pruned = 0;
  try {
    for (const name of readdirSync(paths.sessionStateDir)) {
      if (!name.endsWith('.json') || name.endsWith('.summary.json')) continue;
      const record = join(paths.sessionStateDir, name);
      if (nowMs - statSync(record).mtimeMs < KEEP_MS) continue;
      rmSync(record, { force: true });
      rmSync(record.replace(/\.json$/, '.summary.json'), { force: true });
      pruned += 1;
    }
    // Per-session recall records follow the same rule.
    const recallDir = join(paths.stateDir, 'recall');
    for (const name of existsSync(recallDir) ? readdirSync(recallDir) : []) {
      const file = join(recallDir, name);
      if (nowMs - statSync(file).mtimeMs >= KEEP_MS) rmSync(file, { force: true });
    }
    writeFileSync(marker, '');
  } catch {
    /* nothing to prune yet, or unreadable: try again another day */
  }
  return pruned;
}
