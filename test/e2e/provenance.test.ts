/** Provenance a user can retrieve: who, when, which session, and the team commit (audit log), with no history walk. */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, runMem } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

type Listed = {
  id: string;
  text: string;
  provenance: { author: string | null; at: string | null; session: string | null; commit?: string };
};

describe('entry provenance', () => {
  it('names the author, time, agent session and the team commit that added the entry', () => {
    const remote = makeBareRemote();
    const repo = cloneAs(remote, 'Carol');
    runMem(['init', '--yes'], { cwd: repo });
    const transcript = join(repo, '..', 'prov.jsonl');
    appendLines(transcript, [
      userLine('From now on always use the `just` recipes instead of raw cargo commands in this repo.'),
    ]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('c0ffee00-prov', transcript, repo) }).status).toBe(
      0,
    );
    // What the detached after-turn step does, run in the foreground here.
    expect(runMem(['sync', '--after-turn', '--session', 'c0ffee00-prov'], { cwd: repo }).status).toBe(0);

    const [entry] = JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as Listed[];
    expect(entry?.text).toContain('`just` recipes');
    expect(entry?.provenance.author).toBe('Carol');
    expect(entry?.provenance.session).toBe('c0ffee00');
    expect(entry?.provenance.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const head = git(remote, ['rev-parse', 'refs/mem/team']);
    expect(entry?.provenance.commit).toBe(head);
    expect(git(remote, ['log', '-1', '--format=%an', head])).toBe('Carol');
    expect(git(remote, ['log', '-1', '--format=%B', head])).toContain(entry!.id);
    expect(git(remote, ['log', '-1', '--format=%B', head])).toContain('Mem-Session: c0ffee00-prov');
  });
});
