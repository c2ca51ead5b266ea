import { describe, expect, it } from 'vitest';
import { addQuarantined } from '../../../src/team/quarantine-record.js';

const item = (id: string, reasons = ['not UTF-8 text']) => ({ id, section: '', text: '', reasons });

describe('addQuarantined', () => {
  it('keeps what the file held, adds what is new once, and stamps each item with when it was first refused', () => {
    const previous = {
      version: 1,
      at: '2026-12-01T10:00:00.000Z',
      entries: [item('ma'), { ...item('mb'), at: '2026-11-30T09:00:00.000Z' }, 'not an item'],
    };
    const items = addQuarantined(previous, [item('mb'), item('mc'), item('mc')], '2026-12-02T08:00:00.000Z');
    expect(items).toEqual([
      { ...item('ma'), at: '2026-12-01T10:00:00.000Z' },
      { ...item('mb'), at: '2026-11-30T09:00:00.000Z' },
      { ...item('mc'), at: '2026-12-02T08:00:00.000Z' },
    ]);
  });

  it('starts again from a file it cannot read', () => {
    expect(addQuarantined(null, [item('ma')], 'now')).toEqual([{ ...item('ma'), at: 'now' }]);
    expect(addQuarantined([1, 2], [item('ma', ['too large'])], 'now')).toEqual([
      { ...item('ma', ['too large']), at: 'now' },
    ]);
  });
});
