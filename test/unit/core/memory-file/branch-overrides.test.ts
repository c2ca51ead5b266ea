import { describe, expect, it } from 'vitest';
import { findBranchOverrides } from '../../../../src/core/memory-file/branch-overrides.js';
import type { Entry } from '../../../../src/core/memory-file/entry.js';

const entry = (id: string, text: string, scope?: string): Entry => ({
  id,
  section: 'Commands',
  text,
  provenance: scope === undefined ? {} : { scope },
});

describe('findBranchOverrides', () => {
  const entries = [
    entry('t1', 'Use pnpm for installs in this repo.'),
    entry('t2', 'Always run make lint before pushing.'),
    entry('b1', 'Use yarn for installs in this repo.', 'feature/yarn'),
    entry('o1', 'Never run make lint before pushing.', 'feature/other'),
  ];

  it('maps each team-wide entry the branch contradicts to the branch entry', () => {
    expect([...findBranchOverrides(entries, 'feature/yarn')].map(([id, mine]) => [id, mine.id])).toEqual([
      ['t1', 'b1'],
    ]);
  });

  it('leaves out other branches and the default branch view', () => {
    expect(findBranchOverrides(entries, 'feature/none').size).toBe(0);
    expect(findBranchOverrides(entries, null).size).toBe(0);
  });

  it('never overrides a branch entry by another', () => {
    expect(
      findBranchOverrides(
        [...entries, entry('b2', 'Use bun for installs in this repo.', 'feature/yarn')],
        'feature/yarn',
      ).get('b1'),
    ).toBeUndefined();
  });
});
