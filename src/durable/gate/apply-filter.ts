/**
 * The quality filter: runs every candidate through the ordered rules and decides, with reasons,
 * whether it is added, merged into or supersedes an entry, flagged as a contradiction, or rejected.
 */
import type { Entry } from '../../core/memory-file/entry.js';
import type { Candidate } from '../../core/memory-file/candidate.js';
import { FILTER_RULES } from './rules.js';
import type { FilterConfig, RuleHit } from './rules.js';
import { textSimilarity } from '../../core/text/text-similarity.js';
import type { ReasonCode, Verdict } from './verdict.js';

export type FilterOptions = {
  /** A human override (`mem remember --force`): soft rules no longer reject. Hard rules still do. */
  force?: boolean;
};

const RELATIONAL: ReadonlySet<ReasonCode> = new Set(['contradiction', 'duplicate', 'near-duplicate']);

function judge(candidate: Candidate, existing: readonly Entry[], config: FilterConfig, force: boolean): Verdict {
  const hits: RuleHit[] = [];
  let hard = false;
  for (const rule of FILTER_RULES) {
    const hit = rule.check(candidate, { existing, config });
    if (hit === undefined) continue;
    hits.push(hit);
    if (rule.hard) hard = true;
    // Note: a hard hit ends the evaluation; there is no point explaining more about a secret.
    if (hard) break;
  }
  const reasons = hits.map((hit) => hit.code);
  if (hard) return { candidate, accepted: false, action: 'reject', reasons };

  const softRejections = hits.filter((hit) => !RELATIONAL.has(hit.code));
  if (softRejections.length > 0 && !force) return { candidate, accepted: false, action: 'reject', reasons };
  const forcedReasons: ReasonCode[] = softRejections.length > 0 ? [...reasons, 'forced'] : reasons;

  const contradiction = hits.find((hit) => hit.code === 'contradiction');
  if (contradiction?.targetId !== undefined) {
    // Two rules that say opposite things share most of their words: "nearly the same" would only
    // mislead the person told why it was refused.
    const reasons = forcedReasons.filter((code) => code !== 'duplicate' && code !== 'near-duplicate');
    // A human forcing a contradicting rule means "this replaces that"; an agent turn never does.
    return force
      ? {
          candidate,
          accepted: true,
          action: 'supersede',
          reasons: [...reasons, ...(reasons.includes('forced') ? [] : ['forced' as const])],
          targetId: contradiction.targetId,
        }
      : { candidate, accepted: false, action: 'flag', reasons, targetId: contradiction.targetId };
  }
  const duplicate = hits.find((hit) => hit.code === 'duplicate' || hit.code === 'near-duplicate');
  if (duplicate?.targetId !== undefined) {
    return {
      candidate,
      accepted: true,
      action: duplicate.supersede ? 'supersede' : 'merge',
      reasons: forcedReasons,
      targetId: duplicate.targetId,
    };
  }
  return { candidate, accepted: true, action: 'add', reasons: forcedReasons };
}

/**
 * Returns one verdict per candidate, in input order; later duplicates within the batch are
 * rejected as `duplicate-in-batch`. Never throws.
 */
export function applyFilter(
  candidates: readonly Candidate[],
  existing: readonly Entry[],
  config: FilterConfig,
  options: FilterOptions = {},
): Verdict[] {
  const force = options.force ?? false;
  const kept: Candidate[] = [];
  return candidates.map((candidate) => {
    const verdict = judge(candidate, existing, config, force);
    if (!verdict.accepted && verdict.action !== 'flag') return verdict;
    const twin = kept.find((other) => textSimilarity(other.text, candidate.text) >= config.nearDuplicateSimilarity);
    if (twin !== undefined)
      return { candidate, accepted: false, action: 'reject', reasons: [...verdict.reasons, 'duplicate-in-batch'] };
    kept.push(candidate);
    return verdict;
  });
}
