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

describe('isDefiniteSecret, vendor-key-prefix', () => {
  it('a weak mark starting a variable name, run over the `=` into its value, is no key (set 181)', () => {
    const line = 'TEST_OPERATOR_ID=1c6748d7-5cb2-444c-8e2e-416c14f5d6dd';
    expect(isDefiniteSecret('vendor-key-prefix', line, line, 0)).toBe(false);
  });

  it('the value assigned counts when it is a marked key of its own', () => {
    const line = 'TEST_NVIDIA_KEY=nvapi-Qx7Lm2Rk9Vt4Wp8Zn3Ys6Hd1Jf5Gb0Ca2Eu7Ko9Ti4Nr';
    expect(isDefiniteSecret('vendor-key-prefix', line, line, 0)).toBe(true);
  });

  it('a key with its base64 padding at the end is still a key', () => {
    const key = 'sk_Qx7Lm2Rk9Vt4Wp8Zn3Ys6Hd1Jf5Gb0Ca==';
    expect(isDefiniteSecret('vendor-key-prefix', key, key, 0)).toBe(true);
  });

  it('a file name a weak mark starts, ending in a file extension, is no key (set 225)', () => {
    for (const name of ['test_e20260110.docx.md', 'secret_memo_e20260110.txt', 'api_draft_v20260110.pdf'])
      expect(isDefiniteSecret('vendor-key-prefix', name, name, 0)).toBe(false);
  });

  it('a key carrying a documentation or loopback host in base64 is a stand-in (set 236)', () => {
    const hosts = ['example.clerk.accounts.dev$', 'shop.example.com$', 'app.test$', 'localhost$'];
    for (const host of hosts) {
      const key = `pk_test_${Buffer.from(host).toString('base64').replace(/=+$/, '')}`;
      expect(isDefiniteSecret('vendor-key-prefix', key, key, 0)).toBe(false);
    }
  });

  it('a key carrying an instance host in base64 is still a key', () => {
    const key = 'pk_test_Y3Jpc3AtaGVyb24tNjEuY2xlcmsuYWNjb3VudHMuZGV2JA';
    expect(isDefiniteSecret('vendor-key-prefix', key, key, 0)).toBe(true);
  });

  it('a key whose body runs over dots in base64 parts is still a key', () => {
    const key = 'sk.eyJ1IjoiYWNtZSIsImEiOiJjbHgyZ3N0OWowMDFrMmpwYnR6dTV6M3JwIn0.Kq7Vd2Rm9Tx4Lp8Wn3Zs6A';
    expect(isDefiniteSecret('vendor-key-prefix', key, key, 0)).toBe(true);
  });
});
