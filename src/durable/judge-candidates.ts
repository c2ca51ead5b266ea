/**
 * Judging a turn's new candidates and writing what passes: forgotten texts stay forgotten, the
 * quality filter decides against the existing entries, accepted ones are spliced into the memory
 * files, and every verdict is logged (secret-free).
 */
import type { Candidate } from '../core/memory-file/candidate.js';
import { applyFilter } from './gate/apply-filter.js';
import type { Verdict } from './gate/verdict.js';
import { readGitAuthor } from '../core/git/git-identity.js';
import { findForgotten, readForgottenTexts } from './forgotten-texts.js';
import { lockWaitFor, type HookContext } from '../core/hook-context.js';
import { logVerdicts } from './log-verdicts.js';
import { readExistingEntries, writeDurable, writeView } from './write-durable.js';
import { branchVerdicts } from './gate/branch-verdicts.js';
import { isDetachedWithoutBranch, readWriteScope } from '../core/git/scope-view.js';
import { writesByItself } from './gate/writes-by-itself.js';
import { readHumanLines, saidByClaudeMd } from './said-by-claude-md.js';
import { addPending } from './inbox/pending-store.js';
import { inboxRank } from './inbox/inbox-rank.js';
import { appendCandidateRecords, type CandidateLogRecord } from './candidate-log.js';
import { redactSecrets } from '../core/safety/scan-secrets.js';

/** Returns how many entries were added or changed; throws LOCK_HELD or on I/O failure. */
export async function judgeAndWrite(
  context: HookContext,
  fresh: readonly Candidate[],
  sessionId: string,
  agent?: string,
): Promise<number> {
  // A replayed or copied transcript can say again what a human since forgot: that stays forgotten.
  const forgotten = readForgottenTexts(context.root);
  const forgottenVerdicts: Verdict[] = [];
  const judgeable = fresh.filter((candidate) => {
    const match = forgotten.length > 0 ? findForgotten(candidate.text, forgotten) : undefined;
    if (match)
      forgottenVerdicts.push({
        candidate,
        accepted: false,
        action: 'reject',
        reasons: ['forgotten'],
        targetId: match.id,
      });
    return match === undefined;
  });
  // Learned on a branch other than the default one: scoped to it, judged against what that branch sees.
  const scope = judgeable.length > 0 ? readWriteScope(context.root, context.config) : undefined;
  const existing =
    judgeable.length > 0
      ? readExistingEntries(context.root, context.config, 'shared', writeView(context.config, scope))
      : [];
  const filtered = branchVerdicts(
    applyFilter(judgeable, existing, context.config.filter),
    (id) => existing.find((entry) => entry.id === id)?.provenance.scope,
    scope,
  );
  // A new entry that a human-written CLAUDE.md line already says is no new memory.
  const human = filtered.some((verdict) => verdict.action === 'add') ? readHumanLines(context.root) : [];
  const judged = filtered.map((verdict): Verdict =>
    verdict.action === 'add' && saidByClaudeMd(verdict.candidate.text, human) !== undefined
      ? { candidate: verdict.candidate, accepted: false, action: 'reject', reasons: ['in-claude-md'] }
      : verdict,
  );
  // What mem extracts by itself never rewrites an entry (the agent's or a person's wording wins):
  // a sharper-looking restatement only adds provenance.
  const kept = judged.map((verdict): Verdict =>
    verdict.action === 'supersede' && !writesOver(verdict.candidate) ? { ...verdict, action: 'merge' } : verdict,
  );
  // What the filter accepts but nobody asked for in so many words waits in the pending inbox, when
  // it comes from a strong source; the rest is only logged.
  // On a detached HEAD with no branch (a tag, a commit, a CI checkout), nothing is written by
  // itself: it would be team-wide, told to the default branch as fact; it waits for a person.
  const detached =
    kept.some((verdict) => verdict.accepted && verdict.action !== 'merge') &&
    isDetachedWithoutBranch(context.root, context.config);
  const notWritten = kept.filter(
    (verdict) => verdict.accepted && verdict.action !== 'merge' && (detached || !writesByItself(verdict.candidate)),
  );
  const pending = notWritten.filter((verdict) => detached || inboxRank(verdict.candidate) !== undefined);
  const verdicts = [
    ...kept.filter((verdict) => !notWritten.includes(verdict)),
    ...notWritten
      .filter((verdict) => !pending.includes(verdict))
      .map((verdict): Verdict => ({
        candidate: verdict.candidate,
        accepted: false,
        action: 'reject',
        reasons: [...verdict.reasons, 'not-asked'],
      })),
    ...forgottenVerdicts,
  ];
  await recordPending(context, pending, sessionId);
  const changes = verdicts.some((verdict) => verdict.accepted && verdict.action !== 'merge');
  const now = context.now();
  const write = changes
    ? await writeDurable({
        root: context.root,
        paths: context.paths,
        config: context.config,
        target: 'shared',
        verdicts,
        author: readGitAuthor(context.root),
        session: sessionId,
        ...(agent ? { agent } : {}),
        ...(scope === undefined ? {} : { scope }),
        now,
        lockTimeoutMs: lockWaitFor(context),
      })
    : null;
  for (const repair of write?.repairs ?? []) context.notes.push(repair);
  if (write && write.overflow > 0)
    context.notes.push(
      `managed region over its line budget: ${write.overflow} entr${write.overflow === 1 ? 'y' : 'ies'} past region.maxLines`,
    );
  logVerdicts(context.paths, verdicts, {
    at: now.toISOString(),
    session: sessionId,
    entryIds: write?.entryIds ?? new Map(),
  });
  const changing = verdicts.filter((verdict) => verdict.accepted && verdict.action !== 'merge').length;
  return write && write.changedFiles.length > 0 ? changing : 0;
}

/** Text a person typed as a memory (`#` line, `mem remember`) may replace an entry's wording; mem's own extraction never does. */
function writesOver(candidate: Candidate): boolean {
  return candidate.source === 'memory-input' || candidate.source === 'manual';
}

/** Puts candidates in the pending inbox and logs them as pending; never throws (the inbox is advice). */
async function recordPending(context: HookContext, verdicts: readonly Verdict[], sessionId: string): Promise<void> {
  if (verdicts.length === 0) return;
  const now = context.now();
  try {
    const added = await addPending(
      context.paths.stateDir,
      verdicts.map(({ candidate }) => ({
        text: candidate.text,
        section: candidate.section,
        source: candidate.source,
        origin: candidate.origin,
        from:
          candidate.from ??
          `session ${sessionId.slice(0, 8)}, ${candidate.origin === 'user' ? "the user's words" : "the agent's turn"}`,
        session: sessionId,
        rank: inboxRank(candidate) ?? 0,
      })),
      now,
      context.config.pending.expireDays,
    );
    const records: CandidateLogRecord[] = added.map((item) => ({
      at: now.toISOString(),
      session: sessionId,
      text: redactSecrets(item.text).slice(0, 500),
      section: item.section,
      source: item.source,
      origin: item.origin,
      accepted: false,
      action: 'pend',
      reasons: [],
      entryId: item.id,
    }));
    appendCandidateRecords(context.paths.candidateLog, records);
  } catch (error) {
    context.notes.push(`pending inbox not updated: ${(error as Error).message}`);
  }
}
