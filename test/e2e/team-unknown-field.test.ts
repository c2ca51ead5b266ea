/**
 * Forward compatibility: an entry file written by a later mem, with a field this mem does not
 * know, arrives (not quarantined), is shown to the agent, and travels back through this clone's
 * working copy unchanged: untouched, its bytes on the team ref stay the same; reworded here, the
 * new text keeps the field.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryPath } from '../../src/team/store/team-record.js';
import { cleanupTempDirs, git, runMem } from '../helpers/temp-repo.js';
import { RENDERED, addEntry, makeTeam, readRendered } from '../unit/team/store/team-fixture.js';
import { rawCommit, teamEntryTexts } from '../helpers/raw-team-commit.js';

afterAll(cleanupTempDirs);

type Report = { quarantined: Array<{ id: string }>; exitCode: number };

function sync(dir: string): Report {
  const result = runMem(['sync', '--json'], { cwd: dir });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Report;
}

const FUTURE = `${JSON.stringify({ section: 'Gotchas', text: 'Run `make seed` before the integration tests.', session: 'f00dcafe', zzFuture: { level: 2, note: 'a later mem wrote this' } }, null, 2)}\n`;

describe('an unknown future field', () => {
  it('survives a round trip through an older reader: kept, never quarantined, written back unchanged', () => {
    const team = makeTeam();
    addEntry(team.alice, 'mfirst0001', 'Use pnpm, never npm, in this repository.');
    sync(team.alice);
    const parent = git(team.remote, ['rev-parse', 'refs/mem/team']);
    git(team.remote, [
      'update-ref',
      'refs/mem/team',
      rawCommit(team.remote, parent, [{ path: entryPath('mfuture001'), content: FUTURE }], {
        author: 'carol',
        message: 'mem: 1 memory change\n',
      }),
    ]);

    expect(sync(team.bob).quarantined).toEqual([]);
    expect(readRendered(team.bob)).toContain('Run `make seed` before the integration tests.');

    // Bob changes something else: the later mem's entry goes back byte for byte.
    addEntry(team.bob, 'mbob000001', 'Deploys go through the release train.');
    sync(team.bob);
    expect(teamEntryTexts(team.remote).get('mfuture001')).toBe(FUTURE);
    expect(teamEntryTexts(team.remote).get('mbob000001')).toContain('release train');

    // Bob rewords it in the file his agent reads: the field stays with the new text (which his mem anchors).
    const rendered = join(team.bob, RENDERED);
    writeFileSync(
      rendered,
      readFileSync(rendered, 'utf8').replace('before the integration tests.', 'before the integration tests, twice.'),
    );
    sync(team.bob);
    expect(JSON.parse(teamEntryTexts(team.remote).get('mfuture001') ?? '{}')).toEqual({
      section: 'Gotchas',
      text: 'Run `make seed` before the integration tests, twice.',
      session: 'f00dcafe',
      anchors: expect.objectContaining({ refs: [] }),
      zzFuture: { level: 2, note: 'a later mem wrote this' },
    });
    expect(sync(team.alice).quarantined).toEqual([]);
    expect(readRendered(team.alice)).toContain('integration tests, twice.');
  });
});
