/**
 * The reason a user types when rejecting a tool call is a correction no nudge ever quoted to the
 * agent (the nudge runs on typed prompts only): the inbox is its only way to a person, so it ranks
 * above an answer picked among the agent's own options and below an explicit request. Written apart
 * from the rules (issue 26); a rejection with no lasting statement proposes nothing.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTIONS } from '../../../../src/core/memory-file/entry.js';
import { extractCandidates, type ExtractContext } from '../../../../src/durable/extract/extract-candidates.js';
import { inboxRank } from '../../../../src/durable/inbox/inbox-rank.js';
import { writesByItself } from '../../../../src/durable/gate/writes-by-itself.js';
import type { TranscriptEvent } from '../../../../src/agents/transcript-event.js';

const context: ExtractContext = { sessionId: 's1', sections: DEFAULT_SECTIONS, commandMinSuccesses: 1 };
const REJECTED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). The user provided the following reason for the rejection:  ";

function rejected(reason: string): TranscriptEvent[] {
  return [
    { kind: 'user-prompt', text: 'set up the project' },
    { kind: 'tool-use', toolUseId: 't1', name: 'Write', input: { file_path: 'plan.md', content: '…' } },
    { kind: 'tool-result', toolUseId: 't1', isError: true, text: `${REJECTED}${reason}` },
  ];
}

describe('a rejection reason waits in the inbox as a correction', () => {
  it.each([
    'I want the build to produce one ESM file that the function can load as it is',
    'we never store dates as strings, use the Date type everywhere',
    'I need a setting for how many retries we allow ?',
    'please use the existing http client in src/net instead of adding axios',
    'the logs should stay in English even when the UI is in French',
    'I also want the output to be a single bundle (if possible, everything in one file, no external assets in production, only in dev)',
  ])('%j', (reason) => {
    const inbox = extractCandidates(rejected(reason), context).filter(
      (candidate) => inboxRank(candidate) !== undefined,
    );
    expect(inbox.length).toBeGreaterThan(0);
    for (const candidate of inbox) {
      expect(candidate.source).toBe('correction');
      expect(candidate.text).not.toMatch(/^\(|\($|^[^(]*\)/);
    }
  });

  it('ranks above an answer among the agent options, below an explicit request', () => {
    const correction = extractCandidates(
      rejected('we never store dates as strings, use the Date type everywhere'),
      context,
    ).find((c) => c.source === 'correction');
    expect(correction).toBeDefined();
    const rank = inboxRank(correction!) ?? 0;
    expect(rank).toBeGreaterThan(
      inboxRank({
        text: 'Stack: TypeScript.',
        section: 'Decisions',
        source: 'question-answer',
        origin: 'user',
        evidence: { eventIndex: 0 },
      }) ?? 0,
    );
    expect(rank).toBeLessThan(
      inboxRank({
        text: 'Use pnpm.',
        section: 'Conventions',
        source: 'explicit-request',
        origin: 'user',
        evidence: { eventIndex: 0 },
      }) ?? 0,
    );
  });

  it('a misspelt explicit request in a rejection is written as one sentence', () => {
    const written = extractCandidates(
      rejected('Rember that you are using windows, please use docker if the tests do not run'),
      context,
    ).filter(writesByItself);
    expect(written.map((c) => c.text)).toEqual(['You are using windows, please use docker if the tests do not run.']);
  });

  it.each(['no', 'not now, first show me the diff', 'wait', 'this is the wrong file'])(
    '%j proposes nothing for the inbox',
    (reason) => {
      expect(
        extractCandidates(rejected(reason), context).filter((candidate) => inboxRank(candidate) !== undefined),
      ).toEqual([]);
    },
  );
});
