/** The SessionStart context: budgets hold, notices survive truncation, silence when nothing to say. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildStartContext, MAX_CONTEXT_CHARS } from '../../../src/session/build-start-context.js';

const handoff = (text: string, own = false) => ({ text, sessionId: 'abcd1234-xyz', updatedAt: '2026-11-28T10:00:00Z', own });

describe('buildStartContext', () => {
  it('says nothing when there is no handoff, conflict or sync problem', () => {
    expect(buildStartContext({ source: 'startup', handoff: null, conflicts: 0, syncProblem: null, budgetChars: 6000 })).toBeNull();
  });

  it('property: never over the budget nor 10,000 characters, and notices are never cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30_000 }), fc.integer({ min: 400, max: 50_000 }), fc.nat(5), (text, budget, conflicts) => {
        const context = buildStartContext({ source: 'startup', handoff: handoff(text || 'x'), conflicts, syncProblem: 'offline', budgetChars: budget });
        expect(context).not.toBeNull();
        expect(context!.length).toBeLessThanOrEqual(Math.min(budget, MAX_CONTEXT_CHARS));
        expect(context).toContain('The last team memory sync failed: offline');
        if (conflicts > 0) expect(context).toContain(`${conflicts} team memory conflict`);
      }),
      { numRuns: 200 },
    );
  });

  it('introduces its own state after a compaction and the previous session otherwise', () => {
    expect(buildStartContext({ source: 'compact', handoff: handoff('# Session', true), conflicts: 0, syncProblem: null, budgetChars: 6000 })).toContain('for this session (abcd1234)');
    expect(buildStartContext({ source: 'startup', handoff: handoff('# Session'), conflicts: 0, syncProblem: null, budgetChars: 6000 })).toContain('Handoff from the previous session on this branch (abcd1234');
  });
});
