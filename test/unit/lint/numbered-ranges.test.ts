import { describe, expect, test } from 'vitest';
import { rangeMembers } from '../../../src/lint/numbered-ranges.js';

describe('rangeMembers', () => {
  test('a numbered range of sibling folders, the stem written once or twice', () => {
    expect(rangeMembers('tests/rpc/level0..level3')).toEqual([
      'tests/rpc/level0',
      'tests/rpc/level1',
      'tests/rpc/level2',
      'tests/rpc/level3',
    ]);
    expect(rangeMembers('steps/step1...3/')).toEqual(['steps/step1', 'steps/step2', 'steps/step3']);
  });

  test('no range: a parent folder, names without numbers, a range running down or too wide', () => {
    expect(rangeMembers('../src/a.ts')).toBeUndefined();
    expect(rangeMembers('docs/a..b')).toBeUndefined();
    expect(rangeMembers('tests/level3..level1')).toBeUndefined();
    expect(rangeMembers('tests/v1..v99')).toBeUndefined();
    expect(rangeMembers('tests/level0')).toBeUndefined();
  });
});
