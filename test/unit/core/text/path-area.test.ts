import { describe, expect, it } from 'vitest';
import { commonFolder } from '../../../../src/core/text/path-area.js';

describe('commonFolder', () => {
  it('reads a leading "/" as the repository root and a bare slash command as no folder', () => {
    expect(commonFolder(['/src/api/users.ts', 'src/api/'])).toBe('src/api');
    expect(commonFolder(['/tdd', '/plan'])).toBeNull();
    expect(commonFolder(['src/a.ts', 'web/b.ts'])).toBeNull();
  });
});
