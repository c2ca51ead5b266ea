/**
 * Reading the hook payload from fd 0 so that the hook's deadline really ends it. A blocking
 * `fs.read` on a pipe that is never closed (`sleep 30 | mem hook stop`, a client that forgets to
 * close stdin) parks a threadpool thread that even `process.exit` waits for. Pipes and sockets are
 * therefore read through a non-blocking stream, which is destroyed at the deadline; regular files
 * and devices end by themselves and are read directly.
 */
import { fstatSync, readSync } from 'node:fs';
import { Socket } from 'node:net';
import { isatty } from 'node:tty';

export type StdinRead = {
  text: string;
  /** More than `maxBytes` arrived: the payload is reported as not-JSON rather than half-parsed. */
  oversized: boolean;
  /** The deadline came before the end of the input (and before a whole JSON object). */
  timedOut: boolean;
};

/** Reads fd 0 until EOF, one complete JSON object, `maxBytes`, or `deadline` (epoch ms); never throws. */
export function readHookStdin(deadline: number, maxBytes: number): Promise<StdinRead> {
  let kind: 'stream' | 'direct';
  try {
    if (isatty(0)) return Promise.resolve({ text: '', oversized: false, timedOut: false });
    const stat = fstatSync(0);
    kind = stat.isFIFO() || stat.isSocket() ? 'stream' : 'direct';
  } catch {
    return Promise.resolve({ text: '', oversized: false, timedOut: false }); // fd 0 closed
  }
  return kind === 'stream' ? readStream(deadline, maxBytes) : Promise.resolve(readDirect(maxBytes));
}

function readStream(deadline: number, maxBytes: number): Promise<StdinRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    let socket: Socket;
    const finish = (state: { oversized?: boolean; timedOut?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Note: destroying the handle is what lets the process exit while the writer keeps the pipe open.
      socket?.destroy();
      resolve({
        text: state.oversized ? '' : Buffer.concat(chunks).toString('utf8'),
        oversized: state.oversized ?? false,
        timedOut: state.timedOut ?? false,
      });
    };
    const timer = setTimeout(() => finish({ timedOut: true }), Math.max(0, deadline - Date.now()));
    try {
      socket = new Socket({ fd: 0, readable: true, writable: false });
    } catch {
      finish({});
      return;
    }
    socket.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return finish({ oversized: true });
      chunks.push(chunk);
      // A client that writes the payload and leaves stdin open still gets its hook run.
      if (endsLikeObject(chunk) && isWholeJson(chunks)) finish({});
    });
    socket.on('end', () => finish({}));
    socket.on('error', () => finish({}));
  });
}

function readDirect(maxBytes: number): StdinRead {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(64 * 1024);
    let count: number;
    try {
      count = readSync(0, buffer, 0, buffer.length, null);
    } catch {
      break; // EOF-like conditions (invalid stdin): use what arrived
    }
    if (count === 0) break;
    total += count;
    // Note: stop at the limit: a device like /dev/zero never ends.
    if (total > maxBytes) return { text: '', oversized: true, timedOut: false };
    chunks.push(buffer.subarray(0, count));
  }
  return { text: Buffer.concat(chunks).toString('utf8'), oversized: false, timedOut: false };
}

function endsLikeObject(chunk: Buffer): boolean {
  for (let i = chunk.length - 1; i >= 0; i -= 1) {
    const byte = chunk[i]!;
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
    return byte === 0x7d; // '}'
  }
  return false;
}

function isWholeJson(chunks: Buffer[]): boolean {
  try {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return true;
  } catch {
    return false;
  }
}
