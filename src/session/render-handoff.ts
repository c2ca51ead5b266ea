/**
 * The session handoff file: what the next session starts from. Deterministic markdown rendered
 * from SessionState; every quoted user or agent text goes through `redact` (the secret scanner).
 */
import type { FileTouch, SessionState } from './session-state.js';

export type HandoffOptions = {
  /** Absolute worktree root, to print repository-relative paths. */
  root: string;
  contextFiles: number;
  redact: (text: string) => string;
};

/** Returns the handoff markdown for `state`. */
export function renderHandoff(state: SessionState, options: HandoffOptions): string {
  const say = (text: string) => options.redact(text);
  const lines: string[] = [];
  lines.push(`# Session handoff ${state.startedAt.slice(0, 10)} ${shortSessionId(state.sessionId)}`, '');

  lines.push('## Current State', '');
  lines.push(`- Goal: ${state.goal ? say(state.goal) : '(no request recorded yet)'}`);
  if (state.latestRequest && state.latestRequest !== state.goal) lines.push(`- Latest request: ${say(state.latestRequest)}`);
  lines.push(`- Branch: ${state.branch ?? 'unknown'}`);
  lines.push(`- Last update: ${state.updatedAt} (${state.promptCount} prompt${state.promptCount === 1 ? '' : 's'})`);
  lines.push('');

  const completed = state.tasks.filter((task) => task.status === 'completed');
  lines.push('## Completed', '');
  if (completed.length > 0) for (const task of completed) lines.push(`- ${say(task.subject)}`);
  const edited = [...state.edited].sort(byRecency);
  if (edited.length > 0) lines.push(`- Edited ${edited.length} file${edited.length === 1 ? '' : 's'}: ${edited.slice(0, 8).map((file) => `\`${relativePath(file.path, options.root)}\``).join(', ')}`);
  if (completed.length === 0 && edited.length === 0) lines.push('- Nothing recorded yet.');
  lines.push('');

  const open = state.tasks.filter((task) => task.status !== 'completed');
  lines.push('## In Progress', '');
  for (const task of open.filter((task) => task.status === 'in_progress')) lines.push(`- ${say(task.subject)} (in progress)`);
  for (const task of open.filter((task) => task.status === 'pending')) lines.push(`- ${say(task.subject)} (pending)`);
  for (const failure of state.failures) lines.push(`- Failing: \`${say(failure.command)}\`${failure.excerpt ? ` — ${say(failure.excerpt)}` : ''}`);
  if (open.length === 0 && state.failures.length === 0) lines.push('- Nothing open.');
  lines.push('');

  lines.push('## Notes for Next Session', '');
  if (state.lastAssistantMessage) lines.push(`- Last agent report: ${say(state.lastAssistantMessage)}`);
  if (state.failures.length > 0) lines.push(`- ${state.failures.length} command${state.failures.length === 1 ? '' : 's'} still failing at the last turn; re-run before building on them.`);
  if (open.length > 0) lines.push(`- ${open.length} task${open.length === 1 ? '' : 's'} not completed.`);
  if (!state.lastAssistantMessage && state.failures.length === 0 && open.length === 0) lines.push('- None.');
  lines.push('');

  lines.push('## Context to Load', '');
  const context = contextFiles(state, options.contextFiles);
  if (context.length === 0) lines.push('- No files touched yet.');
  for (const item of context) lines.push(`- \`${relativePath(item.file.path, options.root)}\` (${item.why})`);
  lines.push('');

  // Only a session that was compacted has this section: an empty one is noise for the next session.
  if (state.compactions.length > 0) {
    lines.push('## Compactions', '');
    for (const compaction of state.compactions) {
      const tokens = compaction.preTokens !== undefined ? `, ${compaction.preTokens.toLocaleString('en-US')} tokens before` : '';
      lines.push(`- ${compaction.at} (${compaction.trigger}${tokens})`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** Returns the first 8 characters of a session id, as used in handoff file names. */
export function shortSessionId(sessionId: string): string {
  return sessionId.slice(0, 8);
}

function contextFiles(state: SessionState, limit: number): { file: FileTouch; why: string }[] {
  const picked: { file: FileTouch; why: string }[] = [];
  const seen = new Set<string>();
  for (const file of [...state.edited].sort(byRecency)) {
    picked.push({ file, why: `edited${file.count > 1 ? ` ${file.count}×` : ''}` });
    seen.add(file.path);
  }
  const heavyReads = state.read.filter((file) => !seen.has(file.path)).sort((a, b) => b.count - a.count || b.last - a.last);
  for (const file of heavyReads) picked.push({ file, why: `read ${file.count}×` });
  return picked.slice(0, limit);
}

function byRecency(a: FileTouch, b: FileTouch): number {
  return b.last - a.last;
}

function relativePath(path: string, root: string): string {
  const normalisedRoot = root.replace(/\\/g, '/').replace(/\/$/, '');
  return path.startsWith(`${normalisedRoot}/`) ? path.slice(normalisedRoot.length + 1) : path;
}
