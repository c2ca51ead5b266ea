/**
 * Syncs after the first one, through real clones and a bare remote: one new entry on each side
 * arrives and is sent, the working copy stays in sync's own shape (re-rendering its entries gives
 * it back), the rendered file and its record are those of that body; a same-entry edit on both
 * sides becomes one conflict, and a human's edit of the rendered file is read back and sent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderMemory } from '../../src/core/memory-file/render-memory.js';
import { fromRecordItems, toRecordItems, type RecordItem } from '../../src/core/memory-file/rendering-record.js';
import { regionBody } from '../../src/core/memory-file/region-body.js';
import { readWorkingItems, renderWorkingBody } from '../../src/team/working-records.js';
import { cleanupTempDirs, runMem } from '../helpers/temp-repo.js';
import { RENDERED, WORKING, makeTeam, replaceFile } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

const SECTIONS = ['Conventions', 'Commands', 'Decisions', 'Gotchas', 'Preferences', 'References'];

type Report = { received: number; sent: number; conflicts: unknown[]; exitCode: number };

function remember(dir: string, text: string, section: string): void {
  const result = runMem(['remember', text, '--section', section, '--force'], { cwd: dir });
  expect(result.status, result.stderr).toBe(0);
}

function sync(dir: string): Report {
  const result = runMem(['sync', '--json'], { cwd: dir });
  expect([0, 3], result.stderr).toContain(result.status);
  return JSON.parse(result.stdout) as Report;
}

/** The clone's files as a sync leaves them: the body re-rendered from its entries is itself, and the rendered file and its record are that body's. */
function expectAsSyncLeaves(dir: string, user: string): void {
  const body = regionBody(readFileSync(join(dir, WORKING), 'utf8')) ?? '';
  const reader = { name: user, email: `${user}@example.com` };
  expect(renderWorkingBody(readWorkingItems(body), SECTIONS, reader)).toBe(body);
  const rendering = renderMemory(body, { target: 'rules-file', sections: SECTIONS, reader });
  expect(readFileSync(join(dir, RENDERED), 'utf8')).toBe(rendering.text);
  expect(readFileSync(join(dir, '.memory/state/team-rendered.md'), 'utf8')).toBe(rendering.text);
  const record = (
    JSON.parse(readFileSync(join(dir, '.memory/state/team-rendered.json'), 'utf8')) as { items: RecordItem[] }
  ).items;
  expect(record).toEqual(toRecordItems(rendering.items));
  expect(fromRecordItems(record)).toEqual(rendering.items);
}

/** A team whose first clone remembered `entries` (text, section), with both clones synced once. */
function syncedTeam(entries: Array<[string, string]>) {
  const team = makeTeam();
  for (const [text, section] of entries) remember(team.alice, text, section);
  sync(team.alice);
  sync(team.bob);
  return team;
}

describe('team sync after the first one', () => {
  it("receives and sends one new entry on each side, and leaves the working copy in sync's own shape", () => {
    const { alice, bob } = makeTeam();
    remember(alice, 'Run make check before pushing.', 'Commands');
    remember(alice, 'The api needs make migrate first.', 'Gotchas');
    remember(alice, 'Use pnpm, never npm.', 'Conventions');
    expect(sync(alice).exitCode).toBe(0);
    expect(sync(bob).exitCode).toBe(0);

    for (let round = 1; round <= 3; round += 1) {
      remember(bob, `Bob's rule ${round}: deploy the worker with make deploy-${round}.`, 'Commands');
      const bobs = sync(bob);
      expect(bobs).toMatchObject({ sent: 1 });
      remember(alice, `Alice's rule ${round}: seed the database with make seed-${round}.`, 'Gotchas');
      const alices = sync(alice);
      expect(alices).toMatchObject({ received: 1, sent: 1, exitCode: 0 });
      expectAsSyncLeaves(alice, 'alice');
      expect(readFileSync(join(alice, RENDERED), 'utf8')).toContain(`Bob's rule ${round}: deploy the worker`);
    }
    const bobs = sync(bob);
    expect(bobs).toMatchObject({ received: 1 });
    expectAsSyncLeaves(bob, 'bob');
    expect(readFileSync(join(bob, RENDERED), 'utf8')).toContain("Alice's rule 3: seed the database");
  });

  it('reads a rendering record written with line numbers (an earlier mem) as one written with gaps', () => {
    const { alice, bob } = syncedTeam([
      ['Run make check before pushing.', 'Commands'],
      ['The api needs make migrate first.', 'Gotchas'],
    ]);
    const recordFile = join(alice, '.memory/state/team-rendered.json');
    const saved = JSON.parse(readFileSync(recordFile, 'utf8')) as {
      textHash: string;
      workingHash: string;
      items: RecordItem[];
    };
    writeFileSync(recordFile, `${JSON.stringify({ ...saved, items: fromRecordItems(saved.items) })}\n`);
    expect(readFileSync(recordFile, 'utf8')).toContain('"line":');
    remember(bob, "Bob's rule: deploy the worker with make deploy.", 'Commands');
    sync(bob);
    remember(alice, "Alice's rule: seed the database with make seed.", 'Gotchas');
    expect(sync(alice)).toMatchObject({ received: 1, sent: 1 });
    expectAsSyncLeaves(alice, 'alice');
  });

  it('turns a same-entry edit on both sides into one conflict', () => {
    const { alice, bob } = syncedTeam([
      ['Tests use the sqlite database.', 'Conventions'],
      ['Run make check before pushing.', 'Commands'],
    ]);
    const reword = (dir: string, text: string) => {
      const file = join(dir, WORKING);
      replaceFile(file, readFileSync(file, 'utf8').replace('Tests use the sqlite database.', text));
    };
    reword(alice, 'Tests use postgres 16 in docker.');
    expect(sync(alice).exitCode).toBe(0);
    reword(bob, 'Tests use an in-memory database.');
    const conflicted = sync(bob);
    expect(conflicted).toMatchObject({ exitCode: 3 });
    expect(conflicted.conflicts).toHaveLength(1);
  });

  it("reads back a human's edit of the rendered file and sends it", () => {
    const { alice, bob } = syncedTeam([
      ['Run make check before pushing.', 'Commands'],
      ['Use pnpm, never npm.', 'Conventions'],
    ]);
    const file = join(alice, RENDERED);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Use pnpm, never npm.', 'Use pnpm 9, never npm.'));
    expect(sync(alice)).toMatchObject({ sent: 1 });
    expect(sync(bob)).toMatchObject({ received: 1 });
    expect(readFileSync(join(bob, RENDERED), 'utf8')).toContain('Use pnpm 9, never npm.');
    expectAsSyncLeaves(bob, 'bob');
  });
});
