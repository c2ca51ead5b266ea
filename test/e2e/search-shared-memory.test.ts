/**
 * `mem search` over what the team memory is since it moved to refs/mem/team: the working copy
 * `.memory/state/team-memory.md` (synced entries plus this clone's unsynced ones), found once,
 * with who and when, and an entry in conflict shown once with both versions (issue 13).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';
import { conflictedTeam } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

type Hit = {
  file: string;
  kind: string;
  text: string;
  id?: string;
  author?: string;
  conflict?: { ours: string | null; theirs: string | null };
};

const searchJson = (cwd: string, ...words: string[]): Hit[] => {
  const out = runMem(['search', ...words, '--json'], { cwd });
  expect(out.status, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as Hit[];
};

describe('mem search finds the shared memory', () => {
  it('an entry mem remembered is found once, in the working copy, before and after a sync', () => {
    const root = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: root }).status).toBe(0);
    const remembered = runMem(['remember', 'The staging database lives in eu-west-3 and is reset every Monday.'], {
      cwd: root,
    });
    expect(remembered.status, remembered.stderr).toBe(0);
    const hits = searchJson(root, 'staging', 'monday');
    expect(hits.map((h) => [h.kind, h.file, h.text])).toEqual([
      ['team', '.memory/state/team-memory.md', 'The staging database lives in eu-west-3 and is reset every Monday.'],
    ]);
    expect(hits[0]?.id).toMatch(/^m[0-9a-f]+$/);
    const printed = runMem(['search', 'staging', 'monday'], { cwd: root }).stdout;
    expect(printed).toContain('.memory/state/team-memory.md:');
    expect(printed).toContain('team memory');
    // A second entry, written after the first search: the cache follows the working copy.
    expect(
      runMem(['remember', 'Deploys to production need a second reviewer on the release PR.'], { cwd: root }).status,
    ).toBe(0);
    expect(searchJson(root, 'second', 'reviewer').map((h) => h.text)).toEqual([
      'Deploys to production need a second reviewer on the release PR.',
    ]);
  });

  it('an entry in conflict is one hit with both versions, the stale base left out', () => {
    const team = conflictedTeam();

    const hits = searchJson(team.bob, 'tests', 'database');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      kind: 'team',
      id: 'db',
      conflict: { ours: 'Tests use an in-memory database.', theirs: 'Tests use postgres 16 in docker.' },
    });
    expect(hits[0]?.author).toContain('alice');
    expect(searchJson(team.bob, 'sqlite')).toEqual([]);
    const printed = runMem(['search', 'tests', 'database'], { cwd: team.bob }).stdout;
    expect(printed).toMatch(
      /^1\. ⚠ in conflict \(settle it with mem review\):\n {3}ours: {3}.*in-memory.*\n {3}theirs: .*postgres 16 in docker/m,
    );
    expect(printed).not.toContain('2.');
    expect(printed).not.toContain('sqlite');
  });
});
