/**
 * What `mem lint` reports: per agent, the files it loads at start-up with their size, and the
 * findings over them. This is the `--json` shape (documented in docs/lint.md); fields are only
 * ever added.
 */
export const LINT_AGENTS = ['claude', 'codex', 'gemini'] as const;
export type LintAgent = (typeof LINT_AGENTS)[number];

export const LINT_LEVELS = ['info', 'warning', 'error'] as const;
export type LintLevel = (typeof LINT_LEVELS)[number];

/** Why an agent loads a file: its own memory file, a local one, a rules file, mem's team memory, an `@` import, Codex's override or fallback name, a Gemini context name. */
export type LoadReason = 'memory' | 'local' | 'rules' | 'team' | 'import' | 'override' | 'fallback' | 'context';

export type LoadedFile = {
  /** Repository-relative, "/" separators. */
  path: string;
  reason: LoadReason;
  bytes: number;
  /** Estimated tokens (TOKEN_ESTIMATE). */
  tokens: number;
  /** The file whose `@` import brought this one in. */
  importedFrom?: string;
  /** `paths:` globs of a path-scoped rules file (loaded only once a matching file is read). */
  globs?: string[];
  /** Codex: the bytes of this file that fit under its cap (absent: all of them). */
  keptBytes?: number;
};

export type AgentLoad = {
  agent: LintAgent;
  /** The directory the agent is started in, repository-relative ("" for the root). */
  dir: string;
  /** What is loaded at start-up, in the order the agent reads it. */
  files: LoadedFile[];
  /** Claude Code's path-scoped rules: loaded later, when a matching file is read. */
  scoped: LoadedFile[];
  /** Bytes and estimated tokens of `files` (Codex: only what fits under its cap). */
  bytes: number;
  tokens: number;
  /** Codex's byte cap (project_doc_max_bytes). */
  capBytes?: number;
};

export type LintFinding = {
  /** Stable: scripts may match on it (docs/lint.md lists them). */
  code: string;
  level: LintLevel;
  file: string;
  /** 1-based; 0 when the finding is about the file as a whole. */
  line: number;
  message: string;
  /** The other place involved (the first copy of a duplicate, the rule contradicted). */
  related?: { file: string; line: number };
};

export type LintReport = {
  dir: string;
  tokenEstimate: string;
  agents: AgentLoad[];
  findings: LintFinding[];
  counts: Record<LintLevel, number>;
};

/** The token estimate used for every figure: a quarter of the bytes (bench/README.md gives its error against a real tokenizer). */
export const TOKEN_ESTIMATE = 'bytes/4';

/** Returns the estimated tokens of `bytes` bytes of text; never throws. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}
