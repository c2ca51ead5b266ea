/**
 * Prefix-shaped keys (issue 26): a vendor's credential starts with a mark (`pul-`, `gsk_`,
 * `NRII-`) and is refused wherever it stands, with no vendor name beside it. The vendors here are
 * none of the development corpus's tuning half; their formats are written from the vendors'
 * documentation (mark, alphabet, length), the values generated below. Look-alikes must pass.
 */
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../../src/core/safety/scan-secrets.js';

/** A deterministic pseudo-random string over `alphabet`: a made-up value of a real format. */
function value(length: number, alphabet: string, seed: number): string {
  let state = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += alphabet[Math.floor((state / 2147483648) * alphabet.length)];
  }
  return out;
}
const HEX = '0123456789abcdef';
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Built at run time so that this file itself never holds a scannable credential.
const KEYS: Array<[vendor: string, key: string]> = [
  ['Pulumi access token', `pul-${value(40, HEX, 1)}`],
  ['Tailscale API key', `tskey-api-${value(12, ALNUM, 2)}CNTRL-${value(30, ALNUM, 3)}`],
  ['Groq API key', `gsk_${value(52, ALNUM, 4)}`],
  ['Perplexity API key', `pplx-${value(48, ALNUM, 5)}`],
  ['Pinecone API key', `pcsk_${value(6, ALNUM, 6)}_${value(63, ALNUM, 7)}`],
  ['LangSmith personal token', `lsv2_pt_${value(32, HEX, 8)}_${value(10, HEX, 9)}`],
  // Values whose body reads as no random token (hex then digits; dashes), passed before marks.
  ['LangSmith personal token (digits after the hex)', `lsv2_pt_${value(32, HEX, 79190)}_${value(10, HEX, 79191)}`],
  ['OpenRouter key', `sk-or-v1-${value(64, HEX, 10)}`],
  [
    'Dynatrace token',
    `dt0c01.${value(24, ALNUM.toUpperCase().replace(/[a-z]/g, ''), 11)}.${value(64, ALNUM.toUpperCase().replace(/[a-z]/g, ''), 12)}`,
  ],
  ['Brevo (Sendinblue) key', `xkeysib-${value(64, HEX, 13)}-${value(16, ALNUM, 14)}`],
  ['Buildkite user token', `bkua_${value(40, LOWER, 15)}`],
  ['ReadMe API key', `rdme_${value(70, LOWER, 16)}`],
  ['DigitalOcean token', `dop_v1_${value(64, HEX, 17)}`],
  ['xAI API key', `xai-${value(80, ALNUM, 18)}`],
  ['NVIDIA API key', `nvapi-${value(64, ALNUM, 19)}`],
  ['Heroku API key', `HRKU-AA${value(58, ALNUM, 20)}`],
  ['New Relic insert key', `NRII-${value(32, LOWER, 21)}`],
  ['New Relic insert key (dashes in its body)', `NRII-${value(32, 'abcdefghijklmnopqrstuvwxyz-0123456789', 1338311)}`],
  ['Stripe test key', `sk_test_${value(24, ALNUM, 22)}`],
];

describe('findSecrets: keys that carry a vendor mark', () => {
  it.each(KEYS)('refuses a bare %s', (_vendor, key) => {
    // Prose with no vendor name and no credential word: the mark alone says what it is.
    expect(findSecrets(`Set up the staging box with ${key} before the demo.`)).not.toEqual([]);
  });

  it.each(KEYS)('covers the whole %s, not a part of it', (_vendor, key) => {
    const text = `use ${key}.`;
    const [finding] = findSecrets(text);
    expect(text.slice(finding!.start, finding!.end)).toBe(key);
  });

  it.each([
    'The .env.example has PULUMI_ACCESS_TOKEN=pul-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx for new clones.',
    'Set GROQ_API_KEY=${GROQ_API_KEY} in the compose file; the value comes from the vault.',
    'The sample config reads NEW_RELIC_LICENSE_KEY=NRII-REPLACE_ME_WITH_YOUR_KEY in the docs.',
    'AWS documents AKIAIOSFODNN7EXAMPLE as the example access key id.',
    'Call the gsk_client_config_loader helper before the retry wrapper.',
    'Tailscale keys look like tskey-api-<id>-<secret>; ask ops for one.',
    'The webhook lives at https://hooks.example.com/services/demo-channel for the tests.',
    'Run dop_v1_migration_cleanup_script after the upgrade.',
  ])('lets a look-alike pass: %s', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });
});

// Marks that are a short word and one separator (`pk_`, `key-`, `live_`, `secret_`), which names
// start with too: a key when a generated value of 16 or more characters follows. Formats from
// the vendors' documentation, values generated.
const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const WEAK_MARK_KEYS: Array<[vendor: string, key: string]> = [
  ['ClickUp personal token', `pk_${value(8, DIGITS, 31)}_${value(32, UPPER, 32)}`],
  ['Mailgun private key', `key-${value(32, HEX, 33)}`],
  ['Lob live key', `live_${value(35, HEX, 34)}`],
  ['Notion integration secret', `secret_${value(43, ALNUM, 35)}`],
  ['LaunchDarkly SDK key', `sdk-${value(8, HEX, 36)}-${value(4, HEX, 37)}-${value(4, HEX, 38)}-${value(12, HEX, 39)}`],
  ['Lark app id', `cli_${value(16, LOWER, 40)}`],
  [
    'LaunchDarkly API token',
    `api-${value(8, HEX, 41)}-${value(4, HEX, 42)}-${value(4, HEX, 43)}-${value(12, HEX, 44)}`,
  ],
  // Pieces that each pass for a number or a hex id, together a key after its mark.
  [
    'key of an account number and a hex secret',
    `sk_${value(4, DIGITS, 45)}_${value(6, DIGITS, 46)}_${value(32, HEX, 47)}`,
  ],
];

describe('findSecrets: keys after a weak mark (a short word and a separator)', () => {
  it.each(WEAK_MARK_KEYS)('refuses a bare %s', (_vendor, key) => {
    expect(findSecrets(`Set up the staging box with ${key} before the demo.`)).not.toEqual([]);
  });

  it.each([
    'Stripe reports sk_live_mode in the dashboard header when live keys are active.',
    'The pk_test_helpers module builds fixtures for the payment tests.',
    'Run test_user_login_flow_v2 before merging the auth branch.',
    'The key-value-store-config-for-redis file lives under deploy/.',
    'CI sets TEST_DATABASE_URL_FOR_CI in the workflow env.',
    'The api-gateway-routing-table is regenerated on every deploy.',
    'The secret_rotation_schedule job runs weekly.',
    'Keep the live_reload_enabled_in_dev flag off in CI.',
    'The fixture key is sk_test_xxxxxxxxxxxxxxxxxxxxxxxx in every sample.',
    // Runs along the digits and the alphabet: a key typed to show what not to hardcode (set 158's kommentio).
    'Never hardcode a key like sk-1234567890abcdef in the widget.',
  ])('lets a look-alike pass: %s', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });
});

// A distinctive mark's key whose body has little entropy: a vendor's test key filled with one digit
// or two digits repeated is still in the key's format, and the mark says what it is. Masks
// written as masks, runs along the digits and names after a mark still pass.
const LOW_ENTROPY_KEYS: Array<[vendor: string, key: string]> = [
  ['Pulumi token filled with zeros', `pul-${'0'.repeat(40)}`],
  ['DigitalOcean token of one digit', `dop_v1_${'7'.repeat(64)}`],
  ['Perplexity key of two digits', `pplx-${'12'.repeat(24)}`],
  // Letters of one case with no digit: a test stand-in of a letter repeated, or letters that read as no word.
  ['Groq key of one letter', `gsk_${'q'.repeat(52)}`],
  ['Pulumi token of lower-case letters', `pul-${value(40, 'abcdefghijklmnopqrstuvwxyz', 41)}`],
  ['Buildkite token of capitals', `bkua_${value(40, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 42)}`],
];

describe('findSecrets: a low-entropy body after a distinctive mark', () => {
  it.each(LOW_ENTROPY_KEYS)('refuses a bare %s', (_vendor, key) => {
    expect(findSecrets(`Point the smoke test at ${key} and rerun it.`)).not.toEqual([]);
  });

  it.each([
    'Ops masks it as pul-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx in the runbook.',
    'The docs show dop_v1_EXAMPLE0123456789EXAMPLE as the token format.',
    'A dummy like gsk_1234567890123456789012345 is rejected by the client anyway.',
    'Rename pplx-ReleaseNotes2024 to the new changelog page.',
    'The pul-requestreviewers label routes Pulumi changes to the infra team.',
    'Search the logs for gsk_XXXXXXXXXXXXXXXXXXXX to find masked keys.',
  ])('lets a look-alike pass: %s', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });
});
