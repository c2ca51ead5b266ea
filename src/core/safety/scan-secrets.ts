/**
 * Secret scanner: gitleaks-class rules for well-known credential formats, generic
 * `password=…`-style assignments (also in prose: "the password is …"), and high-entropy tokens. A finding is a rule id and a span,
 * never the value, so callers can log findings without leaking what they found.
 */

export type SecretFinding = {
  ruleId: string;
  /** UTF-16 offsets of the secret value in the scanned text. */
  start: number;
  end: number;
};

export type SecretScanOptions = {
  /** Shannon entropy (bits per char) above which an unknown long token counts as a secret. */
  entropyBits?: number;
  /** Shortest token the entropy rule looks at. */
  minTokenLength?: number;
};

type PatternRule = {
  id: string;
  pattern: RegExp;
  /** Capture group holding the value; 0 = the whole match. */
  group?: number;
  /** Extra check on the value, for rules whose regex alone over-matches. */
  accept?: (value: string) => boolean;
};

// Note: documented example credentials (AWS docs, Stripe docs…) contain "EXAMPLE"; they appear in
// READMEs and tests and are not secrets.
const isNotExample = (value: string): boolean => !/EXAMPLE/i.test(value);

const hasLetterAndDigit = (value: string): boolean => /[A-Za-z]/.test(value) && /\d/.test(value);

const PATTERN_RULES: readonly PatternRule[] = [
  { id: 'private-key', pattern: /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|$)/g },
  { id: 'aws-access-key-id', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g, accept: isNotExample },
  {
    id: 'aws-secret-access-key',
    pattern: /\baws_?secret(?:_?access)?_?key\b["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/dgi,
    group: 1,
    accept: isNotExample,
  },
  { id: 'github-token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g },
  { id: 'github-token', pattern: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g },
  { id: 'gitlab-token', pattern: /\bgl(?:pat|ptt|dt|rt)-[A-Za-z0-9_-]{20,}/g },
  { id: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{20,}/g },
  { id: 'slack-token', pattern: /\bxox[baprs]-[A-Za-z0-9-]{10,}/g, accept: hasLetterAndDigit },
  { id: 'stripe-key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/g, accept: isNotExample },
  { id: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { id: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  {
    id: 'openai-key',
    pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g,
    accept: (value) => hasLetterAndDigit(value) && isNotExample(value),
  },
  { id: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { id: 'npm-token', pattern: /_authToken\s*=\s*([^\s"'$]{16,})/dg, group: 1 },
  { id: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    id: 'connection-string-password',
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@"'`]+:([^\s@/"'`]+)@[^\s"'`]+/dgi,
    group: 1,
    accept: (value) => !isPlaceholder(value),
  },
];

// A key name that says "this holds a credential".
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|(?:app|access|auth|master|signing|encryption|license)[_-]?key|credentials?|private[_-]?key)[A-Za-z0-9_]*`;
const ASSIGNMENT = new RegExp(String.raw`\b(${SECRET_NAME})["']?\s*(?::=|=>|=|:)\s*(["'\x60]?)([^\s"'\x60,;)]{6,})\2`, 'dgi');

// The same in a two-column listing (`pulumi config --show-secrets`, `env | column -t`): the key
// name, blanks, the value. Note: prompt cleaning collapses runs of blanks before session memory
// is redacted, so one blank must do; long values mixing letters and digits only.
const COLUMN_ASSIGNMENT = new RegExp(String.raw`\b(${SECRET_NAME})[ \t]+(["'\x60]?)([^\s"'\x60,;)]{16,})\2`, 'dgi');

// The same in prose: "the admin password for local dev is Tr0ub4dor&3…", "my token is: ghx…".
const PROSE_ASSIGNMENT = new RegExp(
  String.raw`\b(password|passwd|passphrase|pwd|secret|token|api[\s_-]?key|access[\s_-]?key)(?:\s+(?:for|of|on|to|in)\s+[\w\s.-]{1,40}?)?\s+(?:is|was|=|:)\s*:?\s+(["'\x60]?)([^\s"'\x60]{6,})\2`,
  'dgi',
);

/** A path or file name ("~/.config/gh/hosts.yml", ".env.local") says where a secret is, not what it is. */
function isPathLike(value: string): boolean {
  return /^(?:~|\.{0,2}\/|\.)[\w./-]*$/.test(value) || (value.includes('/') && value.split('/').every((part) => part === '' || /^[\w.-]*[A-Za-z][\w.-]*$/.test(part) && !/\d.*[A-Z]|[A-Z].*\d/.test(part)));
}

/** Values that only look like a secret position but hold a reference, a type or a placeholder. */
function isPlaceholder(value: string): boolean {
  const v = value.toLowerCase();
  if (/^\$\{?[a-z_][a-z0-9_]*\}?$/i.test(value) || value.startsWith('${') || value.startsWith('$(') || value.startsWith('%')) return true;
  if (/^<[^>]*>?$/.test(value) || /^\{\{.*\}\}$/.test(value) || /^\*+$/.test(value) || /^x{3,}$/i.test(value) || value.includes('…') || value.includes('...')) return true;
  if (/^(?:string|number|boolean|null|undefined|none|true|false|optional|required|str|int|bytes|any|unknown|redacted|changeme|placeholder|example|dummy|test|secret|password|pass|token)$/.test(v)) return true;
  if (/^(?:your|my|some|insert|replace|enter)[_-]/.test(v)) return true;
  return false;
}

/** A generic assignment value is a secret only when it looks like one, not like code. */
function isSecretLikeValue(value: string): boolean {
  if (isPlaceholder(value) || !isNotExample(value)) return false;
  // References and calls: process.env.X, os.environ["X"], config.apiKey, getToken(), [REDACTED:…]
  if (/^(?:process\.env|os\.environ|env\.|import\.meta|config\.|settings\.|self\.|this\.|secrets\.|vault:)/i.test(value)) return false;
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value) || /[()[\]{}]/.test(value)) return false;
  if (value.startsWith('[REDACTED')) return false;
  // A plain word or identifier (mySecret, camelCase) is a name, not a credential.
  if (/^[A-Za-z_-]+$/.test(value)) return false;
  return /\d/.test(value) || /[^A-Za-z0-9]/.test(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /[A-Za-z0-9+/_-]+={0,2}/g;

/** Returns the Shannon entropy of `text` in bits per character (0 for the empty string). */
function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** true when a base64 token decodes to ordinary printable text (encoded prose is not a secret). */
function isBase64OfText(token: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token) || token.length % 4 !== 0) return false;
  let decoded: string;
  try {
    decoded = atob(token);
  } catch {
    return false;
  }
  if (decoded.length === 0) return false;
  let printable = 0;
  for (const ch of decoded) if (/[\x20-\x7e\n\t]/.test(ch)) printable++;
  return printable / decoded.length > 0.95 && /[a-z]{3,}/i.test(decoded) && / /.test(decoded);
}

function isHighEntropySecret(token: string, before: string, options: Required<SecretScanOptions>): boolean {
  if (token.length < options.minTokenLength) return false;
  // Hex (git SHAs, sha256 digests, colours) and UUIDs are identifiers, not credentials.
  if (/^[0-9a-f-]+$/i.test(token) || UUID.test(token)) return false;
  // Lockfile integrity hashes: sha512-<base64>.
  if (/^sha(?:1|256|384|512)-/i.test(token) || /sha(?:1|256|384|512)-$/i.test(before)) return false;
  // Paths and dotted names: every segment reads like a word.
  if (token.includes('/') && token.split('/').every((part) => part === '' || /^[A-Za-z][a-z0-9._-]*$/.test(part))) return false;
  if (/^[a-z]+(?:[-_][a-z0-9]+)+$/.test(token)) return false;
  // Claude/Anthropic message and tool-call ids fill every transcript and name nothing secret.
  if (/^(?:toolu|srvtoolu|msg|req)_/.test(token)) return false;
  if (!/\d/.test(token) || !/[A-Za-z]/.test(token)) return false;
  if (!/[A-Z]/.test(token) || !/[a-z]/.test(token)) return false;
  if (isBase64OfText(token) || !isNotExample(token)) return false;
  return shannonEntropy(token) >= options.entropyBits;
}

const DEFAULTS: Required<SecretScanOptions> = { entropyBits: 4.0, minTokenLength: 24 };

/** Returns every secret found in `text`, ordered by position and without overlaps; never throws. */
export function findSecrets(text: string, options: SecretScanOptions = {}): SecretFinding[] {
  const settings: Required<SecretScanOptions> = {
    entropyBits: options.entropyBits ?? DEFAULTS.entropyBits,
    minTokenLength: options.minTokenLength ?? DEFAULTS.minTokenLength,
  };
  const findings: SecretFinding[] = [];
  for (const rule of PATTERN_RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const group = rule.group ?? 0;
      const value = match[group];
      if (value === undefined || match.index === undefined) continue;
      if (rule.accept && !rule.accept(value)) continue;
      const start = match.indices?.[group]?.[0] ?? match.index;
      findings.push({ ruleId: rule.id, start, end: start + value.length });
    }
  }
  for (const match of text.matchAll(ASSIGNMENT)) {
    const value = match[3];
    if (value === undefined || match.index === undefined || !isSecretLikeValue(value)) continue;
    const start = match.indices?.[3]?.[0] ?? match.index + match[0].lastIndexOf(value);
    findings.push({ ruleId: 'generic-secret-assignment', start, end: start + value.length });
  }
  for (const match of text.matchAll(COLUMN_ASSIGNMENT)) {
    const value = match[3];
    if (value === undefined || match.index === undefined || !/\d/.test(value) || !/[A-Za-z]/.test(value) || isPathLike(value) || !isSecretLikeValue(value)) continue;
    const start = match.indices?.[3]?.[0] ?? match.index + match[0].lastIndexOf(value);
    findings.push({ ruleId: 'generic-secret-assignment', start, end: start + value.length });
  }
  for (const match of text.matchAll(TOKEN)) {
    if (match.index === undefined) continue;
    const token = match[0].replace(/^[-_]+|[-_]+$/g, '');
    const start = match.index + match[0].indexOf(token);
    if (isHighEntropySecret(token, text.slice(Math.max(0, start - 8), start), settings)) {
      findings.push({ ruleId: 'high-entropy-token', start, end: start + token.length });
    }
  }
  // After the entropy rule: a long token in prose keeps its more telling rule id.
  for (const match of text.matchAll(PROSE_ASSIGNMENT)) {
    const value = match[3]?.replace(/[.,;:!?)\]]+$/, '');
    if (value === undefined || value.length < 6 || match.index === undefined || isPathLike(value) || !isSecretLikeValue(value)) continue;
    const start = match.indices?.[3]?.[0] ?? match.index + match[0].lastIndexOf(value);
    findings.push({ ruleId: 'generic-secret-assignment', start, end: start + value.length });
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
    if (finding.end - finding.start > other.end - other.start && other.ruleId === 'high-entropy-token') kept[clash] = finding;
    else kept[clash] = { ruleId: other.ruleId, start: Math.min(other.start, finding.start), end: Math.max(other.end, finding.end) };
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
