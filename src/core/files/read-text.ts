/**
 * Reading text files that can be megabytes (the team memory's working copy, its rendering and the
 * last sync's copy are 1.7-2.5 MB each at 20,000 entries, and a sync reads several of them).
 *
 * Node's UTF-8 decoder costs ~1.5 ms per MB; a file of ASCII bytes decodes to the same string as
 * Latin-1, which is a copy (measured at 2.5 MB: 2.6-4.3 ms against 0.1 ms). Such files are almost
 * always ASCII (markdown with ids); any other byte takes the UTF-8 decoder, so the result is
 * exactly `readFileSync(path, 'utf8')`. The bytes are read into one buffer kept for the next
 * read: a fresh buffer per file would hold megabytes each until a garbage collection (measured:
 * +16 MiB peak in a sync).
 */
import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Files from this size on are read through the shared buffer; smaller ones are not worth keeping it for. */
const SHARED_FROM = 64 * 1024;
let shared: Buffer | null = null;

/** Returns the file's text decoded as UTF-8, as `readFileSync(path, 'utf8')` does; throws as it does. */
export function readTextFileSync(path: string): string {
  return readText(path, true).text;
}

function readText(path: string, share: boolean): { text: string; bytes: Buffer } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    let buffer = share && size + 1 >= SHARED_FROM ? sharedBuffer(size + 1) : Buffer.allocUnsafe(size + 1);
    let length = 0;
    // Note: read until the end of the file, not until the size stat gave: a file may grow while it is read.
    for (;;) {
      if (length === buffer.length) {
        const grown = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    const bytes = buffer.subarray(0, length);
    return { text: isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8'), bytes };
  } finally {
    closeSync(fd);
  }
}

/** The shared buffer, at least `size` bytes long. */
function sharedBuffer(size: number): Buffer {
  if (shared === null || shared.length < size) shared = Buffer.allocUnsafe(size);
  return shared;
}
