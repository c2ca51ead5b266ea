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
};
