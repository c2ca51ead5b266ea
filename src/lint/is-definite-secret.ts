/**
 * Which of the secret gate's findings `mem lint` reports in a hand-written file. The gate
 * (core/safety/scan-secrets.ts) is cautious on purpose: a memory entry comes from a session
 * transcript, where a random-looking token, a value named "password" or an account host may well
 * be a credential, and one kept by mistake costs a rotation. A hand-written agent file is
 * documentation: run over the 17,450 Markdown files of the 78 spent held-out checkouts, paragraph
 * by paragraph (bench/README.md), the gate flagged 3,296 lines, the example and placeholder values
 * docs are full of (`postgresql://user:password@host`, `<private key>`, digests, versions, file
 * names, a tutorial's JWT from a local Keycloak), and no credential; these rules keep none of them. So lint reports only definite formats: a vendor's key format
 * (gitleaks' rules, the gate's own format rules, a vendor's marked prefix unless it carries a documentation host in
 * base64), a private key with a
 * key body, a JWT not issued by or for localhost or an example domain nor by a demo issuer, and a password in a URL or on a command line that is neither a word nor a template,
 * to a host other than this machine (a command run inside a container of this machine, `docker compose exec
 * clickhouse clickhouse-client --password=…`, reaches the local stack the repository's compose file starts: its
 * development password, the same on every machine, set 47). Team memory keeps the gate's full judgement (find-unsafe-text.ts).
 */
import { hostAfterPassword, isLoopbackHost } from '../core/safety/url-password-host.js';
import { findMarkedKeys } from '../core/safety/gitleaks-scan.js';

// The gate's judgements by shape or name, not by format: kept for memory, not reported in a hand-written file.
const SHAPE_RULES = new Set([
  'high-entropy-token',
  'hex-key',
  'password-like-token',
  'prefixed-token',
  'account-host',
  'ip-public',
  'generic-secret-assignment',
  // A service-account key file's type line: every such file and every doc of one has it; the key is private-key's.
  'gcp-service-account',
]);
// A base64 run as long as this is a key body; docs write `<private key>`, `...` or `PRIVATE_KEY`.
const KEY_BODY = /[A-Za-z0-9+/=]{40,}/;
// Words docs put in a password's place, whatever they are padded with ("yourTopSecretPassword", "mypassword1").
const STAND_IN = /pass|secret|example|your|change|dummy|sample|demo|fake|test|token|key|admin|user|default|local/i;

// A token issued by or for this machine or a documentation domain: a tutorial's captured example; or one whose
// issuer calls itself a demo or an example (`"iss": "supabase-demo"`: the key a local development stack starts
// with, the same on every machine and printed in its own docs).
const EXAMPLE_CLAIMS =
  /"(?:iss|aud)":\s*"[a-z]+:\/\/(?:localhost|127\.0\.0\.1|(?:[\w-]+\.)*example\.(?:com|org|net))[:/"]|"iss":\s*"(?:[\w.-]*[_.-])?(?:demo|example|sample)(?:[_.-][\w.-]*)?"/;

/** Whether JWT `value`'s claims name a loopback or documentation host, or a demo issuer. */
function isExampleToken(value: string): boolean {
  const payload = value.split('.')[1] ?? '';
  return EXAMPLE_CLAIMS.test(Buffer.from(payload, 'base64url').toString('utf8'));
}

// A command run in a container of this machine (`docker compose exec db psql`, `docker exec -it api`, `podman exec`), or
// given this machine as its host (`-h localhost`, `--host=127.0.0.1`).
const IN_LOCAL_CONTAINER =
  /\b(?:docker(?:\s+compose|-compose)?|podman(?:\s+compose|-compose)?)\s+(?:[^\n|;&]*\s)?exec\s/;
const HOST_OPTION = /(?:^|\s)(?:-h|--host)(?:=|\s+)["']?([^\s"']+)/g;

/** Whether the command line holding offset `start` of `text` runs on this machine, by the two signs above. */
function isLocalCommand(text: string, start: number): boolean {
  const line = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  const rest = text.slice(start, (text.indexOf('\n', start) + 1 || text.length + 1) - 1);
  if (IN_LOCAL_CONTAINER.test(line)) return true;
  return [...`${line}${rest}`.matchAll(HOST_OPTION)].some((match) => isLoopbackHost(match[1] ?? ''));
}

// An Airtable object's ID: a base (`app…`), table, field, view, record or workspace, three letters and 14 characters, the
// length of the legacy API key (`key…`) gitleaks' airtable-api-key rule takes any 17 characters after "airtable" for.
// The IDs are in every Airtable URL and open nothing without a token: set 157's restaurant-ai-mcp lists
// `AIRTABLE_BASE_ID=app…` and its `tbl…` table IDs under a masked `AIRTABLE_API_KEY=pat….***`.
const AIRTABLE_OBJECT_ID = /^(?:app|tbl|fld|viw|rec|sel|usr|wsp|ent|att|shr)[A-Za-z0-9]{14}$/;

/**
 * Whether a vendor-marked token is a key itself, not a variable's name and the value assigned to it: a weak mark
 * (`test_`, `api_`, `sk_` in any case) also starts names, and the token's characters run on over the `=`
 * (`TEST_OPERATOR_ID=1c6748d7-…`, a UUID in set 181's ald-control-system `.env` block), where a key's base64
 * padding stands only at its end. The value counts only when it holds a marked key of its own (`TEST_TOKEN=ghp_…`).
 */
function isMarkedKeyItself(value: string): boolean {
  const assigned = value.search(/=[^=]/);
  return assigned < 0 || findMarkedKeys(value.slice(assigned + 1)).length > 0;
}

// A file's name: a marked token that ends in a document's or source file's extension after a dot
// (`test_e20260110.docx.md`, set 225's attorney template naming a revised draft; `secret_memo_v2026.txt`). A key's body
// runs on over dots only in base64 parts (`sk.eyJ1…In0.Kq7V…`), never into a lower-case file extension.
const FILE_NAME_TAIL =
  /[^.]\.(?:md|mdx|markdown|txt|pdf|docx?|xlsx?|pptx?|odt|rtf|csv|tsv|jsonl?|ya?ml|toml|xml|html?|log|py|js|ts|tsx|jsx|sh|sql|png|jpe?g|gif|svg|zip)$/;

// A key that carries its host in base64 (Clerk's publishable key: `pk_test_` and its Frontend API host with a `$`) and
// names a documentation host there: a label `example` (`example.clerk.accounts.dev`, set 236's roasters-hub CI
// placeholder), a reserved test name (`.test`, `.invalid`, `.localhost`) or this machine. It opens nothing, as a JWT
// issued for such a host does not (EXAMPLE_CLAIMS).
const BASE64_PART = /^[A-Za-z0-9+/]{8,}={0,2}$/;
const HOST_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$|^localhost$/;

/** Whether a part of marked key `value` between its `_` separators is base64 of a documentation or loopback host. */
function encodesExampleHost(value: string): boolean {
  return value.split('_').some((part) => {
    if (!BASE64_PART.test(part)) return false;
    const host = Buffer.from(part, 'base64').toString('latin1').replace(/\$$/, '').toLowerCase();
    if (!HOST_NAME.test(host)) return false;
    const labels = host.split('.');
    return (
      labels.includes('example') || ['test', 'invalid', 'localhost'].includes(labels.at(-1)!) || isLoopbackHost(host)
    );
  });
}

/** Whether a password `value` is a real-looking one: 8+ characters mixing letters and digits, no stand-in word. */
function isStrongPassword(value: string): boolean {
  return value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value) && !STAND_IN.test(value);
}

/**
 * Returns whether the gate's finding `ruleId` over `value` (at `start` of `text`) is a definite
 * secret in a hand-written file, by the rules above; never throws.
 */
export function isDefiniteSecret(ruleId: string, value: string, text: string, start: number): boolean {
  if (SHAPE_RULES.has(ruleId) || ruleId.startsWith('generic') || ruleId.startsWith('curl-')) return false;
  if (ruleId === 'private-key')
    return KEY_BODY.test(value.replace(/-----[^-]+-----|\s+/g, (m) => (m.startsWith('-') ? ' ' : '')));
  if (ruleId === 'connection-string-password')
    return isStrongPassword(value) && !isLoopbackHost(hostAfterPassword(text, value, start));
  if (ruleId === 'command-line-password') return isStrongPassword(value) && !isLocalCommand(text, start);
  if (ruleId === 'call-argument-password') return isStrongPassword(value);
  if (ruleId === 'jwt') return !isExampleToken(value);
  if (ruleId === 'airtable-api-key') return !AIRTABLE_OBJECT_ID.test(value);
  if (ruleId === 'vendor-key-prefix')
    return !FILE_NAME_TAIL.test(value) && isMarkedKeyItself(value) && !encodesExampleHost(value);
  return true;
}
