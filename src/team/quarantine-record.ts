/**
 * What arrived from the team and was refused (`.memory/state/quarantine.json`), for a person to look
 * at: every quarantined item, each with when it was first refused, not just the last sync's. A
 * sync reads only what changed since the last one, so an item a sync quarantined is never seen
 * again by the next: the file is the only place that still says it arrived.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCacheFileSync } from '../core/files/atomic-write.js';
import { memoryPaths } from '../core/layout.js';
import type { FlaggedEntry } from './scan-record.js';

/** A quarantined item as the file keeps it: the item and when it was first refused. */
export type QuarantinedItem = FlaggedEntry & { at: string };

/**
 * Returns the file's items with `added` appended (each stamped `at`), an item already there (same
 * id, reasons and text) kept once, at its first time; reads `previous` as the file's parsed JSON
 * and keeps what it cannot read as an item out.
 */
export function addQuarantined(previous: unknown, added: readonly FlaggedEntry[], at: string): QuarantinedItem[] {
  const items: QuarantinedItem[] = [];
  const fileAt = isRecord(previous) && typeof previous['at'] === 'string' ? previous['at'] : at;
  const kept = isRecord(previous) && Array.isArray(previous['entries']) ? (previous['entries'] as unknown[]) : [];
  for (const item of kept) {
    if (!isRecord(item) || typeof item['id'] !== 'string' || !Array.isArray(item['reasons'])) continue;
    // Note: items of a file written before items had a time were refused when it was written.
    items.push({ ...(item as FlaggedEntry), at: typeof item['at'] === 'string' ? item['at'] : fileAt });
  }
  const known = new Set(items.map(itemKey));
  for (const item of added) {
    const key = itemKey(item);
    if (known.has(key)) continue;
    known.add(key);
    items.push({ ...item, at });
  }
  return items;
}

function itemKey(item: FlaggedEntry): string {
  return JSON.stringify([item.id, item.reasons, item.text]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Adds what this sync quarantined to the file (nothing to add: the file is left as it is); no flush needed, it is a report. */
export function recordQuarantine(root: string, entries: readonly FlaggedEntry[], now: Date): void {
  if (entries.length === 0) return;
  const file = join(memoryPaths(root).stateDir, 'quarantine.json');
  let previous: unknown = null;
  try {
    previous = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* none yet, or not JSON: start it again */
  }
  const at = now.toISOString();
  writeCacheFileSync(
    file,
    `${JSON.stringify({ version: 1, at, entries: addQuarantined(previous, entries, at) }, null, 2)}\n`,
  );
}
