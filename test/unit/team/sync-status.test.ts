/**
 * The sync status is a report, written without a disk flush: what a crash can leave of it (an
 * empty or cut file) reads as no report, and the next sync's update writes a whole one again.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSyncStatus, updateSyncStatus } from '../../../src/team/sync-status.js';
import { cleanupTempDirs, makeTempDir } from '../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

describe('the sync status', () => {
  it('reads an empty or cut file as no report, and the next update writes a whole one', () => {
    const root = makeTempDir('mem-status-');
    const state = join(root, '.memory', 'state');
    mkdirSync(state, { recursive: true });
    const file = join(state, 'sync-status.json');
    for (const left of ['', '{"version":1,"lastAttemptAt":"2026-']) {
      writeFileSync(file, left);
      expect(readSyncStatus(root)).toMatchObject({ lastAttemptAt: null, lastFailure: null, pending: false });
      updateSyncStatus(root, { lastAttemptAt: '2026-12-02T06:00:00.000Z', pending: true });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
        version: 1,
        lastAttemptAt: '2026-12-02T06:00:00.000Z',
        pending: true,
      });
    }
  });
});
