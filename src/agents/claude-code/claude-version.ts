import { spawnSync } from 'node:child_process';

/** Claude Code version from which hook handlers accept the exec form (`command` + `args`). */
const EXEC_FORM_SINCE = [2, 1, 139];

/** Returns the installed Claude Code version as [major, minor, patch], or null when unknown. */
export function detectClaudeVersion(env: NodeJS.ProcessEnv): number[] | null {
  try {
    const result = spawnSync('claude', ['--version'], { env: { ...env, MEM_DISABLE_HOOKS: '1' }, encoding: 'utf8', timeout: 3_000 });
    const match = /(\d+)\.(\d+)\.(\d+)/.exec(result.stdout ?? '');
    return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
  } catch {
    return null;
  }
}

/** Returns true when Claude Code at `version` supports exec-form hooks; unknown versions get the shell form that every version runs. */
export function supportsExecForm(version: number[] | null): boolean {
  if (!version) return false;
  for (let index = 0; index < 3; index += 1) {
    const have = version[index] ?? 0;
    const need = EXEC_FORM_SINCE[index] ?? 0;
    if (have !== need) return have > need;
  }
  return true;
}
