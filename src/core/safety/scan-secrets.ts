/**
 * Secret scanner: gitleaks' maintained rule set for known credential formats (gitleaks-scan.ts),
 * a few formats of its own, and what a memory scanner needs beyond a code scanner: credentials in
 * URLs and `curl --user`, values named a credential in code, config or prose, and credentials
 * with no known format at all, judged by their shape (secret-shapes.ts). A finding is a rule id
 * and a span, never the value, so callers can log findings without leaking what they found.
 */
import { credentialCallPattern } from './credential-calls.js';
import { hintsOf } from './hint-finder.js';
import { findGitleaksSecrets, findMarkedKeys } from './gitleaks-scan.js';
import { foldForFactors, mayMatch, prefilterOf } from './prefilter/prefilter.js';
import { hostAfterPassword, isLoopbackHost } from './url-password-host.js';
import {
  isFillInInstruction,
  isHashLabelled,
  isGitHubNodeId,
  isHexIdentifier,
  isMaskOrTemplate,
  isPlaceholder,
  isWordlike,
  looksRandom,
  shannonEntropy,
  type RandomnessOptions,
} from './secret-shapes.js';

export type SecretFinding = {
  ruleId: string;
  /** UTF-16 offsets of the secret value in the scanned text. */
  start: number;
  end: number;
};

export type SecretScanOptions = {
  /** Shannon entropy (bits per char) an unlabelled token of minTokenLength characters must reach to count as a secret. */
  entropyBits?: number;
  /** The token length at which entropyBits applies; shorter tokens (down to half) need proportionally less. */
  minTokenLength?: number;
};

type PatternRule = {
  id: string;
  pattern: RegExp;
  /** Capture group holding the value; 0 = the whole match. */
  group?: number;
  /** Extra check on the value, for rules whose regex alone over-matches. */
  accept?: (value: string, text: string, start: number) => boolean;
};

// Note: documented example credentials (AWS docs, Stripe docs…) end in or contain "EXAMPLE"; they
// appear in READMEs and tests and are not secrets.
const isNotExample = (value: string): boolean => !/EXAMPLE/i.test(value);

const hasLetterAndDigit = (value: string): boolean => /[A-Za-z]/.test(value) && /\d/.test(value);

/** Hosts that exist for documentation (RFC 2606) or only on this machine. */
const EXAMPLE_HOST = /@(?:[\w-]+\.)*(?:example\.(?:com|org|net)|example|test|invalid)(?:[:/?#]|$)/i;

/**
 * True for a URL password that is its user name on a loopback host (`postgresql://cognee:cognee@localhost`,
 * `amqp://guest:guest@127.0.0.1`): the default a compose file or a README sets for a service on the
 * developer's own machine, which nobody else can reach and which guards nothing. Note: any other
 * password to a loopback host stays a secret: a tunnel to production listens on localhost too, and
 * people reuse real passwords (docs/gates.md).
 */
function isLoopbackDefault(password: string, text: string, start: number): boolean {
  const scheme = text.lastIndexOf('://', start);
  const user = scheme < 0 ? '' : text.slice(scheme + 3, start - 1);
  return user !== '' && user === password && isLoopbackHost(hostAfterPassword(text, password, start));
}

/** A password in a URL or `user:password` is a credential unless it is a template or a mask. */
function isRealPassword(value: string): boolean {
  // Note: a plain word is a password too ("redis://user:pass@host", "user:password@db"): people
  // use them. Only masks and templates stand for one.
  return value.length >= 1 && !isMaskOrTemplate(value);
}

/**
 * A URL password a documentation host (example.com, .test) clears: a word (`user:password@db.example.com`).
 * (An instruction such as `REPLACE_WITH_PASSWORD` is cleared on any host.) One with digits or symbols
 * (`s3cr3tP4ss`, `secretKey123`) is what a person typed: written beside an example host it is still
 * a password, which secretlint's connection-string rule reports whatever the host.
 */
function isDocumentationPassword(value: string): boolean {
  return /^[A-Za-z]+(?:[-_.][A-Za-z]+)*$/.test(value);
}

export const PATTERN_RULES: readonly PatternRule[] = [
  {
    id: 'private-key',
    pattern:
      /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  {
    id: 'aws-access-key-id',
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g,
    accept: isNotExample,
  },
  {
    id: 'aws-secret-access-key',
    pattern: /\baws_?secret(?:_?access)?_?key\b["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/dgi,
    group: 1,
    accept: isNotExample,
  },
  {
    id: 'github-token',
    pattern: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g,
    accept: (v) => !isPlaceholder(v),
  },
  {
    id: 'github-token',
    pattern: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g,
    accept: (v) => !isPlaceholder(v),
  },
  {
    id: 'gitlab-token',
    pattern: /\bgl(?:pat|ptt|dt|rt)-[A-Za-z0-9_-]{20,}/g,
    accept: (v) => !isPlaceholder(v),
  },
  {
    id: 'slack-webhook',
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{20,}/g,
    accept: (v) => !isPlaceholder(v),
  },
  {
    id: 'slack-token',
    pattern: /\bxox[baprso]-[A-Za-z0-9-]{10,}/g,
    accept: (v) => hasLetterAndDigit(v) && !isPlaceholder(v),
  },
  {
    id: 'stripe-key',
    pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/g,
    accept: (v) => isNotExample(v) && !isPlaceholder(v),
  },
  // gitleaks' gcp-service-account rule (rules/gcp.go at the vendored commit), which gitleaks keeps
  // out of its default config: a code scanner meets the line in every fixture and Terraform doc. A
  // team memory has no reason to carry a service-account key file, and its type line is the one
  // field every such file has; the private key itself is the private-key rule's.
  {
    id: 'gcp-service-account',
    pattern: /"type"\s*:\s*"service_account"/g,
  },
  { id: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  {
    id: 'anthropic-key',
    pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g,
    accept: (v) => !isPlaceholder(v),
  },
  {
    id: 'openai-key',
    pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g,
    accept: (value) => hasLetterAndDigit(value) && isNotExample(value) && !isPlaceholder(value),
  },
  { id: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, accept: (v) => !isPlaceholder(v) },
  {
    id: 'npm-token',
    // A code span's closing backtick ends the value (`…/_authToken=<TOKEN>`: a placeholder, not `<TOKEN>` and a tick).
    pattern: /_authToken\s*=\s*([^\s"'$`]{8,})/dg,
    group: 1,
    accept: (v) => !isPlaceholder(v),
  },
  { id: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  // Any scheme: redis://user:pass@host, https://:token@host, amqp://…, sqlserver://sa:P%40ss@….
  {
    id: 'connection-string-password',
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@"'`<>]*:([^\s@/"'`<>]+)@[^\s"'`<>]+/dgi,
    group: 1,
    accept: (value, text, start) =>
      isRealPassword(value) &&
      !isFillInInstruction(value) &&
      !(
        EXAMPLE_HOST.test(text.slice(start + value.length, start + value.length + 80)) && isDocumentationPassword(value)
      ) &&
      !isLoopbackDefault(value, text, start),
  },
  // curl --user name:password, curl -u 'name:password', wget --password=…, --proxy-user.
  {
    id: 'command-line-password',
    // Note: bounded, so a long line of URLs is not scanned to its end from every "http".
    pattern:
      /\b(?:curl|wget|http|httpie|xh)\b[^\n]{0,300}?\s(?:-u|--user|--proxy-user|--http-user)(?:=|\s+)["']?[^\s"':]*:([^\s"']+)/dg,
    group: 1,
    accept: isRealPassword,
  },
  {
    id: 'command-line-password',
    pattern: /\s--(?:http-)?password(?:=|\s+)["']?([^\s"']{4,})/dg,
    group: 1,
    accept: isRealPassword,
  },
  // A password written as the argument of a call that takes one there (credential-calls.ts).
  ...([1, 2] as const).map((position): PatternRule => ({
    id: 'call-argument-password',
    pattern: credentialCallPattern(position),
    group: 2,
    accept: (value) => isRealPassword(value) && !isPlaceholder(value),
  })),
];

// A key name that says "this holds a credential".
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|(?:app|access|auth|master|signing|encryption|license|private|client)[_-]?key|credentials?|creds|private[_-]?key)[A-Za-z0-9_]*`;
export const ASSIGNMENT = new RegExp(
  String.raw`\b(${SECRET_NAME})["']?\s*(?::=|=>|=|:)\s*(["'\x60]?)([^\s"'\x60,;)]{6,})\2`,
  'dgi',
);

// The same written as two fields, the name in one and the value in the next: NuGet's `<add
// key="ClearTextPassword" value="…" />`, a Kubernetes `- name: DB_PASSWORD` / `value: …`, a JSON
// `{"name": "api_key", "value": "…"}`. Groups as ASSIGNMENT's, so both are judged alike.
export const FIELD_PAIR_ASSIGNMENT = new RegExp(
  String.raw`\b(?:key|name)["']?\s*[=:]\s*["']?(${SECRET_NAME})["']?\s*,?\s+["']?(?:value|val)["']?\s*[=:]\s*(["'\x60]?)([^\s"'\x60,;)]{6,})\2`,
  'dgi',
);

// The same in a two-column listing (`pulumi config --show-secrets`, `env | column -t`): the key
// name, blanks, the value. Note: prompt cleaning collapses runs of blanks before session memory
// is redacted, so one blank must do; long values mixing letters and digits only.
export const COLUMN_ASSIGNMENT = new RegExp(
  String.raw`\b(${SECRET_NAME})[ \t]+(["'\x60]?)([^\s"'\x60,;)]{16,})\2`,
  'dgi',
);

// The same in prose: "the admin password for local dev is Tr0ub4dor&3…", "my token is: ghx…",
// "use the API key 8f3c… for staging", "Bearer eyJ…".
export const PROSE_ASSIGNMENT = new RegExp(
  String.raw`\b(password|passwd|passphrase|pwd|secret|token|api[\s_-]?key|access[\s_-]?key|client[\s_-]?secret|credentials?|bearer)(?:\s+(?:for|of|on|to|in)\s+[\w\s.-]{1,40}?)?(?:\s+(?:is|was|=|:)\s*:?|\s*[:=])\s+(["'\x60]?)([^\s"'\x60]{6,})\2`,
  'dgi',
);
export const LABEL_THEN_VALUE =
  /\b(?:(?:api|access|secret|private|signing|master|client)[\s_-]?keys?|apikey|tokens?|secrets?|passwords?|passphrase|credentials?|bearer)\s+(["'\x60]?)([^\s"'\x60]{8,})\1/dgi;

/** A path or file name ("~/.config/gh/hosts.yml", ".env.local") says where a secret is, not what it is. */
/** A number under a name that counts or times something ("input_tokens": 20238, TOKEN_TTL=3600). */
function isCountOf(name: string, value: string): boolean {
  return (
    /^\d{1,9}$/.test(value) &&
    /(?:s|count|ttl|seconds|secs|ms|size|limit|max|min|timeout|length|expiry|expires|age)$/i.test(
      name.replace(/["']/g, ''),
    )
  );
}

function isPathLike(value: string): boolean {
  // An npm package name (@scope/name) says which library, not which secret.
  if (/^@[\w.-]+\/[\w.-]+$/.test(value)) return true;
  return (
    /^(?:~|\.{0,2}\/|\.)[\w./-]*$/.test(value) ||
    (value.includes('/') &&
      value
        .split('/')
        .every((part) => part === '' || (/^[\w.-]*[A-Za-z][\w.-]*$/.test(part) && !/\d.*[A-Z]|[A-Z].*\d/.test(part))))
  );
}

/** Values in a credential's place that hold a reference, a type or a placeholder instead. */
function isReferenceOrType(value: string): boolean {
  const v = value.toLowerCase();
  if (isPlaceholder(value) || value.startsWith('%')) return true;
  if (
    /^(?:string|number|boolean|null|undefined|none|true|false|optional|required|str|int|bytes|any|unknown|redacted|changeme|placeholder|example|dummy|test|secret|password|pass|token)$/.test(
      v,
    )
  )
    return true;
  // process.env.X, os.environ["X"], config.apiKey, getToken(), [REDACTED:…]
  if (
    /^(?:process\.env|os\.environ|env\.|import\.meta|config\.|settings\.|self\.|this\.|secrets\.|vault:)/i.test(value)
  )
    return true;
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value) || /[()[\]{}]/.test(value)) return true;
  return value.startsWith('[REDACTED');
}

/** A named credential's value is a secret when it looks like one, not like code or a word. */
function isSecretLikeValue(value: string): boolean {
  if (isReferenceOrType(value) || !isNotExample(value) || isPathLike(value)) return false;
  // A credential's id mapped to the file that holds it (systemd's `LoadCredential=db_password:/etc/app/creds/db_password`)
  // says where the secret is, not what it is.
  if (/^[\w.-]+:(?=[~/.])/.test(value) && isPathLike(value.slice(value.indexOf(':') + 1))) return false;
  // An e-mail address or a URL without credentials (those have their own rule) is not a secret.
  if (/^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(value) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  // A plain word or identifier (mySecret, camelCase) is a name, not a credential.
  if (/^[A-Za-z_-]+$/.test(value)) return false;
  return /\d/.test(value) || /[^A-Za-z0-9]/.test(value);
}

/** A name that ends in what it holds: a credential (`DB_PASSWORD`, `apiKey`, `client_secret`), not `token_type`. */
const CREDENTIAL_NAME_END =
  /(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|(?:access|secret|private|auth|master|signing)[_-]?key)["']?$/i;

/**
 * A word in a credential's place that says how it is given, not what it is (`auth_token: "bearer"`).
 * Note: detect-secrets' KeywordDetector keeps a list like it (FALSE_POSITIVES) for the same reason.
 */
const NOT_A_CREDENTIAL_WORD =
  /^(?:bearer|basic|digest|oauth2?|jwt|hidden|masked|required|optional|disabled?|enabled?|prompt|keychain|keyring|vault|secrets?manager|environment|env|default|generated|random|empty|missing|unset|invalid|expired|revoked|sensitive|confidential|notset|nopasswd|password_hash)$/i;

/**
 * true for a letters-only value written as a literal in a credential's place: quoted (`password =
 * "hunter"`, `api_key: 'qwertyuiop'`), or a shell or .env assignment (`PGPASSWORD=letmein`), whose
 * value is never a variable. A quoted or assigned word is what a person typed as the password, so
 * it is one (detect-secrets' KeywordDetector flags these; gitleaks' generic rule wants entropy).
 * Identifiers in a literal stay names: `"GITHUB_TOKEN"` names an environment variable, `"apiKey"`
 * a field.
 */
function isTypedWordCredential(name: string, value: string, quoted: boolean, envStyle: boolean): boolean {
  if (!(quoted || envStyle) || !CREDENTIAL_NAME_END.test(name)) return false;
  // Note: 8 letters at least, the shortest password NIST SP 800-63B lets a service accept; shorter
  // words there are mostly a local service's stand-in (`LLM_API_KEY="ollama"`, `DB_PASSWORD=cognee`).
  if (value.length < 8 || !/^[A-Za-z]+$/.test(value) || isReferenceOrType(value) || NOT_A_CREDENTIAL_WORD.test(value))
    return false;
  // A password that repeats what it guards is that service's documented default (`POSTGRES_PASSWORD=postgres`).
  if (name.toLowerCase().includes(value.toLowerCase())) return false;
  // An upper-case word names a variable or a constant; a camelCase one a field.
  return !/^[A-Z]+$/.test(value) && !/^[a-z]+[A-Z]/.test(value);
}

/** A value a credential word names: generated-looking, even a hex key or a UUID. */
function isNamedValueSecret(value: string): boolean {
  if (isReferenceOrType(value) || isPathLike(value) || !isNotExample(value) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    return false;
  if (/^[A-Za-z]+(?:[-_][A-Za-z]+)*$/.test(value) || /^\d+$/.test(value)) return false;
  if (isHexIdentifier(value)) return value.length >= 16;
  return hasLetterAndDigit(value) && shannonEntropy(value) >= 3;
}

// Bare values: tokens separated by blanks, quotes, brackets and list punctuation; `KEY=value` and
// `name:value` are split so the value is judged alone.
const TOKEN = /[^\s"'`()[\]{}<>,;|\\]+/g;

// A share or campaign parameter (YouTube's `si=`, `utm_*`, `fbclid`) marks who shared a link or
// clicked it: it opens nothing a stranger could not.
const TRACKING_PARAMETER = /^(?:si|utm_\w+|fbclid|gclid|igshid|mc_eid|feature|ref_src|ref)$/;

/** The pieces of `raw` (one blank-separated chunk) worth judging, with their offsets. */
function* tokenPieces(raw: string, at: number): Generator<{ token: string; start: number }> {
  // A value cut short ("EpUICkYI…", "sk-abc..."): shown in part, as an example.
  if (raw.includes('...') || raw.includes('…')) return;
  const lead = /^[^A-Za-z0-9]+/.exec(raw)?.[0].length ?? 0;
  const core = raw.slice(lead).replace(/[.:!?*]+$/, '');
  if (core.includes('://')) {
    // A URL: its host, path and query values are judged one by one (webhook and capability
    // URLs carry their key in the path, many APIs in the query).
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.exec(core);
    let offset = at + lead + (url?.[0].length ?? 0);
    let previous = '';
    let separator = '';
    for (const piece of core.slice(url?.[0].length ?? 0).split(/([/?&=#@:]+)/)) {
      if (/^[/?&=#@:]+$/.test(piece)) separator = piece;
      else {
        if (!(separator.endsWith('=') && TRACKING_PARAMETER.test(previous))) yield { token: piece, start: offset };
        previous = piece;
      }
      offset += piece.length;
    }
    return;
  }
  let offset = at + lead;
  for (const piece of core.split(/(?<=[A-Za-z0-9_])[=:](?=[^=])/)) {
    const trimmed = piece.replace(/^[=:]+/, '');
    yield { token: trimmed, start: offset + (piece.length - trimmed.length) };
    offset += piece.length + 1;
  }
}

/** git's own listings (`ls-remote`, `show-ref`, `for-each-ref`) put a ref name after each object id. */
function isGitRefListing(text: string, end: number): boolean {
  return /^[ \t]+(?:refs\/|HEAD\b)/.test(text.slice(end, end + 12));
}

/**
 * Hex in one case, possibly in dash- or dot-separated groups, that is no UUID: 32 or more digits
 * handed to a client are a key. A git object id (40 digits) or a digest is named one
 * (isHashLabelled) or listed with its ref (isGitRefListing); an unnamed one is read as a key, as
 * scanners' keyword-anchored rules read a vendor's 40-digit hex keys (Meraki, Klipfolio, Zenrows).
 */
function isHexKey(token: string): boolean {
  // A UUID is a key by the same reasoning: many vendors issue UUIDs as API keys and secrets, and
  // one handed to a client with no label saying it is an id is read as one (a labelled one is
  // left alone by the caller). The nil UUID and runs of one digit are placeholders.
  if (UUID_SHAPE.test(token)) return !/^[0-]+$|^(.)\1{7}-\1{4}-/i.test(token);
  // A key with a short tag after it: the data centre of a Mailchimp key (…-us5).
  const tagged = /^([0-9a-f]{32,}|[0-9A-F]{32,})[-_][a-z]{1,4}\d{0,3}$/.exec(token);
  if (tagged) return tagged[1]!.length !== 40;
  if (!/^(?:[0-9a-f]+(?:[-.][0-9a-f]+)*|[0-9A-F]+(?:[-.][0-9A-F]+)*)$/.test(token) || isHexIdentifier(token))
    return (
      isHexIdentifier(token) &&
      /^[0-9a-f]+$|^[0-9A-F]+$/.test(token) &&
      // 24 to 31 digits is no digest's length (a short SHA is 7 to 12): a vendor's key (Kucoin,
      // Plaid, Sendbird) or a database id, which a label names (`id`, `object`, `_id`).
      (token.length >= 32 || (token.length >= 24 && /[a-f]/i.test(token) && /\d/.test(token)))
    );
  const digits = token.replace(/[-.]/g, '').length;
  return digits >= 32 && /[a-f]/i.test(token) && /\d/.test(token);
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A public IPv4 address (detect-secrets' ip_public): in a team's memory it names a machine
 * reachable from the internet, which a shared file should point to by name. Private, loopback,
 * link-local, shared (CGNAT), documentation, multicast and reserved ranges are not public; a
 * dotted version with more parts (1.2.3.4.5) is no address.
 */
const PUBLIC_RESOLVERS = new Set([
  '8.8.8.8',
  '8.8.4.4',
  '1.1.1.1',
  '1.0.0.1',
  '9.9.9.9',
  '149.112.112.112',
  '208.67.222.222',
  '208.67.220.220',
]);

function isPublicIpv4(token: string, text: string, start: number): boolean {
  const address = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::\d{1,5})?$/.exec(token);
  if (address === null || /[\w.]$/.test(text.slice(Math.max(0, start - 1), start))) return false;
  // A version named as one ("VERSION stays 4-digit (e.g. `1.67.0.0`)") is no address.
  if (/\bversions?\b/i.test(text.slice(Math.max(0, start - 60), start))) return false;
  const [a, b, c] = address.slice(1, 5).map(Number) as [number, number, number, number];
  if (address.slice(1, 5).some((octet) => Number(octet) > 255)) return false;
  // The public DNS resolvers everyone names (Google, Cloudflare, Quad9, OpenDNS) point at no one's machine.
  if (PUBLIC_RESOLVERS.has(address.slice(1, 5).map(Number).join('.'))) return false;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  )
    return false;
  return !(
    (a === 192 && b === 0 && c === 2) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/**
 * A host name whose first label is a generated id (`4f2a9c.api-vendor.com`): an account's own
 * endpoint, which scanners treat as a credential. Words, numbers and short labels are not.
 */
function isAccountHost(token: string): boolean {
  const host = /^([A-Za-z0-9]{6,32})\.(?:[a-z0-9-]+\.)+[a-z]{2,}$/.exec(token);
  if (host === null) return false;
  const label = host[1]!;
  let changes = 0;
  for (let i = 1; i < label.length; i++)
    if (/\d/.test(label[i]!) !== /\d/.test(label[i - 1]!) || /[A-Z]/.test(label[i]!) !== /[A-Z]/.test(label[i - 1]!))
      changes++;
  return changes >= 4 && /\d/.test(label) && /[A-Za-z]/.test(label);
}

// The shape of prefixed API tokens whatever the vendor: a short lower-case prefix, maybe a type,
// then an opaque body (`shippo_live_…`, `pscale_pw_…`, `glsa_…`, `tskey-api-…`).
export const PREFIXED_TOKEN =
  /(?<![A-Za-z0-9])(?!sha\d|md5|SHA\d|MD5)([A-Za-z][A-Za-z0-9]{1,11}[-_](?:[a-z]{2,10}[-_])?)([A-Za-z0-9]{8,}(?:[-_][A-Za-z0-9]{8,})*)(?![\w-])/dg;

/** true when `body` (after a prefix) is opaque: 20+ characters, none of its parts a word. */
function isOpaqueBody(body: string): boolean {
  if (isPlaceholder(body)) return false;
  // A vendor prefix makes hex a typed key, not a digest: 16 digits will do.
  if (/^(?:[0-9a-f]+|[0-9A-F]+)$/.test(body)) return body.length >= 16 && /[a-f]/i.test(body) && /\d/.test(body);
  if (body.length < 20 || isHexIdentifier(body)) return false;
  const parts = body.split(/[-_]/);
  return parts.every((part) => !isWordlike(part) && !/^\d+$/.test(part) && !/^[a-z]+$/.test(part));
}

/** Claude/Anthropic message and tool-call ids fill every transcript and name nothing secret. */
const HARNESS_ID = /^(?:toolu|srvtoolu|msg|req)_/;

// A password as people type them: letters, digits and symbols mixed, no word, no code.
const PASSWORD_CHUNK = /[^\s"'`,]+/g;
function isRandomPassword(chunk: string): boolean {
  const value = chunk.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^[*_([{]+|[*_)\]}.,:;!?]+$/g, '');
  // Note: the shape a password needs is checked first: most chunks of prose lack it, and the
  // patterns below are then never compiled (their first use was a millisecond of a short scan).
  if (value.length < 8 || value.length > 64 || !/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/\d/.test(value))
    return false;
  // Note: '+', '/' and '=' alone make base64, not a typed password.
  if (!/[!#$%&*;<>?@^|~'}{]/.test(value)) return false;
  // Regular expressions: classes, groups, escapes, counted repeats.
  // A template or variable reference is one inside brackets too (jq's `[$B28[].n`).
  if (
    /\[[^\]]*-[^\]]*\]|\[[A-Za-z0-9]-|\(\?|\\[dDwWsSbBpP]|\{\d+,?\d*\}?|^\^|\$$/.test(value) ||
    isPlaceholder(chunk) ||
    isPlaceholder(value)
  )
    return false;
  if (/^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(value) || /^sha\d+-/i.test(value)) return false;
  // Code and markup: calls, arrows, scope, template syntax.
  if (/=>|->|::|\$\{|\(\)|&&|\|\||<\/?[a-z]+>/.test(value)) return false;
  const words = value.split(/[^A-Za-z]+/).filter((w) => w.length >= 4 && /^[A-Z]?[a-z]+$/.test(w));
  if (words.length > 0) return false;
  let changes = 0;
  for (let i = 1; i < value.length; i++) {
    const kind = (c: string) => (/[a-z]/.test(c) ? 1 : /[A-Z]/.test(c) ? 2 : /\d/.test(c) ? 3 : 4);
    if (kind(value[i - 1]!) !== kind(value[i]!)) changes++;
  }
  return changes >= value.length * 0.4;
}

const DEFAULTS: RandomnessOptions = { entropyBits: 4.0, minTokenLength: 24 };

/** Returns every secret found in `text`, ordered by position and without overlaps; never throws. */
export function findSecrets(text: string, options: SecretScanOptions = {}): SecretFinding[] {
  if (text.trim() === '') return [];
  const settings: RandomnessOptions = {
    entropyBits: options.entropyBits ?? DEFAULTS.entropyBits,
    minTokenLength: options.minTokenLength ?? DEFAULTS.minTokenLength,
  };
  const findings: SecretFinding[] = [];
  const add = (ruleId: string, start: number, value: string) =>
    findings.push({ ruleId, start, end: start + value.length });
  // Note: a rule runs (and its pattern is compiled) only for a text holding its required factors
  // (prefilter/prefilter.ts); hintsOf answers most of the ~100 clauses without searching the text.
  const held = hintsOf(foldForFactors(text));
  const may = (pattern: RegExp) => mayMatch(prefilterOf(pattern), held);
  for (const rule of PATTERN_RULES) {
    if (!may(rule.pattern)) continue;
    for (const match of text.matchAll(rule.pattern)) {
      const group = rule.group ?? 0;
      const value = match[group];
      if (value === undefined || match.index === undefined) continue;
      const start = match.indices?.[group]?.[0] ?? match.index;
      if (rule.accept && !rule.accept(value, text, start)) continue;
      add(rule.id, start, value);
    }
  }
  // gitleaks' format rules, then the named-value rules, then gitleaks' generic rule: on an
  // overlap the first-listed rule names the finding.
  const gitleaks = findGitleaksSecrets(text, held).filter(
    (finding) => !isPlaceholder(text.slice(finding.start, finding.end)),
  );
  findings.push(...gitleaks.filter((finding) => !finding.ruleId.startsWith('generic')));
  findings.push(...findMarkedKeys(text, held));
  const assignments = [ASSIGNMENT, FIELD_PAIR_ASSIGNMENT].filter(may).flatMap((pattern) => [...text.matchAll(pattern)]);
  for (const match of assignments) {
    // A sentence's full stop is not part of the value ("DB_PASSWORD=cognee." is the word cognee).
    const value = match[3]?.replace(/[.,:!?]+$/, '');
    if (value === undefined || value.length < 6 || match.index === undefined || isCountOf(match[1]!, value)) continue;
    // `NAME=value` with nothing around the `=` and a name in capitals: a shell or .env assignment.
    const envStyle = /^[A-Z][A-Z0-9_]*=$/.test(
      match[0].slice(0, match[0].length - match[3]!.length - match[2]!.length),
    );
    if (!isSecretLikeValue(value) && !isTypedWordCredential(match[1]!, value, match[2] !== '', envStyle)) continue;
    add('generic-secret-assignment', match.indices?.[3]?.[0] ?? match.index + match[0].lastIndexOf(value), value);
  }
  for (const match of may(COLUMN_ASSIGNMENT) ? text.matchAll(COLUMN_ASSIGNMENT) : []) {
    const value = match[3];
    if (
      value === undefined ||
      match.index === undefined ||
      !hasLetterAndDigit(value) ||
      isPathLike(value) ||
      !isSecretLikeValue(value)
    )
      continue;
    add('generic-secret-assignment', match.indices?.[3]?.[0] ?? match.index + match[0].lastIndexOf(value), value);
  }
  findings.push(...gitleaks.filter((finding) => finding.ruleId.startsWith('generic')));
  // Note: most chunks of prose are short words; only chunks long enough to hold a judged token
  // are split and judged (this loop is most of the scanner's time on long text).
  const shortest = Math.max(8, Math.ceil(settings.minTokenLength / 2));
  for (const { 0: raw, index } of text.matchAll(TOKEN)) {
    // Note: an IPv4 address (7+ characters, starting with a digit) is the one shorter token judged.
    if (raw.length < shortest && (raw.length < 7 || raw.charCodeAt(0) > 57 || raw.charCodeAt(0) < 48)) continue;
    for (const { token, start } of tokenPieces(raw, index)) {
      if (HARNESS_ID.test(token)) continue;
      if (looksRandom(token, settings)) add('high-entropy-token', start, token);
      // Hex in one case is a digest or a git SHA only when it has a digest's length or a label
      // says so; a bare 32- or 64-digit hex value handed to a client is a key.
      else if (
        isHexKey(token) &&
        !isHashLabelled(text.slice(Math.max(0, start - 60), start)) &&
        !isGitRefListing(text, start + token.length)
      )
        add('hex-key', start, token);
      else if (isAccountHost(token)) add('account-host', start, token);
      else if (isPublicIpv4(token, text, start)) add('ip-public', start, token);
    }
  }
  for (const match of may(PREFIXED_TOKEN) ? text.matchAll(PREFIXED_TOKEN) : []) {
    const body = match[2]!;
    const start = match.indices?.[2]?.[0];
    if (start !== undefined && !HARNESS_ID.test(match[0]) && !isGitHubNodeId(match[0]) && isOpaqueBody(body))
      add('prefixed-token', match.index, match[0]);
  }
  // After the entropy rule: a long token in prose keeps its more telling rule id.
  for (const pattern of [PROSE_ASSIGNMENT, LABEL_THEN_VALUE].filter(may)) {
    for (const match of text.matchAll(pattern)) {
      const group = match.length - 1;
      const value = match[group]?.replace(/[.,;:!?)\]]+$/, '');
      if (value === undefined || value.length < 6 || match.index === undefined || !isNamedValueSecret(value)) continue;
      add('generic-secret-assignment', match.indices?.[group]?.[0] ?? match.index + match[0].lastIndexOf(value), value);
    }
  }
  for (const { 0: chunk, index } of text.matchAll(PASSWORD_CHUNK)) {
    if (chunk.length >= 8 && isRandomPassword(chunk)) add('password-like-token', index, chunk);
  }
  return dropOverlaps(findings);
}

/** Keeps the first-listed (most specific) rule when findings overlap; generic rules come last. */
function dropOverlaps(findings: SecretFinding[]): SecretFinding[] {
  const kept: SecretFinding[] = [];
  for (const finding of findings) {
    const clash = kept.findIndex((k) => finding.start < k.end && k.start < finding.end);
    if (clash === -1) {
      kept.push(finding);
      continue;
    }
    const other = kept[clash]!;
    // A wider span from a specific rule swallows a narrower generic one (and vice versa keeps both ends covered).
    if (finding.end - finding.start > other.end - other.start && other.ruleId === 'high-entropy-token')
      kept[clash] = finding;
    else
      kept[clash] = {
        ruleId: other.ruleId,
        start: Math.min(other.start, finding.start),
        end: Math.max(other.end, finding.end),
      };
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Returns `text` with each secret replaced by `[REDACTED:<ruleId>]`; never throws. */
export function redactSecrets(text: string, options: SecretScanOptions = {}): string {
  const findings = findSecrets(text, options);
  let out = '';
  let cursor = 0;
  for (const finding of findings) {
    out += text.slice(cursor, finding.start) + `[REDACTED:${finding.ruleId}]`;
    cursor = finding.end;
  }
  return out + text.slice(cursor);
}
