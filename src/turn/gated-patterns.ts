/**
 * Every pattern that runs behind its required factors (core/safety/prefilter/): the gates' rules,
 * and the patterns of the durable extraction and of the session's acknowledgement that a turn runs
 * on each prompt. The build derives the factors table from this list (scripts/required-factors.mjs)
 * and the soundness tests check each one. Here, above the capabilities, because it names the
 * patterns of all of them; a pattern missing from it only runs unfiltered.
 */
import { markPatterns } from '../core/safety/gitleaks-scan.js';
import { INJECTION_RULES, JAILBREAK_SIGNS } from '../core/safety/scan-injection.js';
import {
  ASSIGNMENT,
  COLUMN_ASSIGNMENT,
  FIELD_PAIR_ASSIGNMENT,
  LABEL_THEN_VALUE,
  PATTERN_RULES,
  PREFIXED_TOKEN,
  PROSE_ASSIGNMENT,
} from '../core/safety/scan-secrets.js';
import { sectionPatterns } from '../durable/extract/classify-section.js';
import { requestPatterns } from '../durable/extract/find-memory-requests.js';
import { qualityPatterns } from '../durable/gate/rules.js';
import { noticePatterns } from '../durable/notice/notice-lasting.js';
import { acknowledgementPatterns } from '../session/session-state.js';

/** The prefiltered patterns, each once; never throws. */
export function gatedPatterns(): RegExp[] {
  const all = [
    ...INJECTION_RULES.flatMap((rule) => [rule.pattern, rule.also]),
    ...JAILBREAK_SIGNS.flatMap((sign) => [sign.pattern, sign.cased]),
    ...PATTERN_RULES.map((rule) => rule.pattern),
    ASSIGNMENT,
    COLUMN_ASSIGNMENT,
    FIELD_PAIR_ASSIGNMENT,
    PROSE_ASSIGNMENT,
    LABEL_THEN_VALUE,
    PREFIXED_TOKEN,
    ...markPatterns(),
    ...requestPatterns(),
    ...noticePatterns(),
    ...qualityPatterns(),
    ...sectionPatterns(),
    ...acknowledgementPatterns(),
  ];
  return [...new Set(all.filter((pattern): pattern is RegExp => pattern !== undefined))];
}
