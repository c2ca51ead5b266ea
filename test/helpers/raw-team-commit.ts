/**
 * Team commits written by git itself, file by file, as an older mem (one file per entry, no
 * bundles) or a hand-made remote writes them: the store tests read such trees as they read mem's.
 */
import { execFileSync } from 'node:child_process';
import { testEnv } from './temp-repo.js';

export type RawWrite = { path: string; content: string | null };

/** Writes a commit on `parent` (null: a root) that changes exactly `writes`, with git fast-import; returns its id. */
export function rawCommit(
  gitDir: string,
  parent: string | null,
  writes: readonly RawWrite[],
  options: { author?: string; email?: string; timestamp?: number; message?: string } = {},
): string {
  const author = options.author ?? 'old';
  const person = `${author} <${options.email ?? `${author}@example.com`}> ${options.timestamp ?? 1_700_000_000} +0000`;
  const data = (value: string) => `data ${Buffer.byteLength(value)}\n${value}\n`;
  let stream = `commit refs/raw-team-commit\nmark :1\nauthor ${person}\ncommitter ${person}\n${data(options.message ?? 'mem: change\n')}`;
  stream += parent === null ? 'from 0000000000000000000000000000000000000000\n' : `from ${parent}\n`;
  for (const write of writes)
    stream += write.content === null ? `D ${write.path}\n` : `M 100644 inline ${write.path}\n${data(write.content)}`;
  stream += 'get-mark :1\ndone\n';
  return execFileSync(
    'git',
    ['--git-dir', gitDir, 'fast-import', '--quiet', '--done', '--date-format=raw', '--force'],
    { input: stream, env: testEnv() },
  )
    .toString('utf8')
    .trim();
}

/** The bytes of a bundle holding `texts` (id → entry file text), as the ref format says: one `["<id>","<text>"]` line per entry, by id. */
export function bundleOf(texts: Record<string, string>): string {
  return Object.keys(texts)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((id) => `${JSON.stringify([id, texts[id]])}\n`)
    .join('');
}

/** The entry files a team ref holds, by id, as git stores them: each shard's bundle lines, and loose files of an older mem over them. */
export function teamEntryTexts(gitDir: string, ref = 'refs/mem/team'): Map<string, string> {
  const git = (args: string[]) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], { env: testEnv(), encoding: 'utf8', maxBuffer: 1 << 28 });
  const paths = git(['ls-tree', '-r', '--name-only', ref, '--', 'entries'])
    .split('\n')
    .filter((path) => path !== '');
  const texts = new Map<string, string>();
  for (const path of paths.filter((file) => file.endsWith('.jsonl'))) {
    for (const line of git(['cat-file', 'blob', `${ref}:${path}`]).split('\n')) {
      if (line === '') continue;
      const [id, text] = JSON.parse(line) as [string, string];
      texts.set(id, text);
    }
  }
  for (const path of paths.filter((file) => file.endsWith('.json')))
    texts.set(path.slice(path.lastIndexOf('/') + 1, -5), git(['cat-file', 'blob', `${ref}:${path}`]));
  return texts;
}
