/**
 * How push failures are classified decides whether sync retries: a remote that lost a race for
 * the ref lock must be retried like a non-fast-forward, not reported as a refusal.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pushTeamBranch } from '../../../../src/team/store/transport.js';
import { cleanupTempDirs, makeTempDir } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

/** A stand-in `git` on PATH: answers config queries, fails pushes with `message`. */
function withFakeGit(message: string): () => void {
  const bin = join(makeTempDir(), 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'git'),
    `#!/bin/sh\nfor arg in "$@"; do\n  if [ "$arg" = config ]; then printf 'remote.origin.url\\n/srv/remote.git\\0'; exit 0; fi\ndone\nprintf '%s\\n' ${JSON.stringify(message)} >&2\nexit 1\n`,
  );
  chmodSync(join(bin, 'git'), 0o755);
  const previous = process.env['PATH'];
  process.env['PATH'] = `${bin}:${previous ?? ''}`;
  return () => {
    process.env['PATH'] = previous;
  };
}

const target = () => ({
  root: makeTempDir(),
  storeDir: makeTempDir(),
  remote: 'origin',
  branch: 'mem/team',
  remoteRef: 'refs/mem/team',
  timeoutMs: 5_000,
});

describe('push failure classification', () => {
  const cases: [string, string][] = [
    ["remote: error: cannot lock ref 'refs/heads/mem/team': is at 1111 but expected 2222", 'rejected'],
    [' ! [remote rejected] 1234 -> mem/team (failed to update ref)', 'rejected'],
    [' ! [rejected]        1234 -> mem/team (non-fast-forward)', 'rejected'],
    [' ! [remote rejected] 1234 -> mem/team (pre-receive hook declined)', 'denied'],
    ['fatal: Could not read from remote repository.', 'offline'],
  ];
  for (const [message, reason] of cases) {
    it(`${reason}: ${message.trim().slice(0, 60)}`, async () => {
      const restore = withFakeGit(message);
      try {
        const outcome = await pushTeamBranch(target(), '1234');
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.reason).toBe(reason);
      } finally {
        restore();
      }
    });
  }
});
