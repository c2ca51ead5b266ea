/**
 * The secret scanner beyond known formats: what a memory scanner must catch that a code scanner's
 * rules do not name (issue 12), and the look-alikes it must leave alone. Examples are written for
 * these tests in the shapes of the public scanner suites (../shared/corpus/secrets.jsonl), not
 * copied from them; the sentence is the one the corpus benchmark offers each value in.
 */
import { describe, expect, it } from 'vitest';
import { findGitleaksSecrets } from '../../../../src/core/safety/gitleaks-scan.js';
import { findSecrets, redactSecrets } from '../../../../src/core/safety/scan-secrets.js';

// Built at run time so that this file itself never holds a scannable credential.
const fake = (prefix: string, body: string) => prefix + body;
const inSentence = (value: string) =>
  `For the staging environment, configure the billing client with ${value} in the deploy settings.`;
const rules = (text: string) => findSecrets(text).map((finding) => finding.ruleId);

describe('findSecrets: credentials with no known format', () => {
  it.each([
    ['a random token of mixed case and digits', fake('k9Qm', '2xLp7Rw4Tz8Vn3Bc6Hd1Jf')],
    ['a random token of lower case and digits', fake('h3k9q2m8', 'x7v4p1z6r5t0w2n8')],
    ['a random token of upper case and digits', fake('7QZL2M9R', 'T4WB8NCX1KV5')],
    // Capitals and digits past an acronym's length: a chain of short "acronyms" (`HK4`, `EC7`, `BUQZ9`) is a key.
    ['12 capitals and digits', fake('HK4EC7', 'BUQZ9S')],
    ['16 capitals and digits', fake('TRVKP42W', 'N8HD3QZM')],
    ['20 capitals and digits', fake('MBQT7XLDRW', '5KF2NHGZ3P')],
    // Lower case with one run of digits: few class changes, but letters no language spells.
    ['lower case and two digits', fake('plxqrtvn', 'bw48dkz')],
    ['lower case, digits first', fake('wz73hfq', 'rnsjdkv')],
    // Letters of one case whose pairs are not those of words.
    ['16 lower-case letters', fake('vkqzmbhr', 'twpxjlfn')],
    ['18 capitals', fake('QXBVNRKZJ', 'HWTPMLDGF')],
    // Few class changes, no 8-letter stretch without vowels, but pairs no word has.
    ['lower case with digits at both ends', fake('a70pahkh', 'sotvlsu5')],
    ['lower case with two digit breaks', fake('9bzsgicz', 'e9xybwsz')],
    // Each half reads as "letters, a number, letters" once split at the `-` or `_`; the case flips say otherwise.
    ['a random token in two halves', fake('rKWq38hX-', '9vbNmDs')],
    ['a random token in two halves, joined by _', fake('cTRa07wQ_', '4Lm2vXp')],
    ['a prefixed token of a vendor no rule knows', fake('acme_live_', 'q8Zr2LmX4vT9kWp3Nd7Bf1Hs')],
    ['a prefixed token with a type part', fake('tskey-api-', 'kQ3vZ8mN2pLw-R7tY4xB9cD2fG6hJ1kM5nP8qS3v')],
    ['a prefixed hex key', fake('pubkey-', '8c3a1f0b9d2e7c6a5b4f3e2d1c0b9a8f')],
    ['hex of a key length, handed to a client', fake('0f3a9c2b', '7d1e4f6a8b0c2d4e6f8a1b3c')],
    // 24 to 31 digits is no digest's length: a vendor's key.
    ['24 hex digits', fake('3fa91c07be5d', '24e8a6b0c915')],
    ['30 hex digits', fake('c81e728d9d4c2f63', '6f067f89cc1486')],
    // Meraki, Klipfolio and Zenrows keys are 40 hex digits, a git object id's shape: unnamed, a key.
    ['40 hex digits no word names a commit', fake('8f3a1c9b2d7e6f0a', '5c4b8d9e1f3a7c2b6d8e0f1a')],
    ['a typed password with symbols', fake('Vq7#mZ2', '!rT9$kL')],
    ['a mixed-case UUID (generators write one case)', fake('4f2b09A5-3c4f-', 'cd9c-26Df-21eac3f8907a')],
    ['an account host name', fake('https://x7k2p9q', '.vendor-api.com')],
    // Cut by `-` and `_` at random places: each piece passes for a word, a number or a hex id alone.
    ['a random token cut at random places', fake('q-vapmel_3d8f1_k-ubriweotu_', '4-9hzxcmqwl_')],
  ])('refuses %s', (_what, value) => {
    expect(findSecrets(inSentence(value))).not.toEqual([]);
  });

  it.each([
    ['connection-string-password', fake('redis://cache:', 'pass@cache.internal:6379/0')],
    ['connection-string-password', fake('amqp://worker:', 'Rabbit-2024@mq.internal/vhost')],
    ['connection-string-password', fake('https://:', 'q8Zr2LmX4vT9kWp3@git.internal/repo.git')],
    ['command-line-password', fake('curl --user deploy:', 'hunter2 https://ci.internal/api')],
    ['command-line-password', fake("curl -u 'deploy:", "hunter2' https://ci.internal/api")],
    ['generic-secret-assignment', fake('RAILS_MASTER_KEY=', '0f3a9c2b7d1e4f6a8b0c2d4e6f8a1b3c')],
    ['hex-key', fake('550e8400-e29b-', '41d4-a716-446655440000')],
    ['hex-key', fake('FAB7BE5B-E6DD-', '470A-A3DC-91AF003DB677')],
    ['ip-public', '133.18.42.7'],
    ['gcp-service-account', '{"type": "service_account", "project_id": "billing-prod"}'],
    ['call-argument-password', fake('dso.OpenDSObject("LDAP://dc1.corp/OU=IT", "CORP\\svc", "Win', 'ter24", 1)')],
    ['call-argument-password', fake('DriverManager.getConnection(url, "sa", "hun', 'ter2");')],
    ['call-argument-password', fake('server.login("ops@corp.test", "app-', 'pw-71");')],
    ['call-argument-password', fake("l.simple_bind_s('cn=admin,dc=corp', 'ldap", "-pw')")],
    ['gcp-service-account', 'the key file starts with "type":"service_account"'],
    ['ip-public', '52.14.200.9:8080'],
  ])('finds %s in %s', (ruleId, text) => {
    expect(rules(text)).toContain(ruleId);
  });

  // A word typed as the password is one: quoted, or assigned in a shell or .env line (detect-secrets'
  // KeywordDetector); the value is never a variable there.
  it.each([
    fake('DEPLOY_PASSWORD="trombone', 'quietly"'),
    fake("smtp_password: 'lanternfi", "shmarket'"),
    fake('export STAGING_API_KEY=marbleco', 'astline'),
    fake('PGPASSWORD=Winterfe', 'llBridge psql -h db.internal'),
    fake('{"client_secret": "orchardvel', 'vetmoon"}'),
  ])('finds a typed word in a credential assignment: %s', (text) => {
    expect(rules(text)).toEqual(['generic-secret-assignment']);
  });

  it.each([
    // Shorter than any service lets a password be: a local stand-in.
    'LLM_API_KEY="ollama" and DB_PASSWORD=cognee for the local stack',
    // The service's documented default repeats its name.
    'POSTGRES_PASSWORD=postgres in docker-compose',
    // Names, not values: an environment variable, a field, how the token is sent.
    'token: "GITHUB_TOKEN", apiKey: "apiKeyField", auth_token: "bearer"',
    'the token_type is "refresh_token"; secret_store = "keychain"',
    // Unquoted in code: a variable.
    'password = userPassword; api_key = settings_value',
    // A revision handed to git is an object id, whatever its length.
    'git checkout 8f3a1c9b2d7e6f0a5c4b8d9e1f3a7c2b6d8e0f1a to bisect from there',
    'run git reset --hard 8f3a1c9b2d7e6f0a5c4b8d9e1f3a7c2b6d8e0f1a after a bad rebase',
    // Identifiers of words cut by `-` and `_`, with numbers and versions among them.
    'the target is x86_64-unknown-linux-gnu and the model gpt-4o-2024-08-06_with_tools_v2',
  ])('leaves a name or a local default in a credential slot alone: %s', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  it('redacts the password of a URL and keeps the rest of it', () => {
    expect(redactSecrets(fake('Cache: redis://cache:', 's3cret-9x@cache.internal:6379'))).toBe(
      'Cache: redis://cache:[REDACTED:connection-string-password]@cache.internal:6379',
    );
  });
});

describe('findSecrets: look-alikes that are not secrets', () => {
  it.each([
    ['a masked token', fake('ghp_', 'x'.repeat(36))],
    ['a masked Stripe key', fake('sk_test_', 'x'.repeat(24))],
    ['a masked Azure secret', fake('client_secret=bP88Q~', 'x'.repeat(34))],
    ['a template reference', 'password: ${DB_PASSWORD}'],
    ['an instruction', 'REPLACE_WITH_YOUR_PASSWORD'],
    ['a documentation host', fake('postgres://user:', 'password@db.example.com/app')],
    ['a documentation host with a word pair', fake('mysql://app:', 'db-password@mysql.example.org:3306/app')],
    ['an instruction as a URL password', fake('mysql://admin:', 'REPLACE_WITH_PASSWORD@mysql.server.com:3306/app')],
    ['a fill-in URL password', fake('postgres://app:', 'your_password_here@db.internal:5432/app')],
    ['format fields as a URL user and password', 'const template = "https://{user}:{pass}@registry.internal.net";'],
    ['a templated URL', 'postgres://${PGUSER}:${PGPASSWORD}@localhost/app'],
    ['printf fields as a URL password', "dsn = 'postgres://%(user)s:%(password)s@%(host)s/%(name)s' % settings"],
    ['a printf field as a Redis password', 'url = fmt.Sprintf("redis://:%s@%s:%d/0", pass, host, port)'],
    ['a Ruby interpolation as a URL password', 'url = "postgres://#{user}:#{password}@#{host}/app"'],
    ['a templated curl user', 'curl -u "${username}:${password}"'],
    ['a git SHA named one', 'commit 3f1ef7c2860523314e2c1b07d95f1db5235f66b1'],
    ['a database id named one', 'the document _id 64b7f0c2e13a9d5f8c1b2a47 and object 64b7f0c2e13a9d5f8c1b2a48'],
    ['a git SHA in a ref listing', '3f1ef7c2860523314e2c1b07d95f1db5235f66b1\trefs/heads/main'],
    ['a UUID named an id', 'the tenant id 550e8400-e29b-41d4-a716-446655440000'],
    ['an upper-case UUID named one', 'uuid FAB7BE5B-E6DD-470A-A3DC-91AF003DB677'],
    ['a session UUID', 'claude --resume with session 550e8400-e29b-41d4-a716-446655440000'],
    ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
    ['a private address', '10.0.12.7:5432'],
    ['the loopback address', '127.0.0.1'],
    ['a documentation address', '203.0.113.9'],
    ['a dotted version', '1.2.3.4.5'],
    ['a call that passes its password in a variable', 'DriverManager.getConnection(url, user, password)'],
    ['a call that reads it from the environment', 'new Sequelize("app", "root", process.env.DB_PASS, {})'],
    ['a call with a templated password', 'new PDO("mysql:host=db", "root", "${DB_PASSWORD}")'],
    ['a call with the password left empty', 'mysqli_connect("localhost", "root", "")'],
    ['a service account named in prose', 'grant the service_account role to the deploy service account'],
    [
      'a schema with a service_account field',
      '{"type": "object", "properties": {"service_account": {"type": "string"}}}',
    ],
    ['a four-part version named one', 'VERSION stays the 4-digit source of truth (e.g. `1.67.0.0`)'],
    ['a password written as an ellipsis', 'git rewrites remotes to https://x-access-token:...@github.com/...'],
    [
      'a lockfile integrity hash',
      '"integrity": "sha512-iKEoDYaRmd1mxM90a2OEfWhjsjPpYPuQ+lMYsoxB126+t8fw7ySEO48nmDg5COTjxDI65/Y2OWpeEHk3ZOe8zg=="',
    ],
    ['an example key cut short', 'keys look like sk-abc123... in the docs'],
    [
      'a local service whose password is its user name',
      fake('postgresql://cognee:', 'cognee@localhost:5432/cognee_db'),
    ],
    [
      'the same on 127.0.0.1 and ::1',
      fake('amqp://guest:', 'guest@127.0.0.1:5672/ and postgres://postgres:postgres@[::1]/db'),
    ],
    [
      "the same on the any-address and Docker's name for the host",
      fake('amqp://guest:', 'guest@0.0.0.0:5672/ and mysql://root:root@host.docker.internal:3306/app'),
    ],
  ])('leaves %s alone', (_what, value) => {
    expect(findSecrets(inSentence(value))).toEqual([]);
  });

  it('still finds a password to a loopback host that is not the user name, and a user-name password to any other host', () => {
    expect(rules(fake('postgres://admin:', 'S3cr3t-Pr0d@localhost:5433/app'))).toEqual(['connection-string-password']);
    expect(rules(fake('http://username:', 'password@127.0.0.1'))).toEqual(['connection-string-password']);
    expect(rules(fake('postgres://cognee:', 'cognee@db.internal:5432/app'))).toEqual(['connection-string-password']);
    expect(rules(fake('redis://app:', 'app@localhost.attacker.net'))).toEqual(['connection-string-password']);
  });

  // A documentation host clears a word, not what a person typed (secretlint's connection-string
  // rule reports these whatever the host).
  it.each([
    fake('mongodb://deploy:', 'Tr4ck9Pass@db1.example.net:27017/production'),
    fake('const PG_URI = "postgresql://svc:', 'w1nterRiver@pg.example.com:5432/app";'),
    fake('redis://:', 'q8Zr2LmX@cache.test:6379/0'),
  ])('finds a typed password beside a documentation host: %s', (text) => {
    expect(rules(inSentence(text))).toEqual(['connection-string-password']);
  });

  it.each([
    'sha256 of the release tarball must match 84f240e4df5f804e71a7cd7a53c2aa351ffc15fdf17da65687ec57b238b4a845 before publishing.',
    'LIC_FILES_CHKSUM = "file://${WORKDIR}/license.html;md5=5c94767cedb5d6987c902ac850ded2c6"',
    'Handle UserPromptSubmit in HttpMessageHandler for TypeScript/JavaScript projects.',
    'Set OPENAI_EMBEDDINGS_DEPLOYMENT and AZURE_INFERENCE_CREDENTIAL in the portal.',
    'Logs are in /Users/me/.claude/projects/-Users-me-app/33c772d9-b322-4f61-a37d-7d5634a80b45.jsonl',
    'Names must match ^[A-Za-z0-9_-]+$ exactly.',
    'Use node20 with utf8mb4_unicode_ci and es2022 on ubuntu-22.04, tag v10.4.0-beta.3+build.20240501.',
    'The matrix runs Ubuntu22-Node20-ES2022-Utf8MB4, Python311_Node20_Java17 and ReactNative73-iOS17-Android14.',
    'Types: UInt32-UInt64-BFloat16, IPv4-IPv6-OAuth2-IMDSv2 and ARMv7-GPLv3-TLSv1 builds.',
    'Install with ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 as the key type prefix.',
    'Fetch from githubusercontent, run createtablestatement against nonexistentdirectory.',
    'The charset is abcdefghijklmnopqrstuvwxyz and the test typing is qwertyuiopasdf.',
    'Run kubernetes126cluster and postgresql15server with strncpy16buffer checks.',
    'Timestamps are ISO8601 in UTC, ciphers AES256GCM or CHACHA20, hosts on EC2 and S3, AWS_S3_BUCKET_NAME set.',
  ])('leaves the named digest or identifier in %s alone', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });
});

describe('findGitleaksSecrets (gitleaks rule data, translated from Go RE2)', () => {
  it('finds a known format by its rule id', () => {
    const text = fake('Label printing uses shippo_live_', '4f2e8a1c9b3d7e6f0a5c2b8d9e1f3a7c4b6d8e0f');
    expect(findGitleaksSecrets(text).map((finding) => finding.ruleId)).toContain('shippo-api-token');
  });

  it('keeps a case-insensitive part case-insensitive and a case-sensitive part exact', () => {
    // adobe-client-secret is `p8e-(?i)[a-z0-9]{32}`: upper-case letters after the prefix count.
    expect(findGitleaksSecrets(fake('p8e-', 'Ab3dEf7hIj1lMn5pQr9tUv2xYz4bCd6f')).map((f) => f.ruleId)).toContain(
      'adobe-client-secret',
    );
    // cisco-meraki-api-key spells the name `(?-i:[Mm]eraki|MERAKI)` inside a case-insensitive group.
    const hex = '8f3a1c9b2d7e6f0a5c4b8d9e1f3a7c2b6d8e0f1a';
    expect(findGitleaksSecrets(`MERAKI_KEY = ${hex}`).map((f) => f.ruleId)).toContain('cisco-meraki-api-key');
    expect(findGitleaksSecrets(`mERAKI_KEY = ${hex}`).map((f) => f.ruleId)).not.toContain('cisco-meraki-api-key');
  });

  it('reports the span of the secret, not of its label', () => {
    const key = fake('shippo_test_', '9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b');
    const text = `SHIPPO_KEY="${key}"`;
    const [finding] = findGitleaksSecrets(text);
    expect(text.slice(finding!.start, finding!.end)).toBe(key);
  });

  it('finds nothing in empty text and in prose', () => {
    expect(findGitleaksSecrets('')).toEqual([]);
    expect(findGitleaksSecrets('Always run the tests before pushing to main.')).toEqual([]);
  });
});
