/**
 * Team entries held for a person (plan-held.ts decides which): the state file
 * `.memory/state/team-held.json` (ids, hashes, decisions; an older mem never reads it), and what
 * waits as `mem review --held` and `mem status` show it (the quarantine file's report of each: its
 * text redacted, the rules that held it). A person's decision: decide-held-entry.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { memoryPaths } from '../core/layout.js';
import { waitingItems, type HeldItem } from './plan-held.js';
import type { QuarantinedItem } from './quarantine-record.js';

/** A held entry as `mem review --held --json` and `mem status --json` show it. */
export type WaitingEntry = {
  id: string;
  section: string;
  /** Its text, secrets redacted, at most 200 characters (as quarantine.json keeps it). */
  text: string;
  /** The injection gate's weak signs that held it. */
  reasons: string[];
  /** When this clone held it. */
  at: string;
  /** Who git says last changed it on the team ref, when known. */
  author: string | null;
  /** A person kept it out (it no longer waits, and can still be let in). */
  keptOut: boolean;
};

function statePath(root: string): string {
  return join(memoryPaths(root).stateDir, 'team-held.json');
}

/** Returns the held entries and decisions of the clone at `root` (none when absent or unreadable); never throws. */
export function readHeldState(root: string): HeldItem[] {
  try {
    const parsed = JSON.parse(readFileSync(statePath(root), 'utf8')) as { items?: unknown };
    if (!Array.isArray(parsed.items)) return [];
    return parsed.items.filter(
      (item): item is HeldItem =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as HeldItem).id === 'string' &&
        typeof (item as HeldItem).hash === 'string',
    );
  } catch {
    return [];
  }
}

/** Writes the state when it differs from `before` (a person's decision must survive a crash: flushed). */
export function writeHeldState(root: string, items: readonly HeldItem[], before?: readonly HeldItem[]): void {
  if (before !== undefined && JSON.stringify(before) === JSON.stringify(items)) return;
  writeFileAtomicSync(statePath(root), `${JSON.stringify({ version: 1, items }, null, 2)}\n`);
}

export function readQuarantined(root: string): QuarantinedItem[] {
  try {
    const parsed = JSON.parse(readFileSync(join(memoryPaths(root).stateDir, 'quarantine.json'), 'utf8')) as {
      entries?: unknown;
    };
    return Array.isArray(parsed.entries) ? (parsed.entries as QuarantinedItem[]) : [];
  } catch {
    return [];
  }
}

/** Returns the held entries (those kept out too, with `all`), each with the quarantine file's report of it; never throws. */
export function listHeldEntries(root: string, options: { all?: boolean } = {}): WaitingEntry[] {
  const state = readHeldState(root);
  const shown = options.all === true ? state.filter((item) => item.take !== 'let-in') : waitingItems(state);
  if (shown.length === 0) return [];
  const reports = readQuarantined(root);
  return shown.map((item) => {
    const report = reports.findLast((one) => one.id === item.id && one.hash === item.hash);
    return {
      id: item.id,
      section: report?.section ?? '',
      text: report?.text ?? '',
      reasons: report?.reasons ?? [],
      at: item.at,
      author: item.provenance?.author ?? null,
      keptOut: item.take === 'keep-out',
    };
  });
}
