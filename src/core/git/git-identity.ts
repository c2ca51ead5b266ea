import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileStamp } from '../files/file-stamp.js';
import { nodeChildProcess } from '../lazy-builtins.js';

export type GitIdentity = { name?: string; email?: string };

/**
 * One sync asks for the identity several times; each ask was a git process. Remembered per
 * process while the clone's and the global config files keep their stamps (and the environment
 * that selects them is the same), so an edited config is still seen at once.
 */
const remembered = new Map<string, GitIdentity>();

function identityKey(root: string): string {
  const env = identityEnv(process.env);
  const global = env['GIT_CONFIG_GLOBAL'] ?? join(env['HOME'] ?? homedir(), '.gitconfig');
  return [
    root,
    fileStamp(join(root, '.git', 'config')),
    fileStamp(join(root, '.git')),
    global,
    fileStamp(global),
    env['GIT_CONFIG_NOSYSTEM'] ?? '',
    env['GIT_CONFIG_SYSTEM'] ?? '',
    env['GIT_DIR'] ?? '',
  ].join('\u0000');
}

/** Returns the clone's git user.name and user.email (either may be unset), in one git call; never throws. */
export function readGitIdentity(root: string): GitIdentity {
  const key = identityKey(root);
  const known = remembered.get(key);
  if (known !== undefined) return { ...known };
  const identity = askGit(root);
  remembered.set(key, identity);
  return { ...identity };
}

/**
 * Records the identity another `git config` read in passing (sync reads the remote's urls and the
 * identity in one process), so readGitIdentity asks git nothing. Only when the identity would be
 * read in this very environment (no Gemini override, no repository variables of a git hook).
 */
export function rememberGitIdentity(root: string, identity: GitIdentity): void {
  if (identityEnv(process.env) !== process.env || HOOK_VARIABLES.some((key) => process.env[key] !== undefined)) return;
  remembered.set(identityKey(root), { ...identity });
}

const HOOK_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CONFIG',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
];

function askGit(root: string): GitIdentity {
  const result = nodeChildProcess().spawnSync('git', ['config', '--get-regexp', '^user\\.(name|email)$'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 2_000,
    env: identityEnv(process.env),
  });
  const identity: GitIdentity = {};
  for (const line of result.status === 0 ? result.stdout.split('\n') : []) {
    const match = /^user\.(name|email) (.+)$/.exec(line.trim());
    if (match?.[1] === 'name') identity.name = match[2]!;
    if (match?.[1] === 'email') identity.email = match[2]!;
  }
  return identity;
}

/** Returns who to credit in an entry's provenance: git user.name, else user.email, else undefined. */
export function readGitAuthor(root: string): string | undefined {
  const identity = readGitIdentity(root);
  return identity.name ?? identity.email;
}

/**
 * The environment to ask git who the user is in. Gemini CLI's shell tool runs commands with
 * GIT_CONFIG_GLOBAL=/dev/null (and the system file likewise) so the model's git commands ignore the
 * user's config; `mem remember` run there would record an entry with no author. Who the user is is
 * read from their own config all the same; nothing else mem runs in git changes.
 */
function identityEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env['GEMINI_CLI'] !== '1' || env['GIT_CONFIG_GLOBAL'] !== '/dev/null') return env;
  const next = { ...env };
  delete next['GIT_CONFIG_GLOBAL'];
  if (next['GIT_CONFIG_SYSTEM'] === '/dev/null') delete next['GIT_CONFIG_SYSTEM'];
  return next;
}
