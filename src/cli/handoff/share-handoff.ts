/**
 * `mem handoff share` / `unshare`, and `handoff.share: auto|ask` at pre-push: this clone's newest
 * session handoff of a branch (session/) published on the handoffs ref (team/). Only the handoff
 * leaves, never the transcript, after the outgoing gates (shared-handoff.ts).
 */
import { join } from 'node:path';
import { MemError } from '../../core/errors.js';
import { readCurrentBranch } from '../../core/git/repo-root.js';
import { readWorkTreeGit } from '../../core/git/read-work-tree-git.js';
import { runGitSync } from '../../core/git/run-git.js';
import { writeCacheFileSync } from '../../core/files/atomic-write.js';
import { listSessions, loadSessionRecord, readHandoff } from '../../session/session-store.js';
import { openTeamContext, readGitAuthor, type TeamContext } from '../../team/team-context.js';
import { publishHandoff, unpublishHandoff } from '../../team/handoffs/sync-shared-handoffs.js';
import { outgoingLine, outgoingText, whoOf, type SharedHandoff } from '../../team/handoffs/shared-handoff.js';
import { readFileSync } from 'node:fs';

export type ShareOutcome =
  | { status: 'shared' | 'unchanged'; branch: string; who: string; updatedAt: string; droppedLines: number }
  | { status: 'failed'; branch: string; message: string };

/** Returns the branch a handoff command is about: the flag's, else the one checked out; throws USAGE on a detached HEAD. */
export function handoffBranch(root: string, flag: string | undefined): string {
  const branch = flag ?? readCurrentBranch(root);
  if (!branch || branch === 'HEAD')
    throw new MemError('USAGE', 'no branch is checked out (detached HEAD)', {
      hint: 'name one: mem handoff share --branch <branch>',
    });
  return branch;
}

/** The newest session of this clone on `branch` that has a handoff, or null. */
function newestOwnSession(
  context: TeamContext,
  branch: string,
): { sessionId: string; updatedAt: string; handoffFile: string } | null {
  return (
    listSessions(context.paths).find(
      (session) =>
        session.branch === branch &&
        session.promptCount > 0 &&
        readHandoff(context.paths, session.handoffFile) !== null,
    ) ?? null
  );
}

/** Publishes this clone's newest handoff of `branch`; throws NOTHING_TO_SHARE when there is none. */
export async function shareHandoff(root: string, branch: string, now: Date): Promise<ShareOutcome> {
  const context = openTeamContext(root);
  const session = newestOwnSession(context, branch);
  if (session === null)
    throw new MemError('NOT_FOUND', `no handoff of yours for branch "${branch}" in this clone`, {
      hint: 'a handoff is written at the end of each agent turn on the branch; mem handoff list shows what teammates shared',
    });
  const record = loadSessionRecord(context.paths, session.sessionId);
  const text = outgoingText(readHandoff(context.paths, session.handoffFile) ?? '');
  const author = readGitAuthor(root);
  const git = await readWorkTreeGit(root, now.toISOString());
  const onRemote =
    runGitSync(['rev-parse', '--verify', '-q', `refs/remotes/${context.config.team.remote}/${branch}`], root) !== null;
  const handoff: SharedHandoff = {
    version: 1,
    branch,
    who: whoOf(author.email),
    name: outgoingLine(author.name, 200),
    sharedAt: now.toISOString(),
    updatedAt: session.updatedAt,
    goal: outgoingLine(record?.state.goal ?? '', 600),
    git: { tip: git?.tip ?? null, clean: (git?.uncommitted.length ?? 0) === 0, onRemote },
    text: text.text,
  };
  const outcome = await publishHandoff(context, handoff, now);
  if (!outcome.ok) return { status: 'failed', branch, message: outcome.message };
  noteShared(context, branch, session.updatedAt);
  return {
    status: outcome.commit === null ? 'unchanged' : 'shared',
    branch,
    who: handoff.who,
    updatedAt: session.updatedAt,
    droppedLines: text.dropped,
  };
}

/** Removes this clone's shared handoff of `branch` from the remote (its history keeps it). */
export async function unshareHandoff(
  root: string,
  branch: string,
  now: Date,
): Promise<{ status: 'removed' | 'none' } | { status: 'failed'; message: string }> {
  const context = openTeamContext(root);
  const outcome = await unpublishHandoff(context, branch, now);
  if (!outcome.ok) return { status: 'failed', message: outcome.message };
  return { status: outcome.commit === null ? 'none' : 'removed' };
}

/**
 * At pre-push (`handoff.share` auto or ask): when the checked-out branch has a handoff newer than
 * the one this clone last shared for it, `auto` shares it and `ask` returns a reminder. Returns
 * the line to print, or null. Never throws.
 */
export async function shareAtPrePush(root: string, now: Date): Promise<string | null> {
  try {
    const context = openTeamContext(root);
    const mode = context.config.handoff.share;
    if (mode === 'off' || !context.config.team.enabled) return null;
    const branch = readCurrentBranch(root);
    if (!branch || branch === 'HEAD') return null;
    const session = newestOwnSession(context, branch);
    if (session === null || session.updatedAt <= (readShared(context)[branch] ?? '')) return null;
    if (mode === 'ask')
      return `mem: your handoff for ${branch} is newer than the one you shared; \`mem handoff share\` shares it with the team`;
    const outcome = await shareHandoff(root, branch, now);
    return outcome.status === 'failed' ? `mem: warning: handoff not shared: ${outcome.message}` : null;
  } catch (error) {
    return `mem: warning: handoff not shared: ${(error as Error).message}`;
  }
}

/** What this clone last shared, per branch: the handoff's updatedAt. */
function sharedFile(context: TeamContext): string {
  return join(context.paths.stateDir, 'handoffs-shared.json');
}

function readShared(context: TeamContext): Record<string, string> {
  try {
    return JSON.parse(readFileSync(sharedFile(context), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

function noteShared(context: TeamContext, branch: string, updatedAt: string): void {
  writeCacheFileSync(sharedFile(context), `${JSON.stringify({ ...readShared(context), [branch]: updatedAt })}\n`);
}
