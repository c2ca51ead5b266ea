/** Old session records are pruned once a day; recent ones and every handoff stay. */
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneSessionState } from '../../../src/session/prune-session-state.js';
import { memoryPaths } from '../../../src/core/layout.js';
import { cleanupTempDirs, makeTempDir } from '../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

describe('pruneSessionState', () => {
  it('removes records untouched for 30 days, keeps recent ones and the handoffs, and runs once a day', () => {
    const paths = memoryPaths(makeTempDir());
    mkdirSync(paths.sessionStateDir, { recursive: true });
    mkdirSync(paths.sessionsDir, { recursive: true });
    const now = Date.now();
    const old = new Date(now - 40 * 86_400_000);
    for (const name of ['old.json', 'old.summary.json', 'new.json', 'new.summary.json'])
      writeFileSync(join(paths.sessionStateDir, name), '{}');
    writeFileSync(join(paths.sessionsDir, '2026-10-01-old.md'), '# handoff');
    utimesSync(join(paths.sessionStateDir, 'old.json'), old, old);

    expect(pruneSessionState(paths, now)).toBe(1);
    expect(existsSync(join(paths.sessionStateDir, 'old.json'))).toBe(false);
    expect(existsSync(join(paths.sessionStateDir, 'old.summary.json'))).toBe(false);
    expect(existsSync(join(paths.sessionStateDir, 'new.json'))).toBe(true);
    expect(existsSync(join(paths.sessionsDir, '2026-10-01-old.md'))).toBe(true);

    writeFileSync(join(paths.sessionStateDir, 'old2.json'), '{}');
    utimesSync(join(paths.sessionStateDir, 'old2.json'), old, old);
    expect(pruneSessionState(paths, now + 1000)).toBe(0);
    expect(pruneSessionState(paths, now + 2 * 86_400_000)).toBe(1);
  });
});
