/**
 * Finding a Gemini CLI session's chat log when the payload's `transcript_path` is unusable:
 * `~/.gemini/tmp/<project>/chats/session-<time>-<first 8 chars of the id>.jsonl`, confirmed by the
 * session id in the file's first line.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Returns the chat log of `sessionId`, or null; never throws. */
export function findGeminiChat(sessionId: string, env: NodeJS.ProcessEnv): string | null {
  const root = join(env['GEMINI_CLI_HOME'] || env['HOME'] || homedir(), '.gemini', 'tmp');
  if (!existsSync(root)) return null;
  const short = sessionId.slice(0, 8);
  try {
    for (const project of readdirSync(root)) {
      const chats = join(root, project, 'chats');
      if (!existsSync(chats)) continue;
      for (const name of readdirSync(chats)) {
        if (!name.endsWith(`-${short}.jsonl`)) continue;
        const file = join(chats, name);
        if (firstLine(file).includes(sessionId)) return file;
      }
    }
  } catch {
    /* unreadable: no fallback */
  }
  return null;
}

function firstLine(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(1024);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('utf8').split('\n')[0] ?? '';
  } finally {
    closeSync(fd);
  }
}
