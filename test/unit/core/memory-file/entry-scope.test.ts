import { describe, expect, it } from 'vitest';
import {
  ALL_BRANCHES,
  isBranchName,
  isVisibleIn,
  scopeForWrite,
  viewAt,
} from '../../../../src/core/memory-file/entry-scope.js';
import {
  findMemComment,
  formatEntryComment,
  provenanceFromAttributes,
} from '../../../../src/core/memory-file/mem-comment.js';
import {
  parseRecord,
  recordScope,
  serializeRecord,
  withScope,
  type TeamRecord,
} from '../../../../src/team/store/team-record.js';
import { mergeRecords } from '../../../../src/team/merge/merge-records.js';

describe('branch scope', () => {
  it('scopes what is learned on a feature branch, never on the default branch, a detached HEAD, or with scope.branches off', () => {
    expect(scopeForWrite({ current: 'feature/x', defaultBranch: 'main' }, 'auto')).toBe('feature/x');
    expect(scopeForWrite({ current: 'main', defaultBranch: 'main' }, 'auto')).toBeUndefined();
    expect(scopeForWrite({ current: null, defaultBranch: 'main' }, 'auto')).toBeUndefined();
    expect(scopeForWrite({ current: 'feature/x', defaultBranch: null }, 'auto')).toBeUndefined();
    expect(scopeForWrite({ current: 'feature/x', defaultBranch: 'main' }, 'off')).toBeUndefined();
    expect(scopeForWrite({ current: 'feature/x', defaultBranch: 'main' }, 'auto', null)).toBeUndefined();
    expect(scopeForWrite({ current: 'main', defaultBranch: 'main' }, 'auto', 'feature/y')).toBe('feature/y');
  });

  it('shows a branch entry only on its branch; team-wide entries everywhere; everything with scope.branches off', () => {
    const onX = viewAt({ current: 'feature/x', defaultBranch: 'main' }, 'auto');
    const onMain = viewAt({ current: 'main', defaultBranch: 'main' }, 'auto');
    expect(isVisibleIn('feature/x', onX)).toBe(true);
    expect(isVisibleIn('feature/x', onMain)).toBe(false);
    expect(isVisibleIn(undefined, onMain)).toBe(true);
    expect(isVisibleIn('feature/x', viewAt({ current: 'main', defaultBranch: 'main' }, 'off'))).toBe(true);
    expect(isVisibleIn('feature/x', ALL_BRANCHES)).toBe(true);
  });

  it('accepts branch names and refuses what could not be one', () => {
    for (const name of ['feature/x', 'fix-123', 'user/jo.doe/payments_v2', 'release+1'])
      expect(isBranchName(name)).toBe(true);
    for (const name of ['', '../x', 'a..b', 'a//b', 'x/', 'x.lock', '-x', 'a b', 'x"y', 'a\nb', 'é', 7])
      expect(isBranchName(name)).toBe(false);
  });

  it('carries the scope in the mem comment and back', () => {
    const comment = formatEntryComment('m1', { author: 'alice', scope: 'feature/payments-v2' });
    expect(comment).toContain('scope=feature/payments-v2');
    const found = findMemComment(`- text ${comment}`);
    expect(provenanceFromAttributes(found?.attributes ?? {})).toEqual({
      author: 'alice',
      scope: 'feature/payments-v2',
    });
    expect(provenanceFromAttributes({ id: 'm1', scope: '../etc' }).scope).toBeUndefined();
  });

  it('writes the scope on the team record only when there is one: a team-wide record keeps its bytes', () => {
    const plain: TeamRecord = { kind: 'entry', section: 'Conventions', text: 'Use pnpm.', session: null, agent: null };
    expect(serializeRecord(plain)).toBe(`${JSON.stringify({ section: 'Conventions', text: 'Use pnpm.' }, null, 2)}\n`);
    const scoped = withScope(plain, 'feature/x');
    expect(serializeRecord(scoped)).toBe(
      `${JSON.stringify({ section: 'Conventions', text: 'Use pnpm.', scope: 'feature/x' }, null, 2)}\n`,
    );
    const parsed = parseRecord(Buffer.from(serializeRecord(scoped)));
    expect(parsed).toEqual({ ok: true, record: scoped });
    expect(recordScope(scoped)).toBe('feature/x');
    expect(serializeRecord(withScope(scoped, undefined))).toBe(serializeRecord(plain));
    // Another field (a later mem's) keeps its place: the fields are in key order.
    const anchored = withScope(
      {
        ...plain,
        fields: [
          ['anchors', ['src/a.ts']],
          ['zeta', 1],
        ],
      },
      'feature/x',
    );
    expect(anchored.kind === 'entry' ? anchored.fields?.map(([key]) => key) : []).toEqual(['anchors', 'scope', 'zeta']);
    expect(
      parseRecord(Buffer.from(JSON.stringify({ section: 'Conventions', text: 'x y z', scope: '../x' }))),
    ).toMatchObject({ ok: false });
  });

  it('merges a promotion made by two clones as one change, and a promotion with a rewording as both', () => {
    const promoted: TeamRecord = {
      kind: 'entry',
      section: 'Conventions',
      text: 'Use pnpm.',
      session: null,
      agent: null,
    };
    const base = withScope(promoted, 'feature/x');
    expect(mergeRecords(base, promoted, promoted, { ours: null, theirs: null })).toEqual({
      record: promoted,
      conflict: false,
    });
    const reworded = withScope({ ...promoted, text: 'Use pnpm 9.' }, 'feature/x');
    expect(mergeRecords(base, promoted, reworded, { ours: null, theirs: null })).toEqual({
      record: { ...promoted, text: 'Use pnpm 9.' },
      conflict: false,
    });
  });
});
