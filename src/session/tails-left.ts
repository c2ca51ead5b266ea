/**
 * Transcript tails left for another process to read, one marker file each. SessionEnd leaves one
 * (Claude Code gives all SessionEnd hooks ~1.5 s and often cancels them); so does a Stop that finds
 * another mem process at a turn's work (turn/hand-off-turn.ts). The after-turn step, the next Stop
 * or SessionStart (of any session in this repository) reads the rest of that session's transcript.
 * A marker holds where the transcript is, never its text: the transcript itself is what is kept.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import type { MemoryPaths } from '../core/layout.js';
import type { AgentId } from '../agents/agent-id.js';

export type TailLeft = {
  sessionId: string;
  transcriptPath: string | null;
  /** Why it was left: SessionEnd's reason, or `stop` for a turn handed over. */
  reason: string | null;
  at: string;
  agent?: AgentId;
};

/** A marker as listed: its file name, so that only what was read is cleared. */
export type ListedTail = TailLeft & { file: string };

/**
 * Records a tail left for later; throws on I/O failure. Note: each marker has a name of its own,
 * so one left while a reader works on the same session is not cleared with the one it read.
 */
export function markTailLeft(paths: MemoryPaths, marker: TailLeft): void {
  const unique = `${Date.now().toString(36)}-${process.pid}`;
  writeFileAtomicSync(join(paths.tailsLeftDir, `${marker.sessionId}.${unique}.json`), `${JSON.stringify(marker)}\n`);
}

/** Returns the markers left, oldest first (unreadable ones are dropped). */
export function listTailsLeft(paths: MemoryPaths): ListedTail[] {
  const markers: ListedTail[] = [];
  for (const name of listTailLeftFiles(paths)) {
    try {
      markers.push({ ...(JSON.parse(readFileSync(join(paths.tailsLeftDir, name), 'utf8')) as TailLeft), file: name });
    } catch {
      rmSync(join(paths.tailsLeftDir, name), { force: true });
    }
  }
  return markers.sort((a, b) => (a.at < b.at ? -1 : 1));
}

/** Returns the file names of the markers left (nothing read: cheap enough to poll); never throws. */
export function listTailLeftFiles(paths: MemoryPaths): string[] {
  try {
    return readdirSync(paths.tailsLeftDir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
}

/** Removes a marker once its tail was read. */
export function clearTailLeft(paths: MemoryPaths, marker: ListedTail): void {
  rmSync(join(paths.tailsLeftDir, marker.file), { force: true });
}
