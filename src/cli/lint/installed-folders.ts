/**
 * Which folders of the repository a script of it downloads by their raw URL to install them in another project: set
 * 88's aap ("ArduPilot AI Playbooks"), whose `install-codex.sh`, run at an ArduPilot checkout's root, fetches
 * `https://raw.githubusercontent.com/fossuav/aap/main/codex` + `/AGENTS.md` into `./AGENTS.override.md`. An agent file
 * under such a folder is written for that project: the paths it names are there. Read with one `git grep`.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

// Prose is no installer: a README's `curl … | bash` line shows how to run one.
const PROSE = ['md', 'mdx', 'markdown', 'txt', 'rst', 'adoc'].map((ext) => `:(exclude,glob)**/*.${ext}`);
// raw.githubusercontent.com/<owner>/<repository>/<ref>/<path>: the path is the repository's, from its root.
const RAW_URL = /raw\.githubusercontent\.com\/[\w.-]+\/[\w.-]+\/[\w.-]+\/([\w.-]+(?:\/[\w.-]+)*)/g;

/** The folders (repository-relative, never the root) a non-prose file at `root` names by a raw URL; none without git. */
export function installedFolders(root: string): string[] {
  const result = spawnSync(
    'git',
    [
      'grep',
      '--untracked',
      '-I',
      '-h',
      '-o',
      '-E',
      'raw\\.githubusercontent\\.com/[^[:space:]"\'`]+',
      '--',
      '.',
      ...PROSE,
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0 || typeof result.stdout !== 'string') return [];
  const paths = new Set([...result.stdout.matchAll(RAW_URL)].map((match) => match[1] ?? ''));
  return [...paths].filter((path) => path !== '' && isFolder(join(root, path)));
}

function isFolder(abs: string): boolean {
  try {
    return statSync(abs, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
