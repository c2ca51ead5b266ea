/**
 * The session handoff file: what the next session starts from. Deterministic markdown rendered
 * from SessionState; every quoted user or agent text goes through `redact` (the secret scanner).
 */
import type { FileTouch, SessionState, Task } from './session-state.js';
import type { WorkTreeGit } from '../core/git/read-work-tree-git.js';
import { fileGitState, filesNamedIn, type FileGitState } from './file-git-state.js';

export type HandoffOptions = {
  /** Absolute worktree root, to print repository-relative paths. */
  root: string;
  contextFiles: number;
  redact: (text: string) => string;
  /** What git said at the end of the turn (absent or null: not a repository, git failed; no states are written). */
  git?: WorkTreeGit | null;
};

/** Returns the handoff markdown for `state`. */
export function renderHandoff(state: SessionState, options: HandoffOptions): string {
  const say = (text: string) => options.redact(text);
  const lines: string[] = [];
  lines.push(`# Session handoff ${state.startedAt.slice(0, 10)} ${shortSessionId(state.sessionId)}`, '');

  lines.push('## Current State', '');
  lines.push(`- Goal: ${state.goal ? say(state.goal) : '(no request recorded yet)'}`);
  if (state.latestRequest && state.latestRequest !== state.goal)
    lines.push(`- Latest request: ${say(state.latestRequest)}`);
  const git = options.git ?? null;
  lines.push(git ? `- Branch: ${branchLine(git)}` : `- Branch: ${state.branch ?? 'unknown'}`);
  lines.push(`- Last update: ${state.updatedAt} (${state.promptCount} prompt${state.promptCount === 1 ? '' : 's'})`);
  lines.push('');

  const completed = state.tasks.filter((task) => task.status === 'completed');
  const open = state.tasks.filter((task) => task.status !== 'completed');
  const edited = [...state.edited].sort(byRecency);
  const editedPaths = edited.map((file) => relativePath(file.path, options.root));
  const states = new Map<string, FileGitState>(git ? editedPaths.map((path) => [path, fileGitState(path, git)]) : []);
  const named = (task: Task) => (git ? filesNamedIn(task.subject, editedPaths) : []);
  const openFiles = new Set(open.flatMap(named));
  // What the Completed section claims done: files its tasks name, and edits no open task names.
  const claimedDone = new Set([...completed.flatMap(named), ...editedPaths.filter((path) => !openFiles.has(path))]);
  const withStates = (paths: readonly string[], done: boolean) =>
    paths.map((path) => `\`${path}\`${stateLabel(states.get(path), done)}`).join(', ');

  lines.push('## Completed', '');
  for (const task of completed) {
    const files = named(task);
    lines.push(`- ${say(task.subject)}${files.length > 0 ? ` — ${withStates(files, true)}` : ''}`);
  }
  if (edited.length > 0) {
    const shown = editedPaths.slice(0, 8);
    lines.push(
      `- Edited ${edited.length} file${edited.length === 1 ? '' : 's'}: ${git ? shown.map((path) => `\`${path}\`${stateLabel(states.get(path), claimedDone.has(path))}`).join(', ') : shown.map((path) => `\`${path}\``).join(', ')}`,
    );
  }
  if (completed.length === 0 && edited.length === 0) lines.push('- Nothing recorded yet.');
  lines.push('');

  lines.push('## In Progress', '');
  for (const status of ['in_progress', 'pending'] as const) {
    for (const task of open.filter((candidate) => candidate.status === status)) {
      const files = named(task);
      lines.push(
        `- ${say(task.subject)} (${status === 'pending' ? 'pending' : 'in progress'})${files.length > 0 ? ` — ${withStates(files, false)}` : ''}`,
      );
    }
  }
  for (const failure of state.failures)
    lines.push(`- Failing: \`${say(failure.command)}\`${failure.excerpt ? ` — ${say(failure.excerpt)}` : ''}`);
  if (open.length === 0 && state.failures.length === 0) lines.push('- Nothing open.');
  lines.push('');

  lines.push('## Notes for Next Session', '');
  if (state.lastAssistantMessage) lines.push(`- Last agent report: ${say(state.lastAssistantMessage)}`);
  const notCommitted = [...claimedDone].filter((path) => states.get(path)?.kind === 'uncommitted');
  if (notCommitted.length > 0)
    lines.push(`- Claimed done but not committed: ${notCommitted.map((path) => `\`${path}\``).join(', ')}.`);
  if (state.failures.length > 0)
    lines.push(
      `- ${state.failures.length} command${state.failures.length === 1 ? '' : 's'} still failing at the last turn; re-run before building on them.`,
    );
  if (open.length > 0) lines.push(`- ${open.length} task${open.length === 1 ? '' : 's'} not completed.`);
  if (!state.lastAssistantMessage && notCommitted.length === 0 && state.failures.length === 0 && open.length === 0)
    lines.push('- None.');
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
      const tokens =
        compaction.preTokens !== undefined ? `, ${compaction.preTokens.toLocaleString('en-US')} tokens before` : '';
      lines.push(`- ${compaction.at} (${compaction.trigger}${tokens})`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** "feature at 1a2b3c4, work tree clean", as git said it at the end of the turn. */
function branchLine(git: WorkTreeGit): string {
  const changed = git.uncommitted.length;
  const tree =
    changed === 0
      ? 'work tree clean'
      : `work tree not clean (${changed} path${changed === 1 ? '' : 's'} changed, not committed)`;
  return `${git.branch ?? '(detached HEAD)'} at ${git.tip ?? '(no commit yet)'}, ${tree}`;
}

/** " (committed in 1a2b3c4)", " (claimed done but not committed)", …; '' when git was not read. */
function stateLabel(state: FileGitState | undefined, claimedDone: boolean): string {
  if (state === undefined) return '';
  if (state.kind === 'committed') return ` (committed in ${state.commit})`;
  if (state.kind === 'uncommitted')
    return claimedDone ? ' (claimed done but not committed)' : ' (changed, not committed)';
  return ' (no change in git)';
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
  const heavyReads = state.read
    .filter((file) => !seen.has(file.path))
    .sort((a, b) => b.count - a.count || b.last - a.last);
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
