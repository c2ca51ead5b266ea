/**
 * How other programs (Claude Code, git hooks, git's merge driver) should invoke this mem.
 * `mem` when it is on PATH; otherwise this installation's node + bin/run.js, by absolute path.
 */
import { accessSync, constants, existsSync, realpathSync } from 'node:fs';
import { delimiter, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Returns the absolute path of this installation's bin/run.js (found by walking up from this bundle file). */
export function memBinPath(): string {
  // Note: this code may sit in dist/<bundle>.js or dist/chunks/<chunk>.js, so look upwards.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = join(dir, 'bin', 'run.js');
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'run.js');
}

/** How hooks invoke mem: an executable plus leading arguments, in exec form or as one shell line. */
export type MemCommand = { executable: string; prefixArgs: string[]; execForm: boolean };

/** Returns how to invoke mem: on PATH (and the same installation) or through node by absolute path. */
export function resolveMemCommand(env: NodeJS.ProcessEnv, execForm: boolean): MemCommand {
  const onPath = findOnPath('mem', env);
  if (onPath && sameInstallation(onPath)) return { executable: 'mem', prefixArgs: [], execForm };
  return { executable: process.execPath, prefixArgs: [memBinPath()], execForm };
}

/** Returns a shell command line for `command` (for git hooks and git config). */
export function shellCommandLine(command: MemCommand): string {
  return [command.executable, ...command.prefixArgs]
    .map((word) => (/^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return null;
}

function sameInstallation(path: string): boolean {
  try {
    return realpathSync(path) === realpathSync(memBinPath());
  } catch {
    return false;
  }
}
