import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../../src/core/text/format-count.js';

describe('formatCount', () => {
  it("writes counts as toLocaleString('en-US') does", () => {
    for (const value of [0, 7, 999, 1000, 32768, 64942, 1234567, -4500, 12.5])
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });
});
