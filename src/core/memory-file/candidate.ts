/**
 * A candidate memory: one standalone rule proposed by the extractor, waiting for the filter's
 * verdict. It carries where it came from so every verdict can be explained.
 */

/** Which extractor proposed the candidate (shown by `mem candidates`). */
export type CandidateSource =
  | 'explicit-request'
  | 'memory-input'
  | 'correction'
  | 'spec-rule'
  | 'command'
  | 'gotcha'
  | 'reference'
  | 'agent-tag'
  | 'agent-remember'
  /** A sentence of a prompt the high-recall detector noticed (never written without review). */
  | 'noticed'
  /** The user's answer to a question the agent asked (AskUserQuestion). */
  | 'question-answer'
  /** Claude Code's own auto memory (topic files under the user's config directory). */
  | 'auto-memory'
  | 'manual';

/**
 * Who said it. Only 'user' and 'agent' may become memory: 'tool' marks text that came from a
 * tool result or a file, which the filter always rejects.
 */
export type CandidateOrigin = 'user' | 'agent' | 'tool';

export type CandidateEvidence = {
  /** Index of the event in the batch given to the extractor. */
  eventIndex: number;
  /** Transcript line uuid, when the event had one. */
  uuid?: string;
};

export type Candidate = {
  /** The rule as it would be written in CLAUDE.md: standalone, capitalised, ending with a period. */
  text: string;
  section: string;
  source: CandidateSource;
  origin: CandidateOrigin;
  evidence: CandidateEvidence;
  /** The user asked for it to be remembered in so many words ("remember: …", "note for the future: …"). */
  explicit?: true;
  /** How strongly the nudge's detector noticed it (noticed sentences only): ranks the pending inbox. */
  score?: number;
  /** Where it came from, in words, when not a turn of the session (e.g. "auto memory: testing.md"). */
  from?: string;
};
