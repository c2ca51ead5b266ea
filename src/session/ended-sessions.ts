/**
 * SessionEnd markers. Claude Code gives all SessionEnd hooks ~1.5 s and often cancels them, so
 * session-end only records that the session ended; the next Stop or SessionStart (of any
 * session in this repository) finishes its transcript tail.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import type { MemoryPaths } from '../core/layout.js';
import type { AgentId } from '../agents/agent-id.js';

export type EndedMarker = {
  sessionId: string;
  transcriptPath: string | null;
  reason: string | null;
  at: string;
  agent?: AgentId;
};

/** Records that a session ended; throws on I/O failure. */
export function markSessionEnded(paths: MemoryPaths, marker: EndedMarker): void {
  writeFileAtomicSync(join(paths.endedDir, `${marker.sessionId}.json`), `${JSON.stringify(marker)}\n`);
}

/** Returns pending markers, oldest first (unreadable ones are dropped). */
export function listEndedSessions(paths: MemoryPaths): EndedMarker[] {
  if (!existsSync(paths.endedDir)) return [];
  const markers: EndedMarker[] = [];
  for (const name of readdirSync(paths.endedDir)) {
    if (!name.endsWith('.json')) continue;
    try {
      markers.push(JSON.parse(readFileSync(join(paths.endedDir, name), 'utf8')) as EndedMarker);
    } catch {
      rmSync(join(paths.endedDir, name), { force: true });
    }
  }
  return markers.sort((a, b) => (a.at < b.at ? -1 : 1));
}

/** Removes a session's marker once its work is finished. */
export function clearEndedSession(paths: MemoryPaths, sessionId: string): void {
  rmSync(join(paths.endedDir, `${sessionId}.json`), { force: true });
}
