/**
 * What mem keeps of a Claude Code transcript line: a normalised, harness-free event stream.
 * The reader drops everything that is not typed by the user or said/done by the agent
 * (tool results are kept only as outcomes, never as text to learn from).
 */
type Envelope = {
  /** Transcript line uuid, when present (dedupe key). */
  uuid?: string;
  timestamp?: string;
  /** `gitBranch` of the line, when present. */
  branch?: string;
  /** true for subagent / sidechain lines (1.0.x inline sidechains). */
  sidechain?: boolean;
};

export type TranscriptEvent = Envelope &
  (
    | { kind: 'user-prompt'; text: string }
    /** `<user-memory-input>` from the pre-2.0.70 `#` shortcut: an explicit memory request. */
    | { kind: 'memory-input'; text: string }
    | { kind: 'assistant-text'; text: string }
    | { kind: 'tool-use'; toolUseId: string; name: string; input: Record<string, unknown> }
    /** Outcome of a tool call. `text` is a short, capped excerpt for failure reporting only. */
    | { kind: 'tool-result'; toolUseId: string; isError: boolean; text: string; exitCode?: number }
    | { kind: 'compact'; trigger: string; preTokens?: number }
  );
