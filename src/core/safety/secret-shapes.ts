/**
 * What a single value looks like, for the secret scanner: a placeholder, a digest or identifier,
 * or a random string that can only be a credential. Judged on the value's shape alone, so the
 * memory-specific rules work for credential formats no rule set knows yet.
 */

/** Returns the Shannon entropy of `text` in bits per character (0 for the empty string). */
export function shannonEntropy(text: string): number {
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

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm', '01234567890123456789'];

/** true for an instruction in a secret's place: `REPLACE_WITH_PASSWORD`, `YOUR_API_KEY_HERE`, `changeme`, `your_token`. */
export function isFillInInstruction(value: string): boolean {
  return /REPLACE|_HERE\b|HERE$|PLACEHOLDER|CHANGE_?ME|^(?:your|my|insert|enter)[-_]|^(?:your|my)[-_]?(?:password|passwd|pass|secret|token|api[-_]?key|key)s?$/i.test(
    value,
  );
}

/**
 * true for a mask or a template in a secret's place: masks (`xxx`, `****`, `…`, `•••`), template
 * references (`${DB_PASSWORD}`, `$(op read …)`, `$TOKEN`, `{{ secrets.X }}`, `%KEY%`, `<api-key>`,
 * `[token]`), and a format string's field (`{password}`, printf's `%s` and `%(password)s`, Ruby's
 * `#{password}`). The one list both judgments read: a value anywhere, and a URL's password, where
 * a plain word is still a password (scan-secrets.ts).
 */
export function isMaskOrTemplate(value: string): boolean {
  return /x{3,}|X{3,}|\*{3,}|…|\.{3}|•|#{4,}|\$\{|\$\(|\{\{|^\$\w|^%\w+%$|^<[^<>]*>$|^\[[^\]]*\]$|^\{[\w.-]*\}$|^%(?:\([\w.-]+\))?[-+ 0#]*\d*(?:\.\d+)?[a-zA-Z]$|^#\{[\w.-]+\}$/.test(
    value,
  );
}

/**
 * true for a few runs, three characters or more each, along the digits or the alphabet: `1234567890abcdef` (the
 * digits, then the hex letters: set 158's kommentio, "`apiKey: 'sk-1234567890abcdef'`" among its examples of forbidden
 * hardcoding), `abc123def456`. Typed by a person standing in for a key; a generated value has no such runs.
 */
function isRunsAlongSequences(value: string): boolean {
  if (value.length < 8) return false;
  const follows = (a: string, b: string) =>
    /\d/.test(a) && /\d/.test(b)
      ? Number(b) === (Number(a) + 1) % 10
      : /[a-z]/i.test(a) && /[a-z]/i.test(b) && b.toLowerCase().charCodeAt(0) === a.toLowerCase().charCodeAt(0) + 1;
  let runs = 1;
  let run = 1;
  for (let at = 1; at < value.length; at++) {
    if (follows(value[at - 1]!, value[at]!)) run++;
    else if (run < 3) return false;
    else {
      runs++;
      run = 1;
    }
  }
  return run >= 3 && runs <= 4;
}

/**
 * true for a value that stands for a secret without being one: a mask or a template
 * (isMaskOrTemplate), an instruction (`REPLACE_WITH_…`, `YOUR_API_KEY_HERE`, `changeme`), a run
 * along the keyboard, a documented example, or a plain word that names the thing.
 */
export function isPlaceholder(value: string): boolean {
  if (isMaskOrTemplate(value)) return true;
  if (isFillInInstruction(value)) return true;
  // A run along the alphabet or a keyboard row (`abcdefgh…`, `qwertyuiop…`): a filler, as
  // detect-secrets' sequential-string filter and gitleaks' stopwords read it.
  if (value.length >= 8 && SEQUENCES.some((sequence) => sequence.includes(value.toLowerCase()))) return true;
  if (isRunsAlongSequences(value)) return true;
  // Documented example credentials (AWS and others) say so in capitals: AKIAIOSFODNN7EXAMPLE.
  if (value.includes('EXAMPLE')) return true;
  if (
    /^(.)\1*$/.test(value) ||
    /^(?:redacted|none|null|undefined|true|false|example|dummy|sample|secret|password|pass|token|string)$/i.test(value)
  )
    return true;
  return false;
}

/** A word just before a hex value that says it is a digest or a revision, not a key. */
const HASH_LABEL =
  /\b(?:md5|sha-?(?:1|224|256|384|512)?|sha\d*sum|hash(?:es)?|checksums?|chksum|digests?|commits?|integrity|etag|fingerprints?|revisions?|rev|ref|sri|cid|object|blob|tree|tag|build|ids?|uuids?|guids?|sessions?|git\s+(?:checkout|switch|cherry-pick|revert|reset|show|rebase|bisect|log|diff|describe|merge|branch|tag|fetch|push|blame|rev-parse|rev-list|cat-file|ls-tree|worktree\s+add))\b[^\w\n]{0,4}(?:[\w-]+[^\w\n]{1,3}){0,6}$/i;

/** The same label as the end of an identifier: `sessionId`, `leafUuid`, `request_id`, `commitSha`. */
const HASH_LABEL_SUFFIX =
  /(?:[a-z0-9](?:Id|ID|Ids|IDs|Uuid|UUID|Guid|GUID|Sha|SHA|Hash)|_(?:id|ids|uuid|guid|sha|hash|ID|UUID|GUID|SHA))\b[^\w\n]{0,4}(?:[\w-]+[^\w\n]{1,3}){0,6}$/;

/** true when `before` (the text right before a value) names the value a digest or revision. */
export function isHashLabelled(before: string): boolean {
  const near = before.slice(-60);
  return HASH_LABEL.test(near) || HASH_LABEL_SUFFIX.test(near);
}

// In one case: generators write UUIDs in lower case (or upper); a mixed-case one is a key.
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12})$/;

/** true for hex in one case (digests, git SHAs, ids) or a UUID: identifiers, unless a label says otherwise. */
export function isHexIdentifier(value: string): boolean {
  return /^[0-9a-f]+$/.test(value) || /^[0-9A-F]+$/.test(value) || UUID.test(value);
}

/**
 * true for letters that read as a word of some language: vowels in a word's proportion, no long
 * consonant cluster, and no longer than words get. "fmajqnwjj" and 40 random letters are not.
 */
function isPronounceable(letters: string): boolean {
  return letters.length <= 24 && readsAsWords(letters);
}

/**
 * Vowels in a word's proportion and no long consonant cluster, at any length ("Prompt" and
 * "Script" are short words with few vowels; "fmajqnwjj" is no word).
 */
function readsAsWords(letters: string): boolean {
  const vowels = letters.replace(/[^aeiouy]/gi, '').length;
  if (vowels === 0 || /[^aeiouy]{5,}/i.test(letters)) return false;
  return vowels / letters.length >= 0.2 || (letters.length <= 8 && !/[^aeiouy]{4,}/i.test(letters));
}

/** A segment of an identifier that reads as a word, a number, a version or an acronym. */
export function isWordlike(segment: string): boolean {
  if (segment === '') return true;
  if (/^\d{1,4}$/.test(segment) || /^v?\d+(?:\.\d+)*[a-z]?$/i.test(segment)) return true;
  if (/^[A-Z]{1,6}s?$/.test(segment)) return true;
  // CONSTANT, DEFINITIONS: an upper-case word (a run of one letter is filler, not a word).
  if (/^[A-Z]{2,14}$/.test(segment) && /[AEIOUY]/.test(segment) && new Set(segment).size >= 3) return true;
  if (/^[A-Z]?[a-z]+$/.test(segment)) return segment.length <= 6 || isPronounceable(segment);
  // node20, es2022, x86, i18n, k8s, Node20, UTF8, UInt32, IPv6: a word with a number in it. Note:
  // its capitals come first (an acronym, a capitalised word); letters that go back to upper case
  // before the number (`dFUO04zS`) are a piece of a generated key split at its `-` or `_`.
  const wordAndNumber = /^(?=[A-Za-z])([A-Z]*[a-z]*)\d{1,4}(?:[a-z]{0,3}|[A-Z]{0,3})$/.exec(segment);
  if (wordAndNumber && segment.length <= 10 && (wordAndNumber[1]!.length <= 4 || readsAsWords(wordAndNumber[1]!)))
    return true;
  // Capitals and digits run together past any acronym's length (`H1EC2BUPZ22S`): base32 and
  // upper-case keys, not a chain of acronyms (`EC2`, `UTF8` and `HTML5` stand alone or joined by `_`).
  if (/^[A-Z\d]{12,}$/.test(segment)) return false;
  // camelCase and PascalCase: every part a word, an acronym or a short number. An acronym's
  // version is part of it: `cardToCardV2`, `toS3`, `parseHTML5` (V2, S3, HTML5).
  const parts = segment.match(/[A-Z]+\d{0,2}(?![a-z\d])|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g);
  return (
    parts !== null &&
    parts.join('') === segment &&
    parts.length <= Math.max(2, segment.length / 3) &&
    // Digits between lower-case runs (ntuni8fbw77yg) are no camelCase.
    parts.filter((p) => /^\d/.test(p)).length <= 1 &&
    parts.every(
      (p) =>
        /^\d{1,4}$/.test(p) ||
        /^[A-Z]{1,5}\d{0,2}$/.test(p) ||
        (/^[A-Z]?[a-z]+$/.test(p) && (p.length <= 4 || isPronounceable(p))),
    )
  );
}

/**
 * The letter pairs that make 99 % of those in English technical prose (the READMEs of this
 * project's dependencies, 1.25 M pairs; counted by scripts/count-letter-pairs.mjs): a random string
 * of one case draws about half its pairs from the rest, words and identifiers of words almost none.
 */
const COMMON_PAIRS = new Set(
  'ab ac ad af ag ai aj ak al am an ap ar as at au av aw ax ay ba bc be bi bj bl bo br bs bu ca cc ce ch ci ck cl co cr cs ct cu cy da dd de dg di dl dm do dr ds dt du dy ea eb ec ed ee ef eg eh ei ej el em en eo ep eq er es et eu ev ew ex ey fa fe ff fi fl fm fo fr fs ft fu fy ga ge gf gg gh gi gl gm gn go gr gs gu ha he hi hm ho hr hs ht hu hy ia ib ic id ie if ig ik il im in io ip ir is it iv ix iz ja je jo js jv ka kd ke kf ki kl kn ks la lb ld le lg li lk ll lo lp ls lt lu lv ly ma mb md me mg mi mj ml mm mo mp ms mu mv my na nc nd ne nf ng nh ni nk nl nm nn no np ns nt nu nv ny oa ob oc od oe of og oi oj ok ol om on oo op or os ot ou ov ow pa pe ph pi pl pm pn po pp pr ps pt pu qi qu ra rc rd re rf rg rh ri rk rl rm rn ro rp rr rs rt ru rv ry sa sc se sf sh si sk sl sm sn so sp sr ss st su sv sw sy ta tc td te tf th ti tl tm tn to tp tr ts tt tu tw ty ua ub uc ud ue ug ui ul um un up ur us ut va ve vf vg vi vo wa we wh wi wn wo wr ws ww xa xc xe xi xp xt ya yc ye yi yl ym yn yo yp ys yt yv yw za ze zi zz'.split(
    ' ',
  ),
);

/**
 * true when, of the letter pairs inside the runs of letters of `text` (case aside), at least a
 * third, and 5 or more, are pairs no word has.
 */
function spellsNoWords(text: string): boolean {
  let rare = 0;
  let pairs = 0;
  for (const [run] of text.toLowerCase().matchAll(/[a-z]{2,}/g))
    for (let i = 1; i < run.length; i++) {
      pairs++;
      if (!COMMON_PAIRS.has(run.slice(i - 1, i + 1))) rare++;
    }
  return rare >= 5 && rare >= pairs / 3;
}

/** How often the character class changes (lower, upper, digit) between neighbours. */
function classChanges(text: string): number {
  const cls = (ch: string) =>
    ch >= 'a' && ch <= 'z' ? 1 : ch >= 'A' && ch <= 'Z' ? 2 : ch >= '0' && ch <= '9' ? 3 : 0;
  let changes = 0;
  for (let i = 1; i < text.length; i++) {
    const a = cls(text[i - 1]!);
    const b = cls(text[i]!);
    if (a !== 0 && b !== 0 && a !== b) changes++;
  }
  return changes;
}

export type RandomnessOptions = {
  /** Entropy (bits per character) a token of `minTokenLength` characters must reach. */
  entropyBits: number;
  /** The length at which `entropyBits` applies; shorter tokens, down to half of it, need proportionally less. */
  minTokenLength: number;
};

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

/**
 * true for a GitHub GraphQL node id: public names of issues, users, project boards and their
 * fields that the API and `gh` print and agent files cite (docs/gates.md). The current form is an
 * upper-case type prefix and base64url of a MessagePack array of numbers and short strings
 * (`PVT_kwDOCt2Azc4BJVxt`, `PVTSSF_lADO…`, `I_kwDO…`); the legacy form is base64 of
 * "<digits>:<Type><digits>" (`MDQ6VXNlcjE=`, "04:User1"). Both are decoded, not matched by shape:
 * a random key parses as a whole MessagePack array or as that text only by a rare accident.
 */
export function isGitHubNodeId(token: string): boolean {
  const current = /^[A-Z]{1,8}_([A-Za-z0-9_-]{8,})$/.exec(token);
  if (current) return isPackedArray(decodeBase64(current[1]!.replace(/-/g, '+').replace(/_/g, '/')));
  if (!/^MD[A-Za-z0-9+/]{6,}={0,2}$/.test(token)) return false;
  const bytes = decodeBase64(token);
  return bytes !== null && /^\d{1,3}:[A-Z][A-Za-z]+\d+$/.test(String.fromCharCode(...bytes));
}

function decodeBase64(text: string): number[] | null {
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return null;
  try {
    return [...atob(body + '='.repeat((4 - (body.length % 4)) % 4))].map((ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A MessagePack fixarray of 2 to 15 unsigned integers and strings that uses every byte. */
function isPackedArray(bytes: number[] | null): boolean {
  if (bytes === null || bytes.length < 3 || bytes[0]! < 0x92 || bytes[0]! > 0x9f) return false;
  let at = 1;
  for (let item = 0; item < bytes[0]! - 0x90; item++) {
    const tag = bytes[at];
    if (tag === undefined) return false;
    if (tag <= 0x7f) at += 1;
    else if (tag >= 0xcc && tag <= 0xcf) at += 1 + 2 ** (tag - 0xcc);
    else if (tag >= 0xa0 && tag <= 0xbf) at += 1 + (tag - 0xa0);
    else if (tag === 0xd9 && bytes[at + 1] !== undefined) at += 2 + bytes[at + 1]!;
    else return false;
  }
  return at === bytes.length;
}

/**
 * The entropy a random string of `length` characters over `alphabet` symbols falls below only by
 * bad luck: log2(alphabet) less the Miller–Madow sampling bias ((alphabet − 1) / 2·length nats)
 * and a 0.6-bit margin (about the 2nd percentile of random keys, 12 to 100 characters).
 * `entropyBits` scales it: 4 (the default) as computed, higher is stricter.
 */
/** The symbols a random string like `body` draws from: letters of each case it uses, digits, and a few others. */
function alphabetOf(body: string): number {
  return (
    (/[a-z]/.test(body) ? 26 : 0) +
    (/[A-Z]/.test(body) ? 26 : 0) +
    (/\d/.test(body) ? 10 : 0) +
    (/[^A-Za-z0-9]/.test(body) ? 4 : 0)
  );
}

function randomEntropyBar(length: number, alphabet: number, entropyBits: number): number {
  const expected = Math.log2(alphabet) - (alphabet - 1) / (2 * length * Math.LN2);
  return (entropyBits / 4) * (expected - 0.6);
}

/**
 * true for a long generated value whose separators fall at random places
 * (`b-zyogix_1e6a9_s-osojloizzu_6-8wldbsgvf_`, an alphabet of letters, digits, `-` and `_`): cut
 * that way, each piece is short enough to pass for a word, a number or a hex id, but an identifier
 * made of words keeps the letter pairs of words across all its pieces, and this one does not.
 */
function isCutAtRandom(token: string, segments: readonly string[], options: RandomnessOptions): boolean {
  if (token.length < options.minTokenLength || !/\d/.test(token) || !spellsNoWords(token)) return false;
  const joined = segments.join('');
  return shannonEntropy(joined) >= randomEntropyBar(joined.length, alphabetOf(joined), options.entropyBits);
}

/**
 * true for a token (no blanks) that can only be a generated credential: long enough, mixing
 * character classes the way random strings do, with the entropy of one, and not made of words,
 * numbers and versions. Hex in one case and UUIDs are identifiers here (see isHexIdentifier).
 * The entropy bar scales with length and alphabet (randomEntropyBar): a 12-character key cannot
 * reach the bits per character a 40-character one does, nor hex those of base64.
 */
export function looksRandom(token: string, options: RandomnessOptions): boolean {
  const minLength = Math.max(8, Math.ceil(options.minTokenLength / 2));
  if (token.length < minLength || token.length > 1000) return false;
  if (isPlaceholder(token) || isHexIdentifier(token) || isGitHubNodeId(token)) return false;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token)) return true;
  if (/^[\d\W_]+$/.test(token) || /^sha(?:1|256|384|512)[-:]/i.test(token) || /^\d{4}-\d\d-\d\d[T ]/.test(token))
    return false;
  // Base64 of ordinary text, and SSH public keys (base64 of "ssh-rsa", "ssh-ed25519", "ecdsa-…").
  if (isBase64OfText(token) || /^AAAA[A-Za-z0-9+/]{1,2}NzaC1|^AAAAE2VjZHNh/.test(token)) return false;
  // 64+ letters and digits in both cases with no separator read as no word or identifier: encoded
  // data, whatever its entropy (a key with a repeated or masked stretch still is one).
  if (
    token.length >= 64 &&
    /^[A-Za-z0-9+/]+={0,2}$/.test(token) &&
    /[a-z]/.test(token) &&
    /[A-Z]/.test(token) &&
    /\d/.test(token) &&
    !isWordlike(token)
  )
    return true;
  // Words, numbers and versions are not the random part; nor are hex ids inside a path or file
  // name (a UUID.jpg, a session id in a path): hex values are judged by their own rule.
  const segments = token.split(/[-_./+~=:@]+/);
  if (segments.every(isWordlike)) return false;
  const body = segments
    .filter((segment) => !isWordlike(segment) && !(segment.length >= 4 && isHexIdentifier(segment)))
    .join('');
  if (body.length < minLength) return isCutAtRandom(token, segments, options);
  const lower = /[a-z]/.test(body);
  const upper = /[A-Z]/.test(body);
  // Hex digits in both cases (a key, not a digest) draw from 22 symbols, not 62.
  const hexLetters = /^[0-9a-fA-F]+$/.test(body);
  const alphabet = hexLetters ? 22 : alphabetOf(body);
  const bar = randomEntropyBar(body.length, alphabet, options.entropyBits);
  // Note: runs of one character (the A… padding of Twitter bearer tokens) say nothing about the rest.
  const entropy = shannonEntropy(body.replace(/(.)\1{3,}/g, '$1'));
  const digits = body.replace(/\D/g, '').length;
  const letters = body.replace(/[^A-Za-z]/g, '').length;
  const changes = classChanges(body);
  // 25+ letters with no separator that do not read as words run together: a generated string.
  const run = /[A-Za-z]{25,}/.exec(body)?.[0];
  if (
    run !== undefined &&
    !/^[A-Z]?[a-z]+(?:[A-Z][a-z]+)+$/.test(run) &&
    !readsAsWords(run.toLowerCase()) &&
    entropy >= bar
  )
    return true;
  // Letters only: random when the case flips the way no identifier's does, or, in one case, when
  // its letter pairs are not those of words (`qzvbkx…`; `createtablestatement` is words).
  if (digits === 0)
    return (
      body.length >= 16 &&
      entropy >= bar &&
      ((lower && upper && changes >= body.length / 4) || (/^[A-Za-z]+$/.test(body) && spellsNoWords(body)))
    );
  if (letters < 4 || (digits < 2 && !(lower && upper))) return false;
  // Few class changes, but a stretch of 8+ letters no language spells (`aldyoryzjxwx`): random.
  const unspelt = [...body.matchAll(/[A-Za-z]{8,}/g)].some(([run]) => !readsAsWords(run.toLowerCase()));
  if (changes < 4 && !unspelt && !spellsNoWords(body)) return false;
  return entropy >= bar;
}
