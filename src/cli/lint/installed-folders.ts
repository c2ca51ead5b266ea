/**
 * Which folders of the repository a script of it downloads by their raw URL to install them in another project: set
 * 88's aap ("ArduPilot AI Playbooks"), whose `install-codex.sh`, run at an ArduPilot checkout's root, fetches
 * `https://raw.githubusercontent.com/fossuav/aap/main/codex` + `/AGENTS.md` into `./AGENTS.override.md`. An agent file
 * under such a folder is written for that project: the paths it names are there. Read with one `git grep`.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { grepCode } from './grep-code.js';

// raw.githubusercontent.com/<owner>/<repository>/<ref>/<path>: the path is the repository's, from its root.
const RAW_URL = /raw\.githubusercontent\.com\/[\w.-]+\/[\w.-]+\/[\w.-]+\/([\w.-]+(?:\/[\w.-]+)*)/g;

/** The folders (repository-relative, never the root) a non-prose file at `root` names by a raw URL; none without git. */
export function installedFolders(root: string): string[] {
  const output = grepCode(root, ['-o', '-E', 'raw\\.githubusercontent\\.com/[^[:space:]"\'`]+']);
  if (output === undefined) return [];
  const paths = new Set([...output.matchAll(RAW_URL)].map((match) => match[1] ?? ''));
  return [...paths].filter((path) => path !== '' && isFolder(join(root, path)));
}

function isFolder(abs: string): boolean {
  try {
    return statSync(abs, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
