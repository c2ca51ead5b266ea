import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT, MemError } from '../../core/errors.js';
import type { ListedCandidate } from '../../durable/candidates.js';

/** `mem candidates`: the pending inbox, and why the filter kept or left out each candidate. */
export default class Candidates extends BaseCommand {
  static override summary =
    'The pending inbox (memory mem noticed but did not write by itself) and recent candidates with the verdict and reasons.';
  static override description = [
    'Pending candidates come first: settle one with --accept ID (optionally --section and --text to file or reword it) or --reject ID. Accepting goes through the same quality filter as mem remember; a rejected text is not offered again. Pending expires after pending.expireDays (.memory/config.json).',
    'Then the settled candidates, newest first. Secrets are never shown: a candidate rejected as a secret appears with its reason only.',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '[{id|null, status: written|pending|rejected|flagged|forgotten, from|null, at, session, verdict, action, reasons: [{code, explanation}], section, source, origin, text|null, entryId, targetId}]; with --accept/--reject: {id, status: accepted|rejected|refused, candidate, remember}';

  static override examples = [
    '<%= config.bin %> candidates',
    '<%= config.bin %> candidates --pending',
    '<%= config.bin %> candidates --accept p1a2b3 --section Conventions',
    '<%= config.bin %> candidates --accept p1a2b3 --text "Use pnpm, never npm."',
    '<%= config.bin %> candidates --reject p1a2b3',
    '<%= config.bin %> candidates --rejected',
    '<%= config.bin %> candidates --json --limit 50',
  ];
  static override flags = {
    pending: Flags.boolean({ description: 'only the pending inbox' }),
    accept: Flags.string({
      description: 'accept the pending candidate with this id: remember it',
      exclusive: ['reject'],
    }),
    reject: Flags.string({
      description: 'reject the pending candidate with this id: drop it, never offer it again',
      exclusive: ['accept'],
    }),
    section: Flags.string({
      char: 's',
      description: 'with --accept: the section to file it under',
      dependsOn: ['accept'],
    }),
    text: Flags.string({ description: 'with --accept: remember this wording instead', dependsOn: ['accept'] }),
    rejected: Flags.boolean({ description: 'only candidates left out (rejected or flagged)' }),
    json: Flags.boolean({ description: 'print JSON (its shape: README, command reference)' }),
    limit: Flags.integer({
      char: 'n',
      description: 'how many settled candidates to show',
      default: 20,
      min: 1,
      max: 10_000,
    }),
    session: Flags.string({ description: 'only candidates from this agent session (id or prefix)' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Candidates);
    if (flags.accept !== undefined || flags.reject !== undefined) {
      const [{ acceptPending, rejectPending }, { teamSharedMemory }] = await Promise.all([
        import('../../durable/inbox/settle-candidate.js'),
        import('../../team/shared-memory.js'),
      ]);
      const outcome =
        flags.accept !== undefined
          ? await acceptPending(process.cwd(), flags.accept, teamSharedMemory, {
              ...(flags.section === undefined ? {} : { section: flags.section }),
              ...(flags.text === undefined ? {} : { text: flags.text }),
              env: process.env,
            })
          : await rejectPending(process.cwd(), flags.reject ?? '');
      process.exitCode = outcome.status === 'refused' ? EXIT.failure : EXIT.ok;
      if (flags.json) return this.printJson(outcome);
      if (outcome.status === 'rejected') return this.log(`rejected ${outcome.id}: ${outcome.candidate.text}`);
      const remember = outcome.remember;
      if (outcome.status === 'refused') {
        const why = (remember?.reasons ?? []).map((reason) => `  - ${reason.code}: ${reason.explanation}`).join('\n');
        throw new MemError('FILTER_REFUSED', `${outcome.id} was not remembered; it stays pending\n${why}`, {
          hint: 'Reword it with --text "…", or drop it with --reject.',
        });
      }
      return this.log(
        `accepted ${outcome.id} as ${remember?.id ?? remember?.target?.id ?? '?'} (${remember?.section ?? ''}): ${remember?.text ?? outcome.candidate.text}`,
      );
    }
    const { listCandidates } = await import('../../durable/candidates.js');
    const candidates = listCandidates(process.cwd(), {
      rejected: flags.rejected,
      pending: flags.pending,
      limit: flags.limit,
      ...(flags.session === undefined ? {} : { session: flags.session }),
    });
    if (flags.json) return this.printJson(candidates);
    this.log(renderCandidates(candidates, flags.rejected, flags.pending));
  }
}

/** Returns the human listing: the inbox first (id, where it came from), then one block per settled candidate. */
function renderCandidates(candidates: readonly ListedCandidate[], rejectedOnly: boolean, pendingOnly: boolean): string {
  if (candidates.length === 0 && pendingOnly)
    return 'the pending inbox is empty: nothing waits for you (settled candidates: mem candidates)';
  if (candidates.length === 0)
    return rejectedOnly
      ? 'nothing was left out recently'
      : 'no candidates yet (the Stop hook logs them at the end of each agent turn)';
  const pending = candidates.filter((candidate) => candidate.status === 'pending');
  const settled = candidates.filter((candidate) => candidate.status !== 'pending');
  const parts: string[] = [];
  if (pending.length > 0) {
    parts.push(
      [
        `${pending.length} pending (accept: mem candidates --accept ID [--section S] [--text "…"]; reject: mem candidates --reject ID):`,
        ...pending.map(
          (candidate) =>
            `  ${candidate.id ?? '?'}  [${candidate.section}] ${JSON.stringify(candidate.text)}\n          ${candidate.source}, ${candidate.from ?? ''}, ${candidate.at.slice(0, 10)}`,
        ),
      ].join('\n'),
    );
  }
  const blocks = settled.map((candidate) => {
    const head = [
      candidate.at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''),
      candidate.status +
        (candidate.action !== candidate.verdict && candidate.verdict === 'accepted' ? ` (${candidate.action})` : ''),
      candidate.section || '-',
      `${candidate.source} by ${candidate.origin}`,
      candidate.session ? `session ${candidate.session.slice(0, 8)}` : '',
      candidate.entryId ? `entry ${candidate.entryId}` : candidate.targetId ? `about ${candidate.targetId}` : '',
    ].filter(Boolean);
    const text = candidate.text === null ? '(text withheld: it contained a secret)' : JSON.stringify(candidate.text);
    return [
      head.join(' · '),
      `  ${text}`,
      ...candidate.reasons.map((reason) => `  - ${reason.code}: ${reason.explanation}`),
    ].join('\n');
  });
  parts.push(...blocks);
  return parts.join('\n\n');
}
