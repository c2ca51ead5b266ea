/**
 * The incremental merge on the histories it is made for: both clones keep adding, rewording,
 * deleting and reordering entries in the sections they share (never the same entry: that is the
 * full merge's, tested in team-incremental-twin.test.ts), and sync in turn. Every sync is a
 * twin run (incremental allowed vs full, same state): the bytes must be the same, and most runs
 * that merge must really take the incremental merge (else this proves nothing).
 * TEAM_PROPERTY_SEED replays a failure; TEAM_PROPERTY_RUNS runs more.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs } from '../helpers/temp-repo.js';
import { expectTwinsAgree, makeTwinScenario, removeTwinTemplate, syncInProcess, twinRun, type TwinScenario } from '../helpers/twin-sync.js';
import { WORKING, addEntry, editEntry, replaceFile } from '../unit/team/store/team-fixture.js';

afterAll(() => {
  removeTwinTemplate();
  cleanupTempDirs();
});

const SECTIONS = ['Conventions', 'Commands', 'Gotchas'];

type Action =
  | { kind: 'add'; section: number }
  | { kind: 'reword'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'reorder'; pick: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), section: fc.nat(SECTIONS.length - 1) }),
  fc.record({ kind: fc.constant('reword' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reorder' as const), pick: fc.nat() }),
);

/** The entry lines of a clone's working copy, with their line index. */
function entryLines(dir: string): Array<{ index: number; id: string; section: string }> {
  const lines = readFileSync(join(dir, WORKING), 'utf8').split('\n');
  const out: Array<{ index: number; id: string; section: string }> = [];
  let section = '';
  lines.forEach((line, index) => {
    if (line.startsWith('## ')) section = line.slice(3);
    const id = /<!-- mem:id=(\S+)/.exec(line)?.[1];
    if (line.startsWith('- ') && id) out.push({ index, id, section });
  });
  return out;
}

let counter = 0;

/**
 * Whether `who` acts on entry `id`: its own entries, and every other shared one (alice the even,
 * bob the odd), so no id is changed on both sides (that goes to the full merge, tested elsewhere).
 */
function owns(who: string, id: string): boolean {
  if (id.startsWith(`m${who}`)) return true;
  const shared = /^mshared(\d+)$/.exec(id);
  return shared !== null && Number(shared[1]) % 2 === (who === 'alice' ? 0 : 1);
}

/** Applies one action to the clone's working copy as the Stop hook or a person would; a delete keeps every section non-empty. */
function apply(dir: string, who: string, step: Action): void {
  const all = entryLines(dir);
  const entries = all.filter((entry) => owns(who, entry.id));
  counter += 1;
  if (step.kind === 'add' || entries.length === 0) {
    const section = SECTIONS[step.kind === 'add' ? step.section : 0] as string;
    // Note: some texts are not ASCII, so bytes and characters part ways (the incremental merge copies bytes).
    addEntry(dir, `m${who}${counter.toString(36)}x`, `${who}'s rule ${counter}: run make check-${counter} first${counter % 4 === 0 ? ' (café)' : ''}.`, section);
    return;
  }
  const target = entries[(step.kind === 'reword' || step.kind === 'delete' || step.kind === 'reorder' ? step.pick : 0) % entries.length] as (typeof entries)[number];
  if (step.kind === 'reword') {
    editEntry(dir, target.id, `${who} reworded this (${counter})${counter % 3 === 0 ? ' —' : ':'} run make check-${counter} first.`);
    return;
  }
  const file = join(dir, WORKING);
  const lines = readFileSync(file, 'utf8').split('\n');
  if (step.kind === 'delete') {
    if (all.filter((entry) => entry.section === target.section).length < 2) return;
    lines.splice(target.index, 1);
  } else {
    // Swap with the next entry of the same section, when there is one.
    const next = all.find((entry) => entry.index === target.index + 1 && entry.section === target.section);
    if (next === undefined) return;
    [lines[target.index], lines[next.index]] = [lines[next.index] as string, lines[target.index] as string];
  }
  replaceFile(file, lines.join('\n'));
}

async function sharedTeam(count: number): Promise<TwinScenario> {
  const team = makeTwinScenario();
  for (let i = 0; i < count; i += 1) addEntry(team.alice, `mshared${i}`, `Shared rule number ${i}: keep the cache warm.`, SECTIONS[i % SECTIONS.length]);
  await syncInProcess(team.alice);
  await syncInProcess(team.bob);
  return team;
}

describe('incremental merge on histories of adds, rewordings, deletions and reorders', () => {
  it('leaves the bytes the full merge leaves, and is the merge that runs', async () => {
    const seed = process.env['TEAM_PROPERTY_SEED'] === undefined ? undefined : Number(process.env['TEAM_PROPERTY_SEED']);
    // Note: 8 histories, not 4: one random history in a shape the incremental merge leaves to the
    // full one falls back on most of its syncs (rightly); out of 4, that alone took the rate to
    // exactly 80% (seen twice in one session).
    const runs = Number(process.env['TEAM_PROPERTY_RUNS'] ?? 8);
    let twins = 0;
    let incremental = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 6, max: 20 }), fc.array(fc.tuple(fc.array(action, { minLength: 1, maxLength: 3 }), fc.array(action, { maxLength: 3 })), { minLength: 2, maxLength: 4 }), async (count, rounds) => {
        const team = await sharedTeam(count);
        for (const [alices, bobs] of rounds) {
          for (const step of bobs) apply(team.bob, 'bob', step);
          const bob = await twinRun(team, { who: 'bob' });
          expectTwinsAgree(bob, 'bob syncs');
          for (const step of alices) apply(team.alice, 'alice', step);
          const alice = await twinRun(team, { who: 'alice' });
          expectTwinsAgree(alice, 'alice syncs');
          // Note: a sync with nothing to merge runs no merge step at all (merge: null): not counted.
          const merged = [bob, alice].filter((run) => run.a.report?.merge !== null && run.a.report?.merge !== undefined);
          twins += merged.length;
          incremental += merged.filter((run) => run.a.report?.merge === 'incremental').length;
        }
      }),
      { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
    );
    expect(incremental, `${incremental} of ${twins} twin runs that merged took the incremental merge`).toBeGreaterThan(twins * 0.8);
  }, 240_000);
});
