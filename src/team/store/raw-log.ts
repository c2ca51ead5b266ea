/** `git log --raw` of the team store, read: each commit's parents, author and changed files. */

/** A commit's git author: %an, %ae and %aI. */
export type CommitAuthor = { name: string; email: string; at: string };

export type LoggedChange = {
  path: string;
  oldOid: string | null;
  newOid: string | null;
  oldMode: string | null;
  newMode: string | null;
};
export type LoggedCommit = { commit: string; parents: string[]; author: CommitAuthor; changes: LoggedChange[] };

/** The arguments of a `git log` whose output parseRawLog reads. */
export const RAW_LOG_ARGS = [
  'log',
  '-z',
  '--no-renames',
  '--raw',
  '--no-abbrev',
  '--format=%x01%H%x1f%P%x1f%an%x1f%ae%x1f%aI',
];

/** Parses `log -z --raw` with RAW_LOG_ARGS' format; null when the output is not that. */
export function parseRawLog(out: string): LoggedCommit[] | null {
  const commits: LoggedCommit[] = [];
  const tokens = out.split('\0');
  const zero = /^0+$/;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = (tokens[index] as string).replace(/^\n/, '');
    if (token === '') continue;
    if (token.startsWith('\u0001')) {
      const [commit, parents, name, email, at] = token.slice(1).split('\u001f');
      if (!commit || parents === undefined) return null;
      commits.push({
        commit,
        parents: parents === '' ? [] : parents.split(' '),
        author: { name: name ?? '', email: email ?? '', at: (at ?? '').trim() },
        changes: [],
      });
      continue;
    }
    const current = commits[commits.length - 1];
    if (!token.startsWith(':') || current === undefined) return null;
    const [oldMode, newMode, oldOid, newOid] = token.slice(1).split(' ') as [string, string, string, string];
    const path = tokens[index + 1];
    if (path === undefined) return null;
    index += 1;
    current.changes.push({
      path,
      oldOid: zero.test(oldOid) ? null : oldOid,
      newOid: zero.test(newOid) ? null : newOid,
      oldMode: zero.test(oldMode) ? null : oldMode,
      newMode: zero.test(newMode) ? null : newMode,
    });
  }
  return commits;
}
