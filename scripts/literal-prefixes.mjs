// The fixed literal marks that scanners' regexes give a credential (`sk_test_`, `NRII-`, `ghp_`,
// `AKIA`): read from the Go regexes of gitleaks' and trufflehog's rules, never from corpus rows.
// Used by scripts/import-gitleaks-rules.mjs (the marks the secret gate refuses wherever they stand)
// and by bench/secrets-corpus.mjs (which secrets count as "prefix-shaped").

/**
 * The literal alternatives of `(?:a|b|c)` at `at` (partial: each alternative's literal start, when
 * one goes on with a class, as `(?:A3T[A-Z0-9]|AKIA)` does), or null.
 */
function literalGroup(regex, at) {
  const end = regex.indexOf(')', at);
  if (end === -1) return null;
  const inner = regex.slice(at, end).replace(/^\((?:\?:)?/, '');
  if (inner.includes('(')) return null;
  if (/^(?:[A-Za-z0-9_\-|]|\\[.\-_])+$/.test(inner))
    return { alternatives: inner.replace(/\\(.)/g, '$1').split('|'), end: end + 1, partial: false };
  const starts = inner.split('|').map((alt) => /^[A-Za-z0-9_-]*/.exec(alt)[0]);
  return starts.every((s) => s !== '') ? { alternatives: starts, end: end + 1, partial: true } : null;
}

function prefixesAt(regex, from, ci) {
  let prefixes = [''];
  let i = from;
  for (;;) {
    if (regex.startsWith('\\b', i)) i += 2;
    else if (regex[i] === '^') i += 1;
    else if (regex[i] === '(' && regex[i + 1] !== '?' && !literalGroup(regex, i)) i += 1;
    else break;
  }
  while (i < regex.length && prefixes.length <= 32) {
    const ch = regex[i];
    let next;
    let nextAt;
    let partial = false;
    if (/[A-Za-z0-9_-]/.test(ch)) [next, nextAt] = [[ch], i + 1];
    else if (ch === '\\' && /[.\-_/]/.test(regex[i + 1])) [next, nextAt] = [[regex[i + 1]], i + 2];
    else if (ch === '(') {
      const group = literalGroup(regex, i);
      if (group === null) break;
      [next, nextAt, partial] = [group.alternatives, group.end, group.partial];
    } else break;
    // A quantifier makes the last piece optional or repeated: the prefix ends before it.
    if (/[?*+{]/.test(regex[nextAt] ?? '')) break;
    prefixes = prefixes.flatMap((p) => next.map((n) => p + n));
    i = nextAt;
    if (partial) break;
  }
  return prefixes.every((p) => p.length >= 3) ? prefixes.map((prefix) => ({ prefix, ci })) : [];
}

/**
 * Where a Go regex's capture group `n` opens (the secret: the first group in trufflehog, the rule's
 * `secretGroup` in gitleaks, 1 unless it says otherwise), or -1.
 */
export function secretGroupAt(regex, n = 1) {
  let count = 0;
  for (let i = 0; i < regex.length; i++) {
    if (regex[i] === '\\') i += 1;
    else if (regex[i] === '[') {
      for (i += 1; i < regex.length && regex[i] !== ']'; i++) if (regex[i] === '\\') i += 1;
    } else if (regex[i] === '(' && regex[i + 1] !== '?') {
      count += 1;
      if (count === n) return i;
    }
  }
  return -1;
}

/**
 * The fixed literal prefixes (alternations expanded) a Go regex's match or its secret starts with,
 * whether they are case-insensitive, and whether they open the whole match (`fromStart`) or the
 * secret group. The secret's own start counts: gitleaks anchors some prefixed keys to a vendor word
 * before them (`newrelic … NRII-…`), and the key is still marked.
 */
export function literalPrefixes(goRegex, secretGroup = 1) {
  let regex = goRegex;
  let ci = false;
  if (regex.startsWith('(?i)')) {
    ci = true;
    regex = regex.slice(4);
  }
  const fromStart = prefixesAt(regex, 0, ci);
  if (fromStart.length > 0) return fromStart.map((p) => ({ ...p, fromStart: true }));
  const group = secretGroupAt(regex, secretGroup);
  return group === -1 ? [] : prefixesAt(regex, group + 1, ci).map((p) => ({ ...p, fromStart: false }));
}

// Words and schemes that start some rules' matches but mark nothing (`curl …`, `https://…`,
// `test_…`, `api-…`), and two-letter vendor-neutral ones (`sk_`, `pk_`: publishable keys are public).
// Stripe's object ids (`pi_`, `cus_`) name payments, not credentials.
const WORD =
  /^(?:curl|https?|sha256|ftp|jdbc|mongodb|postgres|redi|redis|amqps?|git|web|api|sdk|key|pubkey|pass|secret|token|test|live|account|master|cli|act|app|user|access|pat|fig|na|cus|pi|pri|pk|sk|lk|ext|sc|endpoint|subdomain|organizations|percy_token|api_key|opendsobject)$/i;

/**
 * true when `mark` alone says "credential": two separators (`sk_test_`, `dp.pt.`, `pat-eu1-`), a
 * non-word before one separator (`glsa_`, `NRIQ-`, `r8_`), or four or more characters with a
 * capital or a digit and no separator (`AKIA`, `LTAI`, `AKCp`, `3MVG9`).
 */
export function isDistinctiveMark(mark) {
  if (mark.length < 3 || !/[A-Za-z]/.test(mark) || /^-/.test(mark)) return false;
  const word = mark.replace(/[-_.]+$/, '');
  if (WORD.test(word) || WORD.test(mark)) return false;
  const separators = (mark.match(/[-_.]/g) ?? []).length;
  // A dot ends sentences and splits host names (`api.us-west-…`): a short word before one is no mark.
  if (mark.includes('.') && (/^api\./i.test(mark) || !(/[A-Z0-9]/.test(word) || separators >= 2))) return false;
  if (/[-_.]$/.test(mark)) return separators >= 2 || word.length >= 2;
  // No separator after it: the mark must not read as a word (`AKIA`, `LTAI`, `AKCp`, `3MVG9`).
  return mark.length >= 4 && (/[A-Z]/.test(mark) || /\d/.test(mark));
}

// Stripe's object ids name a payment or a customer: an id, which opens nothing.
const OBJECT_ID = /^(?:cus|pi)_$/i;

/**
 * true when `mark` is a short word and one separator (`sk_`, `pk_`, `key-`, `test_`, `pat.`), which
 * a scanner's rule gives a credential but ordinary text also starts names with: it marks a key
 * only before a longer generated value than a distinctive mark needs (the scanner reads this).
 */
export function isWeakMark(mark) {
  return !isDistinctiveMark(mark) && /^[A-Za-z][A-Za-z0-9]{1,9}[-_.]$/.test(mark) && !OBJECT_ID.test(mark);
}
