import { describe, expect, it } from 'vitest';
import { planPromotion } from '../../../src/team/promotion-conflicts.js';
import { recordScope, serializeRecord, withScope, type TeamRecord } from '../../../src/team/store/team-record.js';
import type { WorkingItem } from '../../../src/team/working-records.js';

const C1 = 'a'.repeat(40);
const C2 = 'b'.repeat(40);

function item(id: string, text: string, scope?: string, commit?: string): WorkingItem {
  const record: TeamRecord = { kind: 'entry', section: 'Commands', text, session: null, agent: null };
  return {
    id,
    record: scope === undefined ? record : withScope(record, scope),
    provenance: { ...(scope === undefined ? {} : { scope }), ...(commit === undefined ? {} : { commit }) },
  };
}

describe('planPromotion', () => {
  const items = [
    item('t1', 'Use pnpm for installs in this repo.', undefined, C1),
    item('t2', 'Always run make lint before pushing.'),
    item('b1', 'Use yarn for installs in this repo.', 'feature/yarn', C2),
    item('b2', 'The v2 client lives in src/v2.', 'feature/yarn'),
    item('o1', 'Use bun for installs in this repo.', 'feature/other'),
  ];

  it('makes the branch team-wide, and a contradiction of a team-wide entry one conflict naming the branch', () => {
    const plan = planPromotion(items, new Set(['feature/yarn']));
    expect(plan.promoted).toEqual(new Map([['feature/yarn', 2]]));
    expect(plan.conflicts).toEqual(new Map([['feature/yarn', 1]]));
    expect(plan.items.map((one) => one.id)).toEqual(['t2', 'b1', 'b2', 'o1']);
    const conflict = plan.items.find((one) => one.id === 'b1')?.record;
    expect(conflict?.kind).toBe('conflict');
    expect(conflict?.kind === 'conflict' ? conflict.versions : []).toEqual([
      { section: 'Commands', text: 'Use pnpm for installs in this repo.', commit: C1 },
      { section: 'Commands', text: 'Use yarn for installs in this repo.', commit: C2, scope: 'feature/yarn' },
    ]);
    expect(recordScope(plan.items.find((one) => one.id === 'b2')?.record)).toBeUndefined();
    expect(recordScope(plan.items.find((one) => one.id === 'o1')?.record)).toBe('feature/other');
  });

  it('is the same in every clone: the same items give the same records', () => {
    const a = planPromotion(items, new Set(['feature/yarn'])).items.map((one) => serializeRecord(one.record));
    const b = planPromotion([...items], new Set(['feature/yarn'])).items.map((one) => serializeRecord(one.record));
    expect(a).toEqual(b);
  });

  it('changes nothing for a branch with no entries', () => {
    expect(planPromotion(items, new Set(['feature/none']))).toEqual({
      items,
      promoted: new Map(),
      conflicts: new Map(),
    });
  });
});
