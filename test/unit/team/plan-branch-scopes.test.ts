import { describe, expect, it } from 'vitest';
import { planBranchScopes, type BranchFacts, type BranchScopeInput } from '../../../src/team/plan-branch-scopes.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-12-04T00:00:00Z');
const facts = (over: Partial<BranchFacts> = {}): BranchFacts => ({
  tips: ['t1'],
  gone: false,
  landed: false,
  ownWork: true,
  createdAt: 't0',
  lastCommitMs: NOW - DAY,
  ...over,
});
const input = (over: Partial<BranchScopeInput>): BranchScopeInput => ({
  branches: new Map([['feature/x', { ids: ['m1'], newestMs: NOW - DAY }]]),
  facts: new Map(),
  defaultBranch: 'main',
  seenWithWork: new Set(),
  kept: new Map(),
  nowMs: NOW,
  abandonDays: 30,
  ...over,
});

describe('what becomes of a scoped branch', () => {
  it('keeps an open branch open', () => {
    expect(planBranchScopes(input({ facts: new Map([['feature/x', facts()]]) }))).toEqual({
      promote: [],
      abandoned: [],
      seenWithWork: ['feature/x'],
    });
  });

  it('promotes a branch whose changes landed (by id, patch or squash), once it had work of its own', () => {
    expect(planBranchScopes(input({ facts: new Map([['feature/x', facts({ landed: true })]]) })).promote).toEqual([
      'feature/x',
    ]);
    // A merge commit or fast-forward: no commit left outside the default branch; the reflog says it moved since it was created.
    expect(
      planBranchScopes(
        input({ facts: new Map([['feature/x', facts({ landed: true, ownWork: false, createdAt: 't0' })]]) }),
      ).promote,
    ).toEqual(['feature/x']);
    // Seen with work before, by an earlier check of this clone.
    expect(
      planBranchScopes(
        input({
          facts: new Map([['feature/x', facts({ landed: true, ownWork: false, createdAt: null })]]),
          seenWithWork: new Set(['feature/x']),
        }),
      ).promote,
    ).toEqual(['feature/x']);
  });

  it('never promotes a fresh branch with no commit of its own (its tip is trivially in the default branch)', () => {
    const fresh = facts({ landed: true, ownWork: false, createdAt: 't1' });
    expect(planBranchScopes(input({ facts: new Map([['feature/x', fresh]]) }))).toEqual({
      promote: [],
      abandoned: [],
      seenWithWork: [],
    });
  });

  it('sends a branch deleted on the remote without landing to review, until a person keeps it', () => {
    const gone = facts({ gone: true });
    expect(planBranchScopes(input({ facts: new Map([['feature/x', gone]]) })).abandoned).toEqual([
      { branch: 'feature/x', reason: 'gone', ids: ['m1'] },
    ]);
    expect(
      planBranchScopes(
        input({ facts: new Map([['feature/x', gone]]), kept: new Map([['feature/x', { atMs: NOW, reason: 'gone' }]]) }),
      ).abandoned,
    ).toEqual([]);
  });

  it('sends a branch nothing touched for scope.abandonDays to review; a branch this clone does not have waits', () => {
    const old = input({
      branches: new Map([['feature/x', { ids: ['m1'], newestMs: NOW - 40 * DAY }]]),
      facts: new Map([['feature/x', facts({ lastCommitMs: NOW - 35 * DAY })]]),
    });
    expect(planBranchScopes(old).abandoned).toEqual([{ branch: 'feature/x', reason: 'untouched', ids: ['m1'] }]);
    expect(planBranchScopes({ ...old, abandonDays: 60 }).abandoned).toEqual([]);
    expect(planBranchScopes(input({}))).toEqual({ promote: [], abandoned: [], seenWithWork: [] });
  });

  it('promotes entries scoped to the default branch itself at once', () => {
    expect(planBranchScopes(input({ branches: new Map([['main', { ids: ['m2'], newestMs: null }]]) })).promote).toEqual(
      ['main'],
    );
  });
});
