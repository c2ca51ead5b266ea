import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { listCandidates, type ListedCandidate } from '../../durable/candidates.js';

/** `mem candidates`: what the filter saw, and why it kept or left out each candidate. */
export default class Candidates extends BaseCommand {
  static override summary = 'Recent memory candidates with the quality filter\'s verdict and reasons: why something was or was not remembered.';
  static override description = [
    'Newest first. Secrets are never shown: a candidate rejected as a secret appears with its reason only.',
    'JSON: [{at, session, verdict: accepted|rejected|flagged|forgotten, action, reasons: [{code, explanation}], section, source, origin, text|null, entryId, targetId}].',
  ].join('\n');

  static override examples = ['<%= config.bin %> candidates', '<%= config.bin %> candidates --rejected', '<%= config.bin %> candidates --json --limit 50'];
  static override flags = {
    rejected: Flags.boolean({ description: 'only candidates left out (rejected or flagged)' }),
    json: Flags.boolean({ description: 'print the candidates as a JSON array (see description)' }),
    limit: Flags.integer({ char: 'n', description: 'how many to show', default: 20, min: 1, max: 10_000 }),
    session: Flags.string({ description: 'only candidates from this agent session (id or prefix)' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Candidates);
    const candidates = listCandidates(process.cwd(), {
      rejected: flags.rejected,
      limit: flags.limit,
      ...(flags.session === undefined ? {} : { session: flags.session }),
    });
    if (flags.json) return this.printJson(candidates);
    this.log(renderCandidates(candidates, flags.rejected));
  }
}

/** Returns the human listing: a header line per candidate, its text, then one plain-words line per reason. */
function renderCandidates(candidates: readonly ListedCandidate[], rejectedOnly: boolean): string {
  if (candidates.length === 0) return rejectedOnly ? 'nothing was left out recently' : 'no candidates yet (the Stop hook logs them at the end of each agent turn)';
  const blocks = candidates.map((candidate) => {
    const head = [
      candidate.at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''),
      candidate.verdict + (candidate.action !== candidate.verdict && candidate.verdict === 'accepted' ? ` (${candidate.action})` : ''),
      candidate.section || '-',
      `${candidate.source} by ${candidate.origin}`,
      candidate.session ? `session ${candidate.session.slice(0, 8)}` : '',
      candidate.entryId ? `entry ${candidate.entryId}` : candidate.targetId ? `about ${candidate.targetId}` : '',
    ].filter(Boolean);
    const text = candidate.text === null ? '(text withheld: it contained a secret)' : JSON.stringify(candidate.text);
    return [head.join(' · '), `  ${text}`, ...candidate.reasons.map((reason) => `  - ${reason.code}: ${reason.explanation}`)].join('\n');
  });
  return blocks.join('\n\n');
}
