/**
 * A human listing longer than the terminal goes through a pager, as `git log` does: 3,000 team
 * entries are 12,000 lines, which would scroll the user's screen away. `$MEM_PAGER`, else
 * `$PAGER`, else `less` when it is installed, with `LESS=FRX` unless the user set LESS (quit when
 * it fits one screen, keep colours, leave the text on screen). Pipes, files and `--json` are never
 * paged; `MEM_PAGER=cat` (or an empty one) turns it off.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { nodeChildProcess } from '../../core/lazy-builtins.js';

type Terminal = { isTTY?: boolean; rows?: number };

function countLines(text: string | Uint8Array): number {
  let lines = 0;
  if (typeof text === 'string') {
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines += 1;
  } else {
    const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
    for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines += 1;
  }
  return lines;
}

function onPath(command: string, path: string | undefined): boolean {
  return (path ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** Returns the pager command for `text` on `stdout`, or null when it is printed as it is. */
function pagerFor(stdout: Terminal, env: NodeJS.ProcessEnv, text: string | Uint8Array): string | null {
  if (stdout.isTTY !== true) return null;
  const configured = env.MEM_PAGER ?? env.PAGER;
  if (configured !== undefined && (configured.trim() === '' || configured.trim() === 'cat')) return null;
  // Note: a pseudo-terminal without a size reports 0 rows; 24 is the classic screen.
  const rows = (stdout.rows ?? 0) > 0 ? (stdout.rows as number) : 24;
  if (countLines(text) < rows) return null;
  if (configured !== undefined) return configured;
  return onPath('less', env.PATH) ? 'less' : null;
}

/** Pipes `text` through `pager` (a shell command line); false when the pager could not run (the caller prints `text` itself). */
function writePaged(text: string | Uint8Array, pager: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = nodeChildProcess().spawn(pager, {
      shell: true,
      stdio: ['pipe', 'inherit', 'inherit'],
      env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' },
    });
    // Note: Ctrl-C in the pager reaches mem too; the pager decides when the listing ends.
    const ignoreInterrupt = () => {};
    process.on('SIGINT', ignoreInterrupt);
    const done = (ran: boolean) => {
      process.off('SIGINT', ignoreInterrupt);
      resolve(ran);
    };
    child.on('error', () => done(false));
    // 127: the shell found no such command (its message is on stderr).
    child.on('close', (code) => done(code !== 127));
    // Note: quitting the pager before the end closes its input: not an error.
    child.stdin.on('error', () => {});
    child.stdin.end(text);
  });
}

/** Prints a listing on stdout: through the pager when it is human text longer than the terminal. */
export async function printListing(text: string | Uint8Array, options: { json: boolean }): Promise<void> {
  const pager = options.json ? null : pagerFor(process.stdout, process.env, text);
  if (pager !== null && (await writePaged(text, pager, process.env))) return;
  await new Promise<void>((resolve) => process.stdout.write(text, () => resolve()));
}
