/**
 * gitleaks' default rule set (vendor/gitleaks, MIT), applied to memory text as gitleaks applies
 * it to a file: a rule fires when one of its keywords is in the text, its regex matches, the
 * secret (the first non-empty capture group) reaches the rule's entropy, and no allowlist or
 * stopword clears it. Parsed on first use, and a rule is compiled when its keyword first appears:
 * the quiet hook path never pays for 200 regexes, a short text for a few.
 */
import { GITLEAKS_RULES_JSON } from './gitleaks-rules.js';
import { hintsOf, type TextHints } from './hint-finder.js';
import { foldForFactors, mayMatch, prefilterOf, type Prefilter } from './prefilter/prefilter.js';
import { isPlaceholder, isWordlike, shannonEntropy } from './secret-shapes.js';
import { escapeRegExp } from '../text/escape-regexp.js';

export type RuleFinding = { ruleId: string; start: number; end: number };

type Allowlist = { regexes?: string[]; stopwords?: string[]; regexTarget?: 'match' | 'line' };
type RuleData = {
  id: string;
  regex: string;
  secretGroup?: number;
  entropy?: number;
  keywords: string[];
  allowlists?: Allowlist[];
};
type Mark = { mark: string; ci?: boolean; weak?: boolean };
type RuleSetData = { allowlist: { regexes: string[]; stopwords: string[] }; rules: RuleData[]; marks: Mark[] };

type CompiledAllowlist = { regexes: RegExp[]; stopwords: string[]; target: 'secret' | 'match' | 'line' };
type Rule = RuleData & { compiled?: { regex: RegExp; allowlists: CompiledAllowlist[] } };
type RuleSet = {
  allow: RegExp[];
  stopwords: string[];
  rules: Rule[];
  /** Every keyword, longest first. */
  keywords: string[];
  /** For each keyword found so far, the keywords it contains ("rapidapi" holds "api"), itself included. */
  within: Map<string, string[]>;
  marks: Mark[];
};

let loaded: RuleSet | undefined;

/** The rule data, parsed on first use; each rule's regexes are compiled when its keyword first shows up. */
function ruleSet(): RuleSet {
  if (loaded !== undefined) return loaded;
  const data = JSON.parse(GITLEAKS_RULES_JSON) as RuleSetData;
  const keywords = [...new Set(data.rules.flatMap((rule) => rule.keywords))].sort((a, b) => b.length - a.length);
  loaded = {
    allow: data.allowlist.regexes.map((source) => new RegExp(source)),
    stopwords: data.allowlist.stopwords,
    rules: data.rules,
    keywords,
    // Note: filled as keywords are found: building it for all 234 up front was a millisecond of every Stop.
    within: new Map(),
    marks: data.marks,
  };
  return loaded;
}

function compiled(rule: Rule): NonNullable<Rule['compiled']> {
  rule.compiled ??= {
    // 'd': the secret's own offsets, so a finding covers the value and not its label.
    regex: new RegExp(rule.regex, 'dg'),
    allowlists: (rule.allowlists ?? []).map((list) => ({
      regexes: (list.regexes ?? []).map((source) => new RegExp(source)),
      stopwords: list.stopwords ?? [],
      target: list.regexTarget ?? 'secret',
    })),
  };
  return rule.compiled;
}

/** The line of `text` around offset `at`. */
function lineAt(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end === -1 ? text.length : end);
}

// How much text around a keyword a rule's regex is run on. gitleaks' regexes reach at most 50
// characters before their keyword and a few hundred after it (a value, or the rest of a `curl`
// command line); windows keep a long text linear where a backtracking regex over all of it is
// not (a 100 KB line with many `curl`s took seconds).
const BEFORE = 250;
const AFTER = 600;
const MAX_WINDOWS_PER_KEYWORD = 200;

/** The keywords `keyword` contains, itself included (remembered). */
function keywordsWithin(keyword: string, set: RuleSet): string[] {
  let inner = set.within.get(keyword);
  if (inner === undefined) {
    inner = set.keywords.filter((other) => keyword.includes(other));
    set.within.set(keyword, inner);
  }
  return inner;
}

/**
 * Offsets of each keyword found in `lower`, at most MAX_WINDOWS_PER_KEYWORD each; `held`: what the
 * folded text holds. One pass of an alternation of the keywords, longest first, finds them; made of
 * the keywords the text holds only, since the others cannot match: the alternation of all 241 was
 * 2 KB of pattern V8 compiled for every text, the few a text holds are a small one.
 */
function keywordOffsets(lower: string, set: RuleSet, held: TextHints): Map<string, number[]> {
  const found = new Map<string, number[]>();
  const present = set.keywords.filter((keyword) => held.holds(keyword));
  if (present.length === 0) return found;
  const keywordPattern = new RegExp(present.map(escapeRegExp).join('|'), 'g');
  for (const match of lower.matchAll(keywordPattern)) {
    for (const keyword of keywordsWithin(match[0], set)) {
      const at = match.index + match[0].indexOf(keyword);
      // Note: two-letter keywords (`ey` for JWTs, `sk`, `s.`) only count where a token starts:
      // inside words ("key", "risk", "tests.") they would wake their rules on every sentence.
      // A mark no word holds (`q~`, inside Azure's `…8Q~…` secrets) counts anywhere.
      if (keyword.length <= 2 && /^[a-z][a-z.]$/.test(keyword) && at > 0 && /[a-z0-9]/.test(lower[at - 1]!)) continue;
      const offsets = found.get(keyword) ?? [];
      if (offsets.length < MAX_WINDOWS_PER_KEYWORD) offsets.push(at);
      found.set(keyword, offsets);
    }
  }
  return found;
}

/** The windows to run a rule on: around each offset of its keywords, merged where they overlap. */
function windowsFor(rule: Rule, offsets: Map<string, number[]>, length: number): Array<[number, number]> {
  const raw = rule.keywords.flatMap((keyword) =>
    (offsets.get(keyword) ?? []).map((at): [number, number] => [
      Math.max(0, at - BEFORE),
      Math.min(length, at + keyword.length + AFTER),
    ]),
  );
  raw.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const window of raw) {
    const last = merged[merged.length - 1];
    // Note: merging stops at 4 windows' length, so a text full of one keyword stays linear.
    if (last !== undefined && window[0] <= last[1] && last[1] - last[0] < 4 * (BEFORE + AFTER))
      last[1] = Math.max(last[1], window[1]);
    else merged.push([window[0], window[1]]);
  }
  return merged;
}

/**
 * Returns what gitleaks' rules find in `text`, as rule id and span of the secret; never throws.
 * `held`: what the text holds, when the caller has asked already.
 */
export function findGitleaksSecrets(text: string, held: TextHints = hintsOf(foldForFactors(text))): RuleFinding[] {
  if (text.length === 0) return [];
  const set = ruleSet();
  const { allow, stopwords, rules } = set;
  const lower = text.toLowerCase();
  const offsets = keywordOffsets(lower, set, held);
  if (offsets.size === 0) return [];
  const findings: RuleFinding[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    if (!rule.keywords.some((keyword) => offsets.has(keyword))) continue;
    const { regex, allowlists } = compiled(rule);
    for (const [from, to] of windowsFor(rule, offsets, text.length)) {
      const window = text.slice(from, to);
      regex.lastIndex = 0;
      for (const match of window.matchAll(regex)) {
        let group = rule.secretGroup ?? 0;
        if (rule.secretGroup === undefined)
          for (let g = 1; g < match.length; g++)
            if (match[g]) {
              group = g;
              break;
            }
        const secret = match[group];
        const span = match.indices?.[group];
        if (!secret || span === undefined) continue;
        if (rule.entropy !== undefined && shannonEntropy(secret) < rule.entropy) continue;
        // As gitleaks does: a generic rule's secret needs a digit, or it is a word.
        if (rule.id.startsWith('generic') && !/\d/.test(secret)) continue;
        const secretLower = secret.toLowerCase();
        if (allow.some((re) => re.test(secret)) || stopwords.some((word) => secretLower.includes(word))) continue;
        const cleared = allowlists.some((list) => {
          const target =
            list.target === 'match' ? match[0] : list.target === 'line' ? lineAt(text, from + match.index) : secret;
          return (
            list.regexes.some((re) => re.test(target)) || list.stopwords.some((word) => secretLower.includes(word))
          );
        });
        const key = `${rule.id}:${from + span[0]}`;
        if (!cleared && !seen.has(key)) {
          seen.add(key);
          findings.push({ ruleId: rule.id, start: from + span[0], end: from + span[1] });
        }
      }
    }
  }
  return findings;
}

type MarkPattern = { pattern: RegExp; prefilter: Prefilter; minimum: number };
let marks: MarkPattern[] | undefined;

/** The marks as alternations (case-sensitive, case-insensitive; distinctive, weak), each followed by a token body. */
export function markPatterns(): RegExp[] {
  return markSet().map(({ pattern }) => pattern);
}

// The body a mark needs: 12 characters after a distinctive mark (`NRII-`, `glsa_`); 16 after a
// weak one, a short word and a separator that names also start with (`sk_`, `key-`, `test_`).
const DISTINCTIVE_BODY = 12;
const WEAK_BODY = 16;

function markSet(): MarkPattern[] {
  if (marks !== undefined) return marks;
  const list = ruleSet().marks;
  // Longest first, so `sk_test_` wins over a shorter mark it starts with.
  const alternation = (group: Mark[]) =>
    group
      .map((m) => m.mark)
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|');
  const body = String.raw`([A-Za-z0-9_\-+/=.]{12,400})`;
  marks = [];
  for (const weak of [false, true])
    for (const ci of [false, true]) {
      const group = list.filter((m) => (m.weak === true) === weak && (m.ci === true) === ci);
      if (group.length === 0) continue;
      const pattern = new RegExp(String.raw`(?<![A-Za-z0-9_-])(?:${alternation(group)})${body}`, ci ? 'dgi' : 'dg');
      marks.push({ pattern, prefilter: prefilterOf(pattern), minimum: weak ? WEAK_BODY : DISTINCTIVE_BODY });
    }
  return marks;
}

/**
 * true when what follows a credential mark is a generated value: `minimum` or more characters, a
 * digit or both cases, not all words (`sk_test_my_long_fixture_name` is a name), nor a placeholder.
 *
 * After a distinctive mark the body needs no entropy: 12+ letters and digits with a digit and no
 * separator, one digit repeated included, are the key, unless they run along the digits
 * (`ntn_1234567890…`, a false positive in gitleaks' own rule file) or read as a name
 * (`glpat-hellOWorld380`). A low-entropy value in a key's place (a vendor's test key, `shippo_test_`
 * and 40 zeros) is still in that key's format and the mark says what it is: gitleaks' rules for
 * marked keys take any body in the key's alphabet, and trufflehog's detectors measure no entropy.
 * A mask says so in letters (`xxxx`, `EXAMPLE`) and passes.
 */
function isOpaqueAfterMark(body: string, minimum: number): boolean {
  if (body.length < minimum) return false;
  const distinctive = minimum === DISTINCTIVE_BODY;
  // A vendor's test stand-in fills the key's place with one character (`pgar_aaaa…`, `shippo_test_0000…`);
  // only a mask says it stands for a key (`xxxx`, `****`).
  if (isPlaceholder(body)) return distinctive && /^([0-9a-wyzA-WYZ])\1+$/.test(body);
  // Letters of one case with no digit: a key only after a distinctive mark, and only when they read as
  // no word (`sk_live_mode` and `npm_lifecycle_event` are names).
  if (!/\d/.test(body) && !(/[a-z]/.test(body) && /[A-Z]/.test(body)))
    return distinctive && /^[A-Za-z]+$/.test(body) && !isWordlike(body);
  // A number is a word here: a body of digits alone is a key after a distinctive mark.
  if (body.split(/[-_.+/=]+/).every(isWordlike))
    return distinctive && /^\d+$/.test(body) && !'0123456789'.repeat(body.length / 10 + 2).includes(body);
  return shannonEntropy(body) >= 3 || (distinctive && /^[A-Za-z0-9]+$/.test(body) && /\d/.test(body));
}

/**
 * Tokens that start with a mark a scanner's rules give a vendor's credential (`NRII-`, `glsa_`,
 * `sk_test_`; gitleaks' rules and trufflehog's detectors, see scripts/import-gitleaks-rules.mjs)
 * followed by a generated value, wherever they stand: a key says what it is without a vendor name
 * beside it, which gitleaks' keyword-anchored rules require. `held`: what the text holds, when the caller has asked already.
 */
export function findMarkedKeys(text: string, held: TextHints = hintsOf(foldForFactors(text))): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const { pattern, prefilter, minimum } of markSet()) {
    // Note: a text holding no mark skips the alternation of ~150 marks (and its compilation).
    if (!mayMatch(prefilter, held)) continue;
    for (const match of text.matchAll(pattern)) {
      // A sentence's full stop or a quote's punctuation is not part of the key.
      const body = match[1]!.replace(/[.=+/_-]+$/, '');
      if (isOpaqueAfterMark(body, minimum))
        findings.push({
          ruleId: 'vendor-key-prefix',
          start: match.index,
          end: match.index + match[0].length - (match[1]!.length - body.length),
        });
    }
  }
  return findings;
}
