/**
 * One `git grep` over the repository's non-prose files (working tree, untracked included), for the lint facts read
 * from what the repository's own code does. Prose is left out: a README's `mkdir -p results` or `curl … | bash` is a
 * step shown to the reader, not something the project runs.
 */
import { spawnSync } from 'node:child_process';

const PROSE = ['md', 'mdx', 'markdown', 'txt', 'rst', 'adoc'].map((ext) => `:(exclude,glob)**/*.${ext}`);

/** What `git grep <options>` prints over the non-prose files at `root`; undefined without git or on no match. */
export function grepCode(root: string, options: readonly string[]): string | undefined {
  const result = spawnSync('git', ['grep', '--untracked', '-I', '-h', ...options, '--', '.', ...PROSE], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return result.status === 0 && typeof result.stdout === 'string' ? result.stdout : undefined;
}
