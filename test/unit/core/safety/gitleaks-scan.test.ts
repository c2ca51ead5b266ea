/**
 * gitleaks' rules as mem applies them, one case per family of rule shape: a fixed prefix, a value
 * anchored to a vendor keyword, a mark inside the value, the generic assignment with its entropy
 * floor, and the allowlists and stopwords that clear look-alikes. Values are made up in the
 * vendors' documented formats and built at run time.
 */
import { describe, expect, it } from 'vitest';
import { findGitleaksSecrets, findMarkedKeys } from '../../../../src/core/safety/gitleaks-scan.js';

const ids = (text: string): string[] => findGitleaksSecrets(text).map((finding) => finding.ruleId);

describe('findGitleaksSecrets', () => {
  it('finds a prefix-shaped key by its prefix (Stripe)', () => {
    expect(ids(`billing uses ${['sk_live_', 'T4kq9ZmW2xLr7VbN3cYp8sHd'].join('')} in prod`)).toContain(
      'stripe-access-token',
    );
  });

  it('finds a keyword-anchored key with its vendor word beside it (New Relic), and not without', () => {
    const key = ['NRII-', 'kl1xr-199k59g-dx-cgphiopup-1treh'].join('');
    expect(ids(`newrelic_insert_key = "${key}"`)).toContain('new-relic-insert-key');
    expect(ids(`insert_key = "${key}"`)).not.toContain('new-relic-insert-key');
  });

  it('wakes a rule on a two-character mark inside the value (Azure AD client secret, keyword "q~")', () => {
    expect(ids(`client_secret: "${['bP88Q~', 'rcBcYjz4Ohg1Hnn76Wm3jGgakZiZ.8vMgR'].join('')}"`)).toContain(
      'azure-ad-client-secret',
    );
  });

  it('finds a generic assignment above its entropy floor, not a word or a low-entropy value', () => {
    expect(ids(`api_key = "${['Zf3D0LXCM3EI', 'MbgJpUNnkRtO'].join('')}"`)).toContain('generic-api-key');
    expect(ids('api_key = "aaaaaaaaaaaaaaaa"')).toEqual([]);
    expect(ids('auth_mode = "oauth-password-grant"')).toEqual([]);
  });

  it('lets look-alikes pass through the allowlists and stopwords', () => {
    expect(ids('api_key = "${API_KEY}"')).toEqual([]);
    expect(ids('aws_access_key_id = AKIAIOSFODNN7EXAMPLE')).toEqual([]);
    expect(ids('secret_token = "abcdefghijklmnopqrstuvwxyz"')).toEqual([]);
  });
});

describe('findMarkedKeys', () => {
  it('finds a key by a vendor mark from trufflehog with no vendor word (New Relic insights query key)', () => {
    const key = ['NRIQ-', '9I_yp9maLbPbpL_dfE5C-IRYc'].join('');
    const text = `the dashboard reads ${key}.`;
    expect(findMarkedKeys(text).map((finding) => text.slice(finding.start, finding.end))).toEqual([key]);
  });

  it('passes a mark followed by words, a placeholder or too little', () => {
    expect(findMarkedKeys('run glsa_rotation_helper_script nightly')).toEqual([]);
    expect(findMarkedKeys('set NRIQ-xxxxxxxxxxxxxxxxxxxxxxxxx in the sample')).toEqual([]);
    expect(findMarkedKeys('the prefix NRIQ-abc names the key type')).toEqual([]);
  });
});
