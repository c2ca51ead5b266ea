/**
 * gitleaks' default rule set (vendor/gitleaks, MIT), applied to memory text as gitleaks applies
 * it to a file: a rule fires when one of its keywords is in the text, its regex matches, the
 * secret (the first non-empty capture group) reaches the rule's entropy, and no allowlist or
 * stopword clears it. Compiled on first use only: the quiet hook path never pays for 200 regexes.
 */
import { GITLEAKS_RULES_JSON } from './gitleaks-rules.js';
import { shannonEntropy } from './secret-shapes.js';

export type RuleFinding = { ruleId: string; start: number; end: number };

type Allowlist = { regexes?: string[]; stopwords?: string[]; regexTarget?: 'match' | 'line' };
type RuleData = { id: string; regex: string; secretGroup?: number; entropy?: number; keywords: string[]; allowlists?: Allowlist[] };
type RuleSetData = { allowlist: { regexes: string[]; stopwords: string[] }; rules: RuleData[] };

type CompiledAllowlist = { regexes: RegExp[]; stopwords: string[]; target: 'secret' | 'match' | 'line' };
type CompiledRule = Omit<RuleData, 'allowlists' | 'regex'> & { regex: RegExp; allowlists: CompiledAllowlist[] };
type RuleSet = { allow: RegExp[]; stopwords: string[]; rules: CompiledRule[] };

let compiled: RuleSet | undefined;

function ruleSet(): RuleSet {
  if (compiled !== undefined) return compiled;
  const data = JSON.parse(GITLEAKS_RULES_JSON) as RuleSetData;
  compiled = {
    allow: data.allowlist.regexes.map((source) => new RegExp(source)),
    stopwords: data.allowlist.stopwords,
    rules: data.rules.map((rule) => ({
      ...rule,
      // 'd': the secret's own offsets, so a finding covers the value and not its label.
      regex: new RegExp(rule.regex, 'dg'),
      allowlists: (rule.allowlists ?? []).map((list) => ({
        regexes: (list.regexes ?? []).map((source) => new RegExp(source)),
        stopwords: list.stopwords ?? [],
        target: list.regexTarget ?? 'secret',
      })),
    })),
  };
  return compiled;
}

/** The line of `text` around offset `at`. */
function lineAt(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end === -1 ? text.length : end);
}

/** Returns what gitleaks' rules find in `text`, as rule id and span of the secret; never throws. */
export function findGitleaksSecrets(text: string): RuleFinding[] {
  if (text.length === 0) return [];
  const { allow, stopwords, rules } = ruleSet();
  const lower = text.toLowerCase();
  const findings: RuleFinding[] = [];
  for (const rule of rules) {
    if (rule.keywords.length > 0 && !rule.keywords.some((keyword) => lower.includes(keyword))) continue;
    rule.regex.lastIndex = 0;
    for (const match of text.matchAll(rule.regex)) {
      let group = rule.secretGroup ?? 0;
      if (rule.secretGroup === undefined) for (let g = 1; g < match.length; g++) if (match[g]) { group = g; break; }
      const secret = match[group];
      const span = match.indices?.[group];
      if (!secret || span === undefined) continue;
      if (rule.entropy !== undefined && shannonEntropy(secret) < rule.entropy) continue;
      // As gitleaks does: a generic rule's secret needs a digit, or it is a word.
      if (rule.id.startsWith('generic') && !/\d/.test(secret)) continue;
      const secretLower = secret.toLowerCase();
      if (allow.some((re) => re.test(secret)) || stopwords.some((word) => secretLower.includes(word))) continue;
      const cleared = rule.allowlists.some((list) => {
        const target = list.target === 'match' ? match[0] : list.target === 'line' ? lineAt(text, match.index) : secret;
        return list.regexes.some((re) => re.test(target)) || list.stopwords.some((word) => secretLower.includes(word));
      });
      if (!cleared) findings.push({ ruleId: rule.id, start: span[0], end: span[1] });
    }
  }
  return findings;
}
