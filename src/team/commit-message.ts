/**
 * The commit message of a team-branch commit: the audit log a human reads with `git log mem/team`.
 * It lists what changed entry by entry, then trailers naming who and which agent session.
 */
import { listRegionEntries } from './team-region.js';

export type CommitMessageInput = {
  before: string;
  after: string;
  forgotten: readonly string[];
  author: string;
  sessionId?: string | undefined;
  /** Why this commit exists: a local change, a merge with the team, a conflict resolution. */
  kind: 'change' | 'merge';
};

/** Returns the commit message for moving the team memory from `before` to `after`; never throws. */
export function renderTeamCommitMessage(input: CommitMessageInput): string {
  const before = new Map(listRegionEntries(input.before).map((entry) => [entry.id, entry]));
  const after = new Map(listRegionEntries(input.after).map((entry) => [entry.id, entry]));
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const [id, entry] of after) {
    const old = before.get(id);
    if (!old) added.push(line(entry.section, entry.text, id));
    else if (old.text !== entry.text || old.section !== entry.section) changed.push(line(entry.section, entry.text, id));
  }
  for (const [id, entry] of before) if (!after.has(id)) removed.push(line(entry.section, entry.text, id));
  const counts = `+${added.length} ~${changed.length} -${removed.length}`;
  const subject = `mem: ${input.kind === 'merge' ? 'merge team memory' : 'update team memory'} (${counts}) by ${input.author}`;
  const body: string[] = [subject, ''];
  if (added.length > 0) body.push('Added:', ...added, '');
  if (changed.length > 0) body.push('Changed:', ...changed, '');
  if (removed.length > 0) body.push('Removed:', ...removed, '');
  if (input.forgotten.length > 0) body.push(`Forgotten: ${input.forgotten.join(', ')}`, '');
  if (added.length + changed.length + removed.length + input.forgotten.length === 0) body.push('No entry changed (text outside entries or merge bookkeeping).', '');
  body.push(`Mem-Author: ${input.author}`);
  if (input.sessionId) body.push(`Mem-Session: ${input.sessionId}`);
  return `${body.join('\n')}\n`;
}

function line(section: string, text: string, id: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const short = flat.length > 100 ? `${flat.slice(0, 99)}…` : flat;
  return `- [${section || 'region'}] ${short} (${id})`;
}
