import { describe, expect, it } from 'vitest';
import { findSecrets, redactSecrets } from '../../../../src/core/safety/scan-secrets.js';

// Built at run time so that this file itself never holds a scannable credential.
const fake = (prefix: string, body: string) => prefix + body;
const GHP = fake('ghp_', 'R8kL2mN5pQ9sT3vW6xY1zA4bC7dE0fG2hJ5k');
const OPENAI = fake('sk-proj-', 'Qm7vT2xL9pR4wK8nZ3bY6cH1dF5gJ0sA2eU7iO9mN4qW8rT6');
const AWS = fake('AKIA', 'QX7ZL2M9RT4WB8NC');

describe('findSecrets', () => {
  it.each([
    ['aws-access-key-id', `key ${AWS} here`],
    ['github-token', `export GITHUB_TOKEN=${GHP}`],
    ['gitlab-token', fake('glpat-', 'a8Kd93LmQp2Zx7Vb4Nc1')],
    ['slack-token', fake('xoxb-', '123456789012-123456789012-a8Kd93LmQp2Zx7Vb4Nc1')],
    ['stripe-key', fake('sk_live_', 'a8Kd93LmQp2Zx7Vb4Nc1Rt6Y')],
    ['google-api-key', fake('AIza', 'SyA8Kd93LmQp2Zx7Vb4Nc1Rt6Yw0Ue5Ji3H')],
    ['openai-key', OPENAI],
    ['anthropic-key', fake('sk-ant-api03-', 'a8Kd93LmQp2Zx7Vb4Nc1Rt6Yw0Ue5Ji3H')],
    ['private-key', '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----'],
    ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['connection-string-password', 'postgres://app:Pg-Pr0d-9fK2x7Lq@db:5432/app'],
    ['generic-secret-assignment', 'DB_PASSWORD=s3cr3t-Value9'],
    ['npm-token', fake('npm_', 'a8Kd93LmQp2Zx7Vb4Nc1Rt6Yw0Ue5Ji3H2kL')],
    ['high-entropy-token', 'the session token is Zq8Xw2Lk9Vb4Nm7Rt1Yp6Sd3Fg0Hj5Kc'],
    // Short passwords stated in prose are below the entropy rule's length.
    ['generic-secret-assignment', 'remember the admin password for local dev is Tr0ub4dor&3'],
    ['generic-secret-assignment', 'the wifi password is: h0neyB4dger!'],
  ])('detects %s', (ruleId, text) => {
    expect(findSecrets(text).map((f) => f.ruleId)).toContain(ruleId);
  });

  it.each([
    'AKIAIOSFODNN7EXAMPLE',
    'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'request id 550e8400-e29b-41d4-a716-446655440000',
    'commit 3f1ef7c2860523314e2c1b07d95f1db5235f66b1',
    '"integrity": "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="',
    'VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw==',
    'version 10.4.0-beta.3+build.20240501',
    'packages/api-server/src/middleware/authentication-handler.ts',
    'token: string;',
    'apiKey: process.env.OPENAI_API_KEY',
    'postgres://${PGUSER}:${PGPASSWORD}@localhost/app',
    'Always run npm test before pushing',
    'the password is stored in 1Password, never in the repo',
    'the token is read from ~/.config/gh/hosts.yml',
    'the API key is .env.local only, never commit it',
    'the password for staging is ${STAGING_PASSWORD}',
    'Helpers: `cardToCardV2`, `cardToFallbackText`, `uploadToS3`',
    '- [Rust Dublin October 2023 - Biome - YouTube](https://youtu.be/stxiUYmHn0s?si=C9cMsc93nNrZa-r1)',
  ])('does not flag the look-alike %s', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  it('reports spans that cover the value, so callers never need the value itself', () => {
    const text = `token ${GHP} end`;
    const [finding] = findSecrets(text);
    expect(text.slice(finding!.start, finding!.end)).toBe(GHP);
  });

  it('finds a credential in a two-column listing, and leaves a header name and a number alone', () => {
    const listing =
      'KEY                 VALUE\naws:region          eu-west-1\ndatadog:apiKey      55eeceeef98658d837b1c5f13f1df8a3\napi_key_header      X-Api-Key-Header-Name\nTOKEN_TTL_SECONDS   3600';
    expect(redactSecrets(listing)).toBe(
      'KEY                 VALUE\naws:region          eu-west-1\ndatadog:apiKey      [REDACTED:generic-secret-assignment]\napi_key_header      X-Api-Key-Header-Name\nTOKEN_TTL_SECONDS   3600',
    );
  });

  it('honours the configured entropy threshold', () => {
    const token = 'Zq8Xw2Lk9Vb4Nm7Rt1Yp6Sd3Fg0Hj5Kc';
    expect(findSecrets(token, { entropyBits: 6 })).toEqual([]);
    // Tokens from half the configured length on are judged: 32 characters with 80 configured are not.
    expect(findSecrets(token, { minTokenLength: 80 })).toEqual([]);
  });
});

describe('findSecrets: a credential named in one field and given in the next', () => {
  it.each([
    '<add key="ClearTextPassword" value="Feed%Pass2024" />',
    '- name: DB_PASSWORD\n  value: "r7Tq-Lm2p!"',
    '{"name": "stripe_api_key", "value": "k3y-9fQ2wL8x"}',
  ])('refuses %s', (text) => {
    expect(findSecrets(`Configure the feed with ${text} in the build settings.`)).not.toEqual([]);
  });

  it.each([
    '<add key="Username" value="build-agent-7" />',
    '{"name": "api_key", "value": "string"}',
    '- name: GITHUB_TOKEN\n  value: ${{ secrets.GITHUB_TOKEN }}',
    'LoadCredential=db_password:/etc/app/creds/db_password',
  ])('lets %s pass', (text) => {
    expect(findSecrets(`Configure the feed with ${text} in the build settings.`)).toEqual([]);
  });
});

describe('redactSecrets', () => {
  it('replaces each secret with its rule id and keeps the rest of a quoted prompt readable', () => {
    const out = redactSecrets(`Use ${GHP} and DB_PASSWORD=s3cr3t-Value9 for CI`);
    expect(out).toBe('Use [REDACTED:github-token] and DB_PASSWORD=[REDACTED:generic-secret-assignment] for CI');
    expect(out).not.toContain(GHP);
  });

  it('leaves text without secrets byte-identical', () => {
    const text = 'Run `pnpm test` — 日本語もそのまま\n';
    expect(redactSecrets(text)).toBe(text);
  });
});
