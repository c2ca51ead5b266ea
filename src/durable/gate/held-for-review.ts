/**
 * Text the injection gate is unsure of (one weak sign: "do not ask for confirmation", a named
 * system prompt, "silently …") never goes into the team memory by itself: it waits in the
 * pending inbox until a person accepts it. An agent accepting it does not count.
 */
import { judgeInjection } from '../../core/safety/scan-injection.js';

/** Returns the weak-sign rule ids when `text` is held for a person (empty when it passes or is refused outright). */
export function heldForReview(text: string): string[] {
  const judged = judgeInjection(text);
  return judged.verdict === 'hold' ? judged.findings.map((finding) => finding.ruleId) : [];
}
