/**
 * Every pattern a gate skips by its required factors (prefilter.ts): the build derives the table
 * from this list (scripts/required-factors.mjs), and the soundness tests check each one.
 */
import { markPatterns } from '../gitleaks-scan.js';
import { INJECTION_RULES, JAILBREAK_SIGNS } from '../scan-injection.js';
import {
  ASSIGNMENT,
  COLUMN_ASSIGNMENT,
  LABEL_THEN_VALUE,
  PATTERN_RULES,
  PREFIXED_TOKEN,
  PROSE_ASSIGNMENT,
} from '../scan-secrets.js';

/** The gates' patterns, each once; never throws. */
export function gatedPatterns(): RegExp[] {
  const all = [
    ...INJECTION_RULES.flatMap((rule) => [rule.pattern, rule.also]),
    ...JAILBREAK_SIGNS.flatMap((sign) => [sign.pattern, sign.cased]),
    ...PATTERN_RULES.map((rule) => rule.pattern),
    ASSIGNMENT,
    COLUMN_ASSIGNMENT,
    PROSE_ASSIGNMENT,
    LABEL_THEN_VALUE,
    PREFIXED_TOKEN,
    ...markPatterns(),
  ];
  return all.filter((pattern): pattern is RegExp => pattern !== undefined);
}
