/** The SessionStart context: budgets hold, notices survive truncation, silence when nothing to say. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildStartContext, MAX_CONTEXT_CHARS } from '../../../src/session/build-start-context.js';

const handoff = (text: string, own = false) => ({
  text,
  sessionId: 'abcd1234-xyz',
  updatedAt: '2026-11-28T10:00:00Z',
  own,
});

describe('buildStartContext', () => {
  it('says nothing when there is no handoff, conflict or sync problem', () => {
    expect(
      buildStartContext({ source: 'startup', handoff: null, conflicts: 0, syncProblem: null, budgetChars: 6000 }),
    ).toBeNull();
  });

  it('property: never over the budget nor 10,000 characters, and notices are never cut', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30_000 }),
        fc.integer({ min: 400, max: 50_000 }),
        fc.nat(5),
        (text, budget, conflicts) => {
          const context = buildStartContext({
            source: 'startup',
            handoff: handoff(text || 'x'),
            conflicts,
            syncProblem: 'offline',
            budgetChars: budget,
          });
          expect(context).not.toBeNull();
          expect(context!.length).toBeLessThanOrEqual(Math.min(budget, MAX_CONTEXT_CHARS));
          expect(context).toContain('The last team memory sync failed: offline');
          if (conflicts > 0) expect(context).toContain(`${conflicts} team memory conflict`);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('introduces its own state after a compaction and the previous session otherwise', () => {
    expect(
      buildStartContext({
        source: 'compact',
        handoff: handoff('# Session', true),
        conflicts: 0,
        syncProblem: null,
        budgetChars: 6000,
      }),
    ).toContain('for this session (abcd1234)');
    expect(
      buildStartContext({
        source: 'startup',
        handoff: handoff('# Session'),
        conflicts: 0,
        syncProblem: null,
        budgetChars: 6000,
      }),
    ).toContain('Handoff from the previous session on this branch (abcd1234');
  });

  it("says in one line that a teammate's shared handoff is newer and how to load it, and introduces one given in full", () => {
    const teammateHandoff = {
      who: 'alice@example.com',
      updatedAt: '2026-11-28T11:00:00Z',
      show: 'mem handoff show alice',
      newerThanYours: true,
    };
    const told = buildStartContext({
      source: 'startup',
      handoff: handoff('# Mine'),
      teammateHandoff,
      conflicts: 0,
      syncProblem: null,
      budgetChars: 6000,
    });
    expect(told).toContain(
      '- alice@example.com shared a handoff for this branch (last updated 2026-11-28T11:00:00Z), newer than your last session here; `mem handoff show alice` prints it.',
    );
    expect(told).toContain('# Mine');
    const given = buildStartContext({
      source: 'startup',
      handoff: { ...handoff('# Alice'), sharedBy: 'alice@example.com' },
      teammateHandoff: { ...teammateHandoff, newerThanYours: false },
      conflicts: 0,
      syncProblem: null,
      budgetChars: 6000,
    });
    expect(given).toContain(
      'Handoff shared by alice@example.com for this branch (last updated 2026-11-28T10:00:00Z), recorded by mem:\n\n# Alice',
    );
    expect(given).not.toContain('newer than your last session');
  });

  it('names the team memory that went stale as the session started, qualifier included, even with nothing else to say', () => {
    const line = 'Database access goes through `src/db.ts`. (may be outdated: `src/db.ts` no longer exists)';
    const told = buildStartContext({
      source: 'startup',
      handoff: null,
      conflicts: 0,
      newlyStale: [line],
      syncProblem: null,
      budgetChars: 6000,
    });
    expect(told).toBe(
      `- Team memory that no longer matches the committed code (mem checked it as this session started; the team memory file may still show it without the note):\n  - ${line}`,
    );
    expect(
      buildStartContext({
        source: 'startup',
        handoff: null,
        conflicts: 0,
        newlyStale: [],
        syncProblem: null,
        budgetChars: 6000,
      }),
    ).toBeNull();
  });
});
