import { describe, expect, it } from 'vitest';
import { branchVerdicts } from '../../../../src/durable/gate/branch-verdicts.js';
import type { Verdict } from '../../../../src/durable/gate/verdict.js';

const candidate = {
  text: 'Use yarn, not pnpm.',
  section: 'Conventions',
  source: 'manual',
  origin: 'user',
  evidence: { eventIndex: 0 },
} as Verdict['candidate'];

describe('verdicts on a branch', () => {
  const scopes = new Map<string, string | undefined>([
    ['team', undefined],
    ['mine', 'feature/x'],
  ]);
  const scopeOf = (id: string) => scopes.get(id);

  it("turns a contradiction of a team-wide entry into the branch's own entry: no conflict while the branch is open", () => {
    const flag: Verdict = { candidate, accepted: false, action: 'flag', reasons: ['contradiction'], targetId: 'team' };
    expect(branchVerdicts([flag], scopeOf, 'feature/x')).toEqual([
      { candidate, accepted: true, action: 'add', reasons: ['contradiction'], targetId: 'team' },
    ]);
  });

  it("never rewrites a team-wide entry from a branch, but does rewrite the branch's own", () => {
    const supersedeTeam: Verdict = { candidate, accepted: true, action: 'supersede', reasons: [], targetId: 'team' };
    const supersedeMine: Verdict = { ...supersedeTeam, targetId: 'mine' };
    const [team, mine] = branchVerdicts([supersedeTeam, supersedeMine], scopeOf, 'feature/x');
    expect(team?.action).toBe('add');
    expect(mine).toEqual(supersedeMine);
  });

  it('changes nothing for a team-wide write', () => {
    const flag: Verdict = { candidate, accepted: false, action: 'flag', reasons: ['contradiction'], targetId: 'team' };
    expect(branchVerdicts([flag], scopeOf, undefined)).toEqual([flag]);
  });
});
