import type { Verdict } from './gate/verdict.js';
import { redactSecrets } from '../core/safety/scan-secrets.js';
import { appendCandidateRecords, type CandidateLogRecord } from './candidate-log.js';
import type { MemoryPaths } from '../core/layout.js';

/** Appends one secret-free log record per verdict; never throws (the log must not fail a write). */
export function logVerdicts(
  paths: MemoryPaths,
  verdicts: readonly Verdict[],
  context: { at: string; session?: string; entryIds: ReadonlyMap<number, string> },
): void {
  const records = verdicts.map((verdict, index) => {
    const record: CandidateLogRecord = {
      at: context.at,
      section: verdict.candidate.section,
      source: verdict.candidate.source,
      origin: verdict.candidate.origin,
      accepted: verdict.accepted,
      action: verdict.action,
      reasons: [...verdict.reasons],
    };
    if (context.session) record.session = context.session;
    // A candidate rejected as a secret is logged by rule only: not even a redacted remainder.
    if (!verdict.reasons.includes('secret')) record.text = redactSecrets(verdict.candidate.text).slice(0, 500);
    if (verdict.targetId) record.targetId = verdict.targetId;
    const entryId = context.entryIds.get(index);
    if (entryId) record.entryId = entryId;
    return record;
  });
  try {
    appendCandidateRecords(paths.candidateLog, records);
  } catch {
    /* the candidate log is an explanation, not memory */
  }
}
