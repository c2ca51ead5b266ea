/**
 * What the filter's verdicts mean on a branch: a candidate that contradicts or rewords a team-wide
 * entry is no conflict while the branch is open. It becomes the branch's own entry, seen instead
 * of the team's there, and meets the team-wide one again when the branch lands (promotion goes
 * through the normal merge; a contradiction left then goes to `mem review`).
 */
import type { Verdict } from './verdict.js';

/** Returns `verdicts` for entries written with `scope`: a flag or supersede of an entry of another scope becomes an add; never fails. */
export function branchVerdicts(
  verdicts: readonly Verdict[],
  scopeOf: (id: string) => string | undefined,
  scope: string | undefined,
): Verdict[] {
  if (scope === undefined) return [...verdicts];
  return verdicts.map((verdict): Verdict => {
    if ((verdict.action !== 'flag' && verdict.action !== 'supersede') || verdict.targetId === undefined) return verdict;
    if (scopeOf(verdict.targetId) === scope) return verdict;
    return {
      candidate: verdict.candidate,
      accepted: true,
      action: 'add',
      reasons: verdict.reasons,
      targetId: verdict.targetId,
    };
  });
}
