/**
 * Finding a Codex session's rollout when the hook payload has no usable `transcript_path` (it is
 * nullable): `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl`, newest day first.
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Returns the rollout of `sessionId`, or null; never throws. */
export function findCodexRollout(sessionId: string, env: NodeJS.ProcessEnv): string | null {
  const root = join(env['CODEX_HOME'] || join(env['HOME'] || homedir(), '.codex'), 'sessions');
  if (!existsSync(root)) return null;
  const suffix = `-${sessionId}.jsonl`;
  try {
    for (const year of newestFirst(root)) {
      for (const month of newestFirst(join(root, year))) {
        for (const day of newestFirst(join(root, year, month))) {
          const hit = readdirSync(join(root, year, month, day)).find(
            (name) => name.startsWith('rollout-') && name.endsWith(suffix),
          );
          if (hit) return join(root, year, month, day, hit);
        }
      }
    }
  } catch {
    /* an unreadable sessions folder: no fallback */
  }
  return null;
}

function newestFirst(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}
