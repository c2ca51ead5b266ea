import { describe, expect, it } from 'vitest';
import { planHandoffPrune } from '../../../../src/team/handoffs/plan-handoff-prune.js';

const NOW = new Date('2026-12-04T12:00:00.000Z');
const shared = (branch: string, extra: { sharedAt?: string; onRemote?: boolean } = {}) => ({
  path: `handoffs/${branch}~a.json`,
  branch,
  sharedAt: extra.sharedAt ?? '2026-12-04T11:00:00.000Z',
  ...(extra.onRemote === undefined ? {} : { onRemote: extra.onRemote }),
});

describe('planHandoffPrune', () => {
  const remote = {
    heads: new Map([
      ['main', 'a'],
      ['live', 'b'],
      ['done', 'c'],
    ]),
    defaultBranch: 'main',
    merged: new Set(['done']),
  };

  it('removes the handoffs of merged branches and of branches deleted after they were pushed', () => {
    expect(
      planHandoffPrune(
        [shared('live'), shared('done'), shared('gone', { onRemote: true }), shared('main')],
        remote,
        NOW,
      ),
    ).toEqual(['handoffs/done~a.json', 'handoffs/gone~a.json']);
  });

  it('keeps a branch shared before its first push, for two weeks', () => {
    expect(planHandoffPrune([shared('local', { onRemote: false })], remote, NOW)).toEqual([]);
    expect(
      planHandoffPrune([shared('local', { onRemote: false, sharedAt: '2026-11-01T00:00:00.000Z' })], remote, NOW),
    ).toEqual(['handoffs/local~a.json']);
  });
});
