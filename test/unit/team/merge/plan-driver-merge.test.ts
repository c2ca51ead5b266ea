import { describe, expect, it } from 'vitest';
import {
  MAX_ENTRY_AWARE_LINES,
  planDriverMerge,
  type DriverInput,
} from '../../../../src/team/merge/plan-driver-merge.js';

const file = (name: DriverInput['name'], bytes: Buffer): DriverInput => ({ name, read: { ok: true, bytes } });
const text = (name: DriverInput['name'], value: string): DriverInput => file(name, Buffer.from(value, 'utf8'));

describe('planDriverMerge', () => {
  it('merges UTF-8 text of a fair size entry by entry', () => {
    expect(planDriverMerge([text('base', '- a\n'), text('ours', '- a\n- b\n'), text('theirs', '- a\n- é\n')])).toEqual({
      kind: 'entry-aware',
      base: '- a\n',
      ours: '- a\n- b\n',
      theirs: '- a\n- é\n',
    });
  });

  it('leaves bytes that are not UTF-8 to git, naming the input', () => {
    expect(
      planDriverMerge([
        text('base', '- a\n'),
        file('ours', Buffer.from('- caf\xe9\n', 'latin1')),
        text('theirs', '- a\n'),
      ]),
    ).toEqual({ kind: 'line', why: 'ours is not UTF-8 text' });
  });

  it('leaves a long or a large file to git', () => {
    const long = '- x\n'.repeat(MAX_ENTRY_AWARE_LINES + 1);
    expect(planDriverMerge([text('base', '- a\n'), text('ours', '- a\n'), text('theirs', long)]).kind).toBe('line');
    expect(
      planDriverMerge([
        text('base', '- a\n'),
        text('ours', '- a\n'),
        text('theirs', '- x\n'.repeat(MAX_ENTRY_AWARE_LINES)),
      ]).kind,
    ).toBe('entry-aware');
    expect(
      planDriverMerge([
        { name: 'base', read: { ok: false, reason: 'too large' } },
        text('ours', ''),
        text('theirs', ''),
      ]).kind,
    ).toBe('line');
  });

  it('refuses what is not a regular file, before anything else', () => {
    expect(
      planDriverMerge([
        text('base', ''),
        { name: 'ours', read: { ok: false, reason: 'too large' } },
        { name: 'theirs', read: { ok: false, reason: 'not a regular file' } },
      ]),
    ).toEqual({ kind: 'refuse', why: 'theirs is not a regular file' });
  });
});
