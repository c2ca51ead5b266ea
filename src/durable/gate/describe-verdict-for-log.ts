/**
 * One log line per verdict, safe to write anywhere: secrets in the candidate text are redacted,
 * and a candidate rejected as a secret shows only its rule ids, never its text.
 */
import { findSecrets, redactSecrets } from '../../core/safety/scan-secrets.js';
import type { Verdict } from './verdict.js';

const MAX_TEXT = 160;

/** Returns a single-line, secret-free description of `verdict`; never throws. */
export function describeVerdictForLog(verdict: Verdict): string {
  const { candidate } = verdict;
  const findings = findSecrets(candidate.text);
  // Note: when the text is a secret, even the redacted remainder may hint at it (a short
  // password next to its name); show the rule ids only.
  const text = verdict.reasons.includes('secret')
    ? `<withheld: ${[...new Set(['secret', ...findings.map((f) => f.ruleId)])].join(', ')}>`
    : JSON.stringify(truncate(redactSecrets(candidate.text).replace(/[\r\n]+/g, ' ')));
  const target = verdict.targetId === undefined ? '' : ` target=${verdict.targetId}`;
  const reasons = verdict.reasons.length > 0 ? ` reasons=${verdict.reasons.join(',')}` : '';
  return `${verdict.action}${target}${reasons} section=${candidate.section} source=${candidate.source} origin=${candidate.origin} text=${text}`;
}

function truncate(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}
