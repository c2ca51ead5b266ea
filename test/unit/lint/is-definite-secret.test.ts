import { describe, expect, it } from 'vitest';
import { isDefiniteSecret } from '../../../src/lint/is-definite-secret.js';

describe('isDefiniteSecret, airtable-api-key', () => {
  it('leaves an Airtable base, table or field ID, the 17 characters of the legacy key', () => {
    for (const id of ['appK4m9Zq2wXy7Lp3', 'tbl8Hn2Rt5Vb1Qz6w', 'fldA1b2C3d4E5f6G7'])
      expect(isDefiniteSecret('airtable-api-key', id, `AIRTABLE_ID=${id}`, 12)).toBe(false);
  });

  it('keeps a legacy API key', () => {
    expect(isDefiniteSecret('airtable-api-key', 'keyR7t2Lm9Qx4Wz1B', 'AIRTABLE_API_KEY=keyR7t2Lm9Qx4Wz1B', 17)).toBe(
      true,
    );
  });
});
