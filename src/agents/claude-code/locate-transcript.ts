/**
 * Finding a session's transcript. `transcript_path` has been wrong or missing in several Claude
 * Code releases (resumed/forked sessions, worktrees, /clear), so a missing one falls back to
 * `<CLAUDE_CONFIG_DIR or ~/.claude>/projects/<any>/<session_id>.jsonl`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type TranscriptLocation = { path: string; fellBack: boolean } | { path: null; problem: string };

/** Returns where the transcript is, or why none could be used; never throws. */
export function locateTranscript(
  given: string | null,
  sessionId: string,
  env: NodeJS.ProcessEnv,
  find: TranscriptFinder = findClaudeTranscript,
): TranscriptLocation {
  if (given) {
    const kind = fileKind(given);
    if (kind === 'file') return { path: given, fellBack: false };
    const fallback = find(sessionId, env);
    if (fallback) return { path: fallback, fellBack: true };
    return {
      path: null,
      problem:
        kind === 'directory' ? `transcript_path is a directory: ${given}` : `transcript_path does not exist: ${given}`,
    };
  }
  const fallback = find(sessionId, env);
  return fallback
    ? { path: fallback, fellBack: true }
    : { path: null, problem: 'no transcript_path given and none found for this session' };
}

function fileKind(path: string): 'file' | 'directory' | 'missing' {
  try {
    const stat = statSync(path);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'missing';
  } catch {
    return 'missing';
  }
}

/** Where an agent keeps a session's transcript when the payload does not say (each agent has its own). */
export type TranscriptFinder = (sessionId: string, env: NodeJS.ProcessEnv) => string | null;

/** Claude Code: `<CLAUDE_CONFIG_DIR or ~/.claude>/projects/<any>/<session_id>.jsonl`. */
export function findClaudeTranscript(sessionId: string, env: NodeJS.ProcessEnv): string | null {
  const configDir = env['CLAUDE_CONFIG_DIR'] || join(env['HOME'] || homedir(), '.claude');
  const projects = join(configDir, 'projects');
  if (!existsSync(projects)) return null;
  try {
    for (const project of readdirSync(projects)) {
      const candidate = join(projects, project, `${sessionId}.jsonl`);
      if (fileKind(candidate) === 'file') return candidate;
    }
  } catch {
    /* unreadable config dir */
  }
  return null;
}
